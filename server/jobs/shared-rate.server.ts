// A rate every instance shares: the token bucket (token-bucket.ts) kept in a rate_buckets row,
// taken from under that row's lock, so two instances sending at once still keep to one rate.
import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client.server";
import { rateBuckets } from "#server/db/schema";
import { fullBucket, take, type Rate } from "./token-bucket";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Takes up to `wanted` tokens of the rate `name` and hands them to `use`, which answers how many
 * it used (those it did not are given back), all in one transaction of `db`.
 */
export async function withSharedRate<T extends { used: number }>(
  db: Database,
  name: string,
  rate: Rate,
  { wanted, now }: { wanted: number; now: Date },
  use: (granted: number, tx: Transaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const full = fullBucket(rate, now.getTime());
    await tx.insert(rateBuckets).values({ name, tokens: full.tokens, takenAt: now }).onConflictDoNothing();
    const [row] = await tx.select().from(rateBuckets).where(eq(rateBuckets.name, name)).for("update");
    const { taken, bucket } = take({ tokens: row!.tokens, atMs: row!.takenAt.getTime() }, rate, wanted, now.getTime());
    const result = await use(taken, tx);
    await tx
      .update(rateBuckets)
      .set({ tokens: bucket.tokens + (taken - result.used), takenAt: new Date(bucket.atMs) })
      .where(eq(rateBuckets.name, name));
    return result;
  });
}
