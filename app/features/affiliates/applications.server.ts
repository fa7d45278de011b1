// Applying to the affiliate program: the detailed form and the dashboard's quick apply. The server
// makes the code; the unique user_id decides a second application (23505, not a read-then-insert);
// the affiliate row and the e-mails (to the applicant, and to the owner) commit together.
import { eq, sql } from "drizzle-orm";
import { getEnv } from "~/lib/env.server";
import { getDb, type Executor } from "#server/db/client.server";
import { databaseError, UNIQUE_VIOLATION } from "#server/db/errors.server";
import { affiliateLinks, affiliates, type SocialMediaHandles } from "./schema";
import { enqueueEmail } from "#server/email/outbox.server";
import { generateAffiliateCode } from "./code";
import { affiliateApplicationOwnerEmail, affiliateApplicationReceivedEmail } from "./email-templates.server";

export const AFFILIATE_APPLICATION_KIND = "affiliate_application";
export const AFFILIATE_APPLICATION_OWNER_KIND = "affiliate_application_owner";
/** Applications start pending at the program's 15 % (SPEC.md section 9). */
export const DEFAULT_COMMISSION_RATE = "0.1500";

const USER_UNIQUE = "affiliates_user_id_unique";
const CODE_UNIQUE = "affiliates_affiliate_code_unique";
/** A code collision is a one-in-a-billion event; a few retries make a failure practically impossible. */
const CODE_ATTEMPTS = 5;

export type Application = {
  user: { id: string; email: string };
  payoutEmail: string;
  /** The detailed form's answers; the quick apply has none. */
  handles?: SocialMediaHandles;
};

export type ApplyOutcome = { outcome: "applied"; affiliateCode: string } | { outcome: "already-applied" };

/** A code no affiliate has and no active custom slug reads as (slugs are looked up first). */
async function freshCode(executor: Executor, makeCode: () => string): Promise<string> {
  for (;;) {
    const code = makeCode();
    const [slug] = await executor
      .select({ id: affiliateLinks.id })
      .from(affiliateLinks)
      .where(eq(affiliateLinks.customSlug, code.toLowerCase()))
      .limit(1);
    if (!slug) return code;
  }
}

function handleRows(handles: SocialMediaHandles | undefined): Array<readonly [string, string]> {
  if (!handles) return [["Applied with", "Quick apply from the dashboard"]];
  const labels: Array<[keyof SocialMediaHandles, string]> = [
    ["experience", "Experience"],
    ["audience", "Audience"],
    ["promotion_plan", "Promotion plan"],
    ["website", "Website"],
    ["twitter", "X / Twitter"],
    ["instagram", "Instagram"],
    ["linkedin", "LinkedIn"],
    ["youtube", "YouTube"],
  ];
  return labels.flatMap(([key, label]) => (handles[key] ? [[label, handles[key]!] as const] : []));
}

export async function applyAsAffiliate(
  application: Application,
  executor: Executor = getDb(),
  makeCode: () => string = generateAffiliateCode,
): Promise<ApplyOutcome> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await executor.transaction(async (tx) => {
        const affiliateCode = await freshCode(tx, makeCode);
        await tx.insert(affiliates).values({
          userId: application.user.id,
          affiliateCode,
          status: "pending",
          commissionRate: DEFAULT_COMMISSION_RATE,
          payoutEmail: application.payoutEmail,
          socialMediaHandles: application.handles ?? null,
        });
        await enqueueEmail(
          { kind: AFFILIATE_APPLICATION_KIND, to: application.user.email, ...affiliateApplicationReceivedEmail({ email: application.user.email, affiliateCode }) },
          tx,
        );
        await enqueueEmail(
          {
            kind: AFFILIATE_APPLICATION_OWNER_KIND,
            to: getEnv().OWNER_EMAIL,
            ...affiliateApplicationOwnerEmail({
              accountEmail: application.user.email,
              payoutEmail: application.payoutEmail,
              affiliateCode,
              details: handleRows(application.handles),
            }),
          },
          tx,
        );
        return { outcome: "applied" as const, affiliateCode };
      });
    } catch (error) {
      const known = databaseError(error);
      if (known?.code !== UNIQUE_VIOLATION) throw error;
      if (known.constraint === USER_UNIQUE) return { outcome: "already-applied" };
      if (known.constraint !== CODE_UNIQUE || attempt >= CODE_ATTEMPTS) throw error;
    }
  }
}

/** The signed-in user's own affiliate record (SPEC.md: looked up by user_id), or null. */
export async function findAffiliateOfUser(userId: string, executor: Executor = getDb()) {
  const [row] = await executor
    .select({
      id: affiliates.id,
      affiliateCode: affiliates.affiliateCode,
      status: affiliates.status,
      commissionRate: affiliates.commissionRate,
      payoutEmail: affiliates.payoutEmail,
      createdAt: affiliates.createdAt,
    })
    .from(affiliates)
    .where(eq(affiliates.userId, userId));
  return row ?? null;
}

/** Whether some affiliate's code reads as `slug` (a custom slug may not shadow a code). */
export async function isAffiliateCode(slug: string, executor: Executor = getDb()): Promise<boolean> {
  const [row] = await executor
    .select({ one: sql<number>`1` })
    .from(affiliates)
    .where(eq(affiliates.affiliateCode, slug.toUpperCase()))
    .limit(1);
  return Boolean(row);
}
