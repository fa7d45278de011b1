import { describe, expect, it } from "vitest";
import { countedBatchMs, QUEUE_BATCH_OUTLIER } from "./queue-pause";

describe("countedBatchMs", () => {
  it("counts the first batch whole: there is nothing to compare it with", () => {
    expect(countedBatchMs(95, [])).toBe(95);
  });

  it("counts a usual batch whole", () => {
    expect(countedBatchMs(16, [12, 14, 13])).toBe(16);
    expect(countedBatchMs(39, [13])).toBe(39);
  });

  it(`counts a batch that waited for the disk as ${QUEUE_BATCH_OUTLIER} times the median of the batches before it`, () => {
    expect(countedBatchMs(100, [12, 14, 13])).toBe(39);
    // The median, not the mean: one earlier outlier does not raise the cap.
    expect(countedBatchMs(100, [12, 90, 13])).toBe(39);
    // The upper middle of an even count.
    expect(countedBatchMs(100, [10, 20])).toBe(60);
  });

  it("leaves the batches given alone", () => {
    const earlier = [14, 12, 13];
    countedBatchMs(100, earlier);
    expect(earlier).toEqual([14, 12, 13]);
  });
});
