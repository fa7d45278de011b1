/**
 * Home page (/) copy. Section order (SPEC section 2): hero, proven expertise,
 * why choose, assessment, testimonials, affiliate promotion, booking call-to-action.
 */
import type { CtaLink, FixedArray, HomeIconName, IconCard, ImageAsset, PageMeta } from "./types";

export interface HeroStat {
  /** Displayed figure, e.g. "20+". */
  readonly value: string;
  readonly label: string;
}

export interface HomeHero {
  readonly eyebrow: string;
  readonly headline: string;
  readonly subheadline: string;
  readonly stats: FixedArray<HeroStat, 3>;
  readonly primaryCta: CtaLink;
  readonly secondaryCta: CtaLink;
}

export interface SectionHeading {
  readonly eyebrow: string;
  readonly title: string;
  readonly intro: string;
}

export interface AssessmentOffering {
  readonly title: string;
  readonly description: string;
  readonly icon: HomeIconName;
}

export interface HomeAssessment extends SectionHeading {
  readonly offerings: FixedArray<AssessmentOffering, 6>;
  readonly promise: {
    readonly title: string;
    readonly text: string;
  };
  readonly cta: CtaLink;
}

export interface HomeAffiliateBlock {
  readonly eyebrow: string;
  readonly title: string;
  readonly body: string;
  readonly highlights: readonly string[];
  readonly cta: CtaLink;
}

export interface HomeBookingBlock {
  readonly eyebrow: string;
  readonly title: string;
  readonly body: string;
  readonly cta: CtaLink;
  readonly note: string;
  readonly image: ImageAsset;
}

export interface HomeContent {
  readonly meta: PageMeta;
  readonly hero: HomeHero;
  readonly expertise: SectionHeading & { readonly cards: FixedArray<IconCard<HomeIconName>, 4> };
  readonly whyChoose: SectionHeading & { readonly cards: FixedArray<IconCard<HomeIconName>, 3> };
  readonly assessment: HomeAssessment;
  readonly testimonials: SectionHeading;
  readonly affiliate: HomeAffiliateBlock;
  readonly booking: HomeBookingBlock;
}

export const home: HomeContent = {
  meta: {
    title: "Halvorsen Manufacturing Advisory | CNC & Aerospace Consulting",
    description:
      "20+ years of aerospace, CNC and robotics experience. Book a free 30-minute manufacturing assessment or bring the 3-day bootcamp to your shop floor.",
  },
  hero: {
    eyebrow: "Senior CNC Machinist & Manufacturing Consultant",
    headline: "Aerospace-Grade Discipline for Your Shop Floor",
    subheadline:
      "Shorter cycle times, higher OEE and audit-ready quality systems, from a machinist who has programmed the parts, led the teams and signed off the first articles. Start with a free 30-minute assessment or bring the 3-day bootcamp on-site.",
    stats: [
      { value: "20+", label: "Years Aerospace Experience" },
      { value: "5-Axis", label: "CNC Programming Mastery" },
      { value: "25+", label: "Employee Teams Led" },
    ],
    primaryCta: { label: "Enroll in Bootcamp — $7,500", href: "/bootcamp" },
    secondaryCta: { label: "Schedule Assessment", href: "/booking" },
  },
  expertise: {
    eyebrow: "Proven Expertise",
    title: "Two Decades on the Floor, Not Behind a Slide Deck",
    intro:
      "Every recommendation is grounded in work done at the machine, in the quality lab and in front of production crews across three shifts.",
    cards: [
      {
        title: "Aerospace Manufacturing",
        description:
          "20+ years producing flight-critical structural and engine components under AS9100 quality systems, from first-article inspection through full-rate production.",
        icon: "Plane",
      },
      {
        title: "5-Axis CNC Programming",
        description:
          "Simultaneous 5-axis toolpaths, CAM post-processor tuning and fixturing strategies that cut setups and hold tight tolerances in titanium, Inconel and aluminum.",
        icon: "Crosshair",
      },
      {
        title: "Robotics & Automation",
        description:
          "Robotic part loading, pallet pools and in-process probing that keep spindles cutting through second and third shift without adding headcount.",
        icon: "Bot",
      },
      {
        title: "Team Leadership",
        description:
          "Hired, trained and led shift teams of 15 to 25 machinists and a department of 25+ employees, with cross-training matrices and standard work that sticks.",
        icon: "Users",
      },
    ],
  },
  whyChoose: {
    eyebrow: "Why Choose Mark",
    title: "A Consultant Who Has Stood at the Control",
    intro:
      "Manufacturers hire Mark because he understands both the spindle and the P&L, and he leaves your team able to sustain the gains without him.",
    cards: [
      {
        title: "Shop-Floor Credibility",
        description:
          "He has run the machines, written the programs and chased late jobs at 2 a.m. Your machinists recognize that within the first ten minutes, and they listen.",
        icon: "HardHat",
      },
      {
        title: "Measurable Results",
        description:
          "Every engagement starts with a baseline of OEE, spindle utilization, scrap rate and on-time delivery, so improvement is tracked in numbers, not opinions.",
        icon: "Gauge",
      },
      {
        title: "Compliance Built In",
        description:
          "AS9100, ITAR and federal contracting requirements are folded into the plan from day one, so growth never turns into a stack of audit findings.",
        icon: "ShieldCheck",
      },
    ],
  },
  assessment: {
    eyebrow: "Free Manufacturing Assessment",
    title: "What We Cover in Your 30-Minute Assessment",
    intro:
      "A focused video call with Mark about the constraint that is costing you the most right now. Bring your numbers, your toughest part or your next audit date.",
    offerings: [
      {
        title: "Process Optimization Review",
        description:
          "Walk through routings, setups and bottleneck operations to find where cycle time and queue time are really going.",
        icon: "Workflow",
      },
      {
        title: "Quality System Check",
        description:
          "Spot gaps in first-article inspection, AS9100 documentation and nonconformance handling before your customer or registrar does.",
        icon: "ClipboardCheck",
      },
      {
        title: "OEE & Spindle Utilization Snapshot",
        description:
          "Estimate availability, performance and quality losses on your key machines and identify the quickest recoverable hours.",
        icon: "Gauge",
      },
      {
        title: "Supply Chain & Vendor Risk",
        description:
          "Review single-source material, heat treat and plating suppliers, lead-time exposure and how quality clauses flow down.",
        icon: "Truck",
      },
      {
        title: "Equipment Modernization Roadmap",
        description:
          "Decide whether to rebuild, retrofit, automate or replace, with the payback math for 5-axis and robotic cells laid out plainly.",
        icon: "Factory",
      },
      {
        title: "Cost Reduction Opportunities",
        description:
          "Pinpoint scrap, rework, overtime and tooling spend that can be cut without putting delivery or quality at risk.",
        icon: "CircleDollarSign",
      },
    ],
    promise: {
      title: "The 30-Minute Promise",
      text: "In 30 minutes you will leave with at least three specific, prioritized improvements you can act on this quarter, whether or not we ever work together. No sales script, no commitment.",
    },
    cta: { label: "Schedule Assessment", href: "/booking" },
  },
  testimonials: {
    eyebrow: "Client Results",
    title: "What Manufacturing Leaders Say",
    intro:
      "Operations leaders, quality managers and shop owners on what changed after working with Mark.",
  },
  affiliate: {
    eyebrow: "Affiliate Program",
    title: "Earn 15% Referring Manufacturers to the Bootcamp",
    body: "Know plant managers, shop owners or engineering leaders who need a reset? Refer them to the 3-day Manufacturing Bootcamp and earn a 15% commission: $1,125 on every $7,500 enrollment, paid out monthly.",
    highlights: [
      "15% commission on every bootcamp sale",
      "Monthly payouts",
      "Applications reviewed within 2-3 business days",
    ],
    cta: { label: "Become an Affiliate Partner", href: "/affiliate-program" },
  },
  booking: {
    eyebrow: "Free 30-Minute Manufacturing Assessment",
    title: "Find Your Biggest Constraint in 30 Minutes",
    body: "Book a free 30-minute manufacturing assessment with Mark. Pick a time that suits your shift schedule, tell him about the challenge, and get a straight answer on where to start.",
    cta: { label: "Book Your Free Assessment", href: "/booking" },
    note: "Free assessment, no commitment. Your session is confirmed within 24 hours.",
    image: {
      base: "/images/home/five-axis-blueprint",
      widths: [480, 800, 1200],
      width: 1200,
      height: 800,
      alt: "Blueprint-style drawing of a 5-axis trunnion machine cutting an L-shaped titanium bracket, with its toolpath and the X, Y, Z, A and C axes marked",
    },
  },
};
