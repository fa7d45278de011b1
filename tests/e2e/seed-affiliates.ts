// Test-only: before the e2e server starts (playwright.config.ts's webServer command), the sample
// affiliate (npm run seed's) and an approved partner with one paid, credited sale, so the payout
// flow has a balance to pay. Never part of the site.
import { hashPassword } from "better-auth/crypto";
import { ensureSampleAffiliate } from "~/features/affiliates/sample.server";
import { openDatabase } from "#server/db/client.server";
import { affiliates } from "~/features/affiliates/schema";
import { affiliateReferrals } from "~/features/affiliates/schema-referrals";
import { accounts, users } from "~/features/auth/schema";
import { orders } from "~/features/checkout/schema";
import { PAID_PARTNER } from "./affiliate-data";

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("seed-affiliates.ts needs DATA_DIR (the e2e server's data directory)");

const database = await openDatabase({ dataDir });
try {
  await ensureSampleAffiliate(database.db);
  await database.db.insert(users).values({ id: "e2e-paid-partner", name: "Paid Partner", email: PAID_PARTNER.accountEmail, emailVerified: true });
  // Better Auth's own hash (the site keeps its default), so the partner signs in like anyone.
  await database.db.insert(accounts).values({
    id: "e2e-paid-partner-credential",
    accountId: "e2e-paid-partner",
    providerId: "credential",
    userId: "e2e-paid-partner",
    password: await hashPassword(PAID_PARTNER.password),
  });
  const [affiliate] = await database.db
    .insert(affiliates)
    .values({ userId: "e2e-paid-partner", affiliateCode: PAID_PARTNER.code, status: "approved", payoutEmail: PAID_PARTNER.payoutEmail })
    .returning({ id: affiliates.id });
  const [order] = await database.db
    .insert(orders)
    .values({ provider: "stripe", providerSessionId: "cs_test_e2e_seeded_sale", amountCents: 750_000, status: "paid", paidAt: new Date(), customerEmail: "buyer@example.test", affiliateRef: PAID_PARTNER.code, affiliateId: affiliate!.id })
    .returning({ id: orders.id });
  await database.db.insert(affiliateReferrals).values({
    affiliateId: affiliate!.id,
    orderId: order!.id,
    saleAmountCents: 750_000,
    commissionRate: "0.1500",
    commissionCents: 112_500,
    customerEmail: "buyer@example.test",
  });
} finally {
  await database.close();
}
