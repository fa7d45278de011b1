/**
 * Affiliate program marketing page (/affiliate-program).
 * 15% commission (rate 0.15): $1,125 per $7,500 bootcamp sale; monthly payouts;
 * applications reviewed within 2-3 business days (SPEC sections 2 and 9).
 */
import type { AffiliateProgramIconName, CtaLink, IconCard, PageMeta } from "./types";

export interface AffiliateCommission {
  /** Fraction stored on affiliate records. */
  readonly rate: 0.15;
  readonly percent: 15;
  readonly display: "15%";
  /** Example sale: the bootcamp price in USD. */
  readonly exampleSaleAmount: 7500;
  readonly exampleCommissionAmount: 1125;
  readonly exampleDisplay: "$1,125 per $7,500 sale";
}

export interface AffiliateStep {
  readonly step: number;
  readonly title: string;
  readonly description: string;
}

export type AffiliateBenefit = IconCard<AffiliateProgramIconName>;

export interface FaqItem {
  readonly question: string;
  readonly answer: string;
}

export interface AffiliateProgramContent {
  readonly meta: PageMeta;
  readonly hero: {
    readonly eyebrow: string;
    readonly title: string;
    readonly subtitle: string;
  };
  readonly commission: AffiliateCommission;
  readonly payoutSchedule: "Monthly";
  readonly reviewTime: "2-3 business days";
  readonly highlights: readonly { readonly value: string; readonly label: string }[];
  readonly applyCta: CtaLink & { readonly href: "/auth?redirect=/affiliate-application" };
  readonly dashboardCta: CtaLink & { readonly href: "/affiliate-dashboard" };
  readonly startApplicationCta: CtaLink & { readonly href: "/affiliate-application" };
  readonly howItWorksHeading: string;
  readonly howItWorks: readonly AffiliateStep[];
  readonly benefitsHeading: string;
  readonly benefits: readonly AffiliateBenefit[];
  readonly idealPartnersHeading: string;
  readonly idealPartners: readonly string[];
  readonly faqHeading: string;
  readonly faq: readonly FaqItem[];
  readonly closing: {
    readonly title: string;
    readonly body: string;
  };
}

export const affiliateProgram: AffiliateProgramContent = {
  meta: {
    title: "Affiliate Program: Earn 15% Referring the Bootcamp",
    description:
      "Earn a 15% commission, $1,125 per $7,500 bootcamp sale, referring manufacturers to Mark Halvorsen's 3-day bootcamp. Monthly payouts. Apply today.",
  },
  hero: {
    eyebrow: "Affiliate Program",
    title: "Earn 15% Commission Referring Manufacturers",
    subtitle:
      "Recommend the 3-day Manufacturing Bootcamp to the shops, plant managers and engineering leaders you already know, and earn $1,125 on every $7,500 enrollment.",
  },
  commission: {
    rate: 0.15,
    percent: 15,
    display: "15%",
    exampleSaleAmount: 7500,
    exampleCommissionAmount: 1125,
    exampleDisplay: "$1,125 per $7,500 sale",
  },
  payoutSchedule: "Monthly",
  reviewTime: "2-3 business days",
  highlights: [
    { value: "15%", label: "Commission on every bootcamp sale" },
    { value: "$1,125", label: "Earned per $7,500 enrollment" },
    { value: "Monthly", label: "Payouts" },
    { value: "2-3 days", label: "Application review (business days)" },
  ],
  applyCta: { label: "Apply Now", href: "/auth?redirect=/affiliate-application" },
  dashboardCta: { label: "Existing Partner? Go to Dashboard", href: "/affiliate-dashboard" },
  startApplicationCta: { label: "Start Application", href: "/affiliate-application" },
  howItWorksHeading: "How It Works",
  howItWorks: [
    {
      step: 1,
      title: "Apply",
      description:
        "Create an account and tell us about your experience, your audience and how you plan to promote the bootcamp.",
    },
    {
      step: 2,
      title: "Get Approved",
      description:
        "Every application is reviewed within 2-3 business days. Once approved, your affiliate code and partner dashboard are ready to use.",
    },
    {
      step: 3,
      title: "Share Your Link",
      description:
        "Send your personal affiliate link, or create custom links for a newsletter, a video description or a LinkedIn post, each pointing at the bootcamp page.",
    },
    {
      step: 4,
      title: "Earn 15%",
      description:
        "When a manufacturer you referred enrolls, you earn 15% of the sale: $1,125 on a $7,500 enrollment, paid out monthly.",
    },
  ],
  benefitsHeading: "Why Partner With Us",
  benefits: [
    {
      title: "High-Ticket Commission",
      icon: "BadgeDollarSign",
      description:
        "A single referral earns $1,125. A handful of introductions a year adds up to meaningful income.",
    },
    {
      title: "Monthly Payouts",
      icon: "CalendarClock",
      description:
        "Earned commissions are paid out every month, with your balance always visible in the partner dashboard.",
    },
    {
      title: "Transparent Tracking",
      icon: "BarChart3",
      description:
        "Follow clicks, conversions, total earnings and current balance, plus your most recent referrals, in real time.",
    },
    {
      title: "Custom Links",
      icon: "Link2",
      description:
        "Create named links with your own slug so you can see which channel, post or event sends the best referrals.",
    },
    {
      title: "An Offer That Sells Itself",
      icon: "Trophy",
      description:
        "A practical, on-site program taught by a machinist with 20+ years in aerospace, CNC and robotics. Your contacts will thank you for the introduction.",
    },
  ],
  idealPartnersHeading: "Who Makes a Great Partner",
  idealPartners: [
    "Manufacturing consultants and fractional operations leaders",
    "Tooling, machine tool and CAM software sales representatives",
    "Industry trainers, trade school instructors and apprenticeship coordinators",
    "Manufacturing content creators on YouTube, LinkedIn and industry forums",
    "Trade association staff and regional manufacturing network organizers",
  ],
  faqHeading: "Frequently Asked Questions",
  faq: [
    {
      question: "How much can I earn?",
      answer:
        "You earn a 15% commission on each bootcamp enrollment you refer. At the $7,500 bootcamp price, that is $1,125 per sale.",
    },
    {
      question: "When do I get paid?",
      answer:
        "Commissions are paid out monthly to the payout email on your affiliate account. Your current balance and total earnings are always shown in the partner dashboard.",
    },
    {
      question: "How long does approval take?",
      answer:
        "Applications are reviewed within 2-3 business days. Your dashboard shows your status as pending until the review is complete.",
    },
    {
      question: "How are my referrals tracked?",
      answer:
        "Your affiliate link carries your code to the bootcamp page, and the code stays attached through checkout for the rest of that browsing session. Clicks, conversions and commissions appear in your dashboard.",
    },
    {
      question: "Do I need a manufacturing background to join?",
      answer:
        "No, but it helps. The best partners already have the trust of shop owners, plant managers or machinists. Tell us about your audience in the application so we can evaluate the fit.",
    },
    {
      question: "Can I create more than one link?",
      answer:
        "Yes. From the dashboard you can create custom links with a name, a target page and an optional custom slug, so you can track each channel separately.",
    },
  ],
  closing: {
    title: "Ready to Start Earning?",
    body: "Apply in a few minutes, hear back within 2-3 business days, and start earning 15% on every bootcamp enrollment you refer.",
  },
};
