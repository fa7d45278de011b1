// The sample affiliate SAMPLE001 that /affiliate-test links to (SPEC.md section 2): an approved
// partner on an account that cannot sign in (no password), so the sample link counts clicks and
// credits sales like a real one. Idempotent: running it again changes nothing.
import { getDb, type Executor } from "#server/db/client.server";
import { affiliates } from "./schema";
import { ensurePasswordlessAccount } from "~/features/auth/index.server";
import { DEFAULT_COMMISSION_RATE } from "./applications.server";

export const SAMPLE_AFFILIATE_CODE = "SAMPLE001";
export const SAMPLE_AFFILIATE_EMAIL = "sample-affiliate@example.com";

export async function ensureSampleAffiliate(executor: Executor = getDb()): Promise<{ created: boolean }> {
  return executor.transaction(async (tx) => {
    const userId = await ensurePasswordlessAccount({ id: "sample-affiliate", name: "Sample Affiliate", email: SAMPLE_AFFILIATE_EMAIL }, tx);
    const inserted = await tx
      .insert(affiliates)
      .values({
        userId,
        affiliateCode: SAMPLE_AFFILIATE_CODE,
        status: "approved",
        commissionRate: DEFAULT_COMMISSION_RATE,
        payoutEmail: SAMPLE_AFFILIATE_EMAIL,
      })
      .onConflictDoNothing()
      .returning({ id: affiliates.id });
    return { created: inserted.length > 0 };
  });
}
