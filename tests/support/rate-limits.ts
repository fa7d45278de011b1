// What the tests of rate-limited forms share: every test starts with its own limits, the shared
// table's counters deleted and those kept in memory forgotten (all of them on PGlite: decision 023).
import { rateLimitCounters } from "#server/db/schema";
import { forgetCountsInMemory } from "#server/rate-limits.server";
import type { TestDatabase } from "./databases";

export async function clearRateLimits(db: TestDatabase) {
  forgetCountsInMemory();
  await db.db.delete(rateLimitCounters);
}
