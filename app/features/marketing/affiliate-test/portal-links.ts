// The test portal's links (SPEC.md "Affiliate test portal"): admin pages (the route table says
// which) are disabled for non-admins, admin login once signed in.
import { ruleFor } from "~/lib/route-access";

export const SAMPLE_AFFILIATE_CODE = "SAMPLE001";

export type PortalLink = {
  label: string;
  to: string;
  description: string;
  /** Why the link cannot be used right now, or null when it can. */
  disabledReason: string | null;
};

export function portalLinks({ signedIn, isAdmin }: { signedIn: boolean; isAdmin: boolean }): Array<{ id: string; title: string; links: PortalLink[] }> {
  const sections = [
    {
      id: "partner-pages",
      title: "Partner pages",
      links: [
        { label: "Affiliate Application", to: "/affiliate-application", description: "The detailed application form (sign-in required).", disabledReason: null },
        { label: "Affiliate Dashboard", to: "/affiliate-dashboard", description: "Partner stats, links and referrals (sign-in required).", disabledReason: null },
      ],
    },
    {
      id: "referral-flow",
      title: "Referral flow",
      links: [
        { label: `Sample Affiliate Link (/a/${SAMPLE_AFFILIATE_CODE})`, to: `/a/${SAMPLE_AFFILIATE_CODE}`, description: "Records a click and forwards to the bootcamp with the code.", disabledReason: null },
        { label: `Bootcamp with ?ref=${SAMPLE_AFFILIATE_CODE}`, to: `/bootcamp?ref=${SAMPLE_AFFILIATE_CODE}`, description: "The landing page with the affiliate reference captured.", disabledReason: null },
      ],
    },
    {
      id: "admin-pages",
      title: "Admin",
      links: [
        { label: "Admin Login", to: "/admin-login", description: "Sign in, sign up or reset a password.", disabledReason: signedIn ? "You are already signed in." : null },
        { label: "Affiliate Management", to: "/affiliate-management", description: "Approve, suspend and edit affiliates.", disabledReason: null },
        { label: "Admin Dashboard", to: "/admin", description: "Blog, affiliates and analytics.", disabledReason: null },
      ],
    },
  ];
  const adminOnly = (to: string) =>
    !isAdmin && ruleFor(to).rule.access === "admin" ? "Admins only: sign in with an admin account first." : null;
  return sections.map((section) => ({
    ...section,
    links: section.links.map((link) => ({ ...link, disabledReason: link.disabledReason ?? adminOnly(link.to) })),
  }));
}
