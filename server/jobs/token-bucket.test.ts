import { describe, expect, it } from "vitest";
import { fullBucket, take, tokenBucket, waitMs, type Rate } from "./token-bucket";

const rate: Rate = { perSecond: 10, capacity: 5 };

describe("token bucket", () => {
  it("starts full and gives no more than it holds", () => {
    const result = take(fullBucket(rate, 0), rate, 8, 0);
    expect(result.taken).toBe(5);
    expect(take(result.bucket, rate, 1, 0).taken).toBe(0);
  });

  it("refills at its rate, never above its capacity", () => {
    const empty = take(fullBucket(rate, 0), rate, 5, 0).bucket;
    expect(take(empty, rate, 5, 250).taken).toBe(2);
    expect(take(empty, rate, 50, 60_000).taken).toBe(5);
  });

  it("says how long until the tokens wanted are there", () => {
    const empty = take(fullBucket(rate, 0), rate, 5, 0).bucket;
    expect(waitMs(empty, rate, 3, 0)).toBe(300);
    expect(waitMs(empty, rate, 3, 300)).toBe(0);
    // More than the capacity is never there at once: it waits for a full bucket.
    expect(waitMs(empty, rate, 50, 0)).toBe(500);
  });

  it("a clock that went back refills nothing, and the bucket is not stuck in the future", () => {
    const spent = take(fullBucket(rate, 10_000), rate, 5, 10_000).bucket;
    const back = take(spent, rate, 5, 0);
    expect(back.taken).toBe(0);
    expect(take(back.bucket, rate, 5, 500).taken).toBe(5);
  });

  it("paces work on an injected clock: 25 tokens at 10 a second, 5 at once, take 2 s", async () => {
    let now = 0;
    const bucket = tokenBucket(rate, { clock: () => now, sleep: async (ms) => void (now += ms) });
    for (let i = 0; i < 5; i++) await bucket.acquire(5);
    expect(now).toBe(2_000);
  });
});
