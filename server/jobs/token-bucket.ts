// A token bucket: a rate with a burst. Tokens come back at `perSecond` up to `capacity`; taking
// one is permission to do one unit of work (queue a subscriber, send a bulk copy). Plain values
// and functions, so the same rule serves a bucket kept in memory and one kept in a database row.

export type Rate = { perSecond: number; capacity: number };
/** The tokens left at `atMs` (epoch ms). */
export type Bucket = { tokens: number; atMs: number };

/** A full bucket, as a rate starts. */
export function fullBucket(rate: Rate, nowMs: number): Bucket {
  return { tokens: rate.capacity, atMs: nowMs };
}

/**
 * The bucket at `nowMs`: refilled for the time since, never above its capacity. A clock that went
 * back refills nothing and counts from the earlier time (a bucket is never stuck in the future).
 */
export function refilled(bucket: Bucket, rate: Rate, nowMs: number): Bucket {
  const elapsedMs = Math.max(0, nowMs - bucket.atMs);
  return { tokens: Math.min(rate.capacity, bucket.tokens + (elapsedMs * rate.perSecond) / 1000), atMs: nowMs };
}

/** Takes up to `wanted` whole tokens now: how many it got, and the bucket after. */
export function take(bucket: Bucket, rate: Rate, wanted: number, nowMs: number): { taken: number; bucket: Bucket } {
  const current = refilled(bucket, rate, nowMs);
  const taken = Math.max(0, Math.min(wanted, Math.floor(current.tokens)));
  return { taken, bucket: { ...current, tokens: current.tokens - taken } };
}

/** How long until `wanted` tokens (at most the capacity) are there to take. */
export function waitMs(bucket: Bucket, rate: Rate, wanted: number, nowMs: number): number {
  const missing = Math.min(wanted, rate.capacity) - refilled(bucket, rate, nowMs).tokens;
  return missing <= 0 ? 0 : Math.ceil((missing * 1000) / rate.perSecond);
}

/** A bucket in memory, on an injectable clock: `acquire(n)` resolves once n tokens are taken. */
export function tokenBucket(
  rate: Rate,
  { clock = Date.now, sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)) }: { clock?: () => number; sleep?: (ms: number) => Promise<void> } = {},
) {
  let bucket = fullBucket(rate, clock());
  return {
    async acquire(wanted: number): Promise<void> {
      for (let left = wanted; left > 0; ) {
        const wait = waitMs(bucket, rate, left, clock());
        if (wait > 0) await sleep(wait);
        const result = take(bucket, rate, left, clock());
        bucket = result.bucket;
        left -= result.taken;
      }
    },
  };
}
