import type { Route } from "./+types/affiliate-test";
import { useAuth } from "~/features/auth/use-auth";
import { AffiliateTestPage } from "~/features/marketing/affiliate-test/affiliate-test-page";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Affiliate Test Portal",
    description: "Test links for the affiliate program.",
    noIndex: true,
  });

export default function AffiliateTest() {
  // The root loader's auth state (signed out / not admin when it has none).
  const { user, isAdmin } = useAuth();
  return <AffiliateTestPage user={user} isAdmin={isAdmin} />;
}
