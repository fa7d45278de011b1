import { describe, expect, it } from "vitest";
import { GroupCommit } from "./group-commit.server";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A batch writer that records each batch and finishes one only when `release()` lets it. */
function recordingWriter(fail?: (items: number[]) => boolean) {
  const batches: number[][] = [];
  const inFlight: Array<() => void> = [];
  const write = async (items: number[]) => {
    batches.push(items);
    await new Promise<void>((resolve) => inFlight.push(resolve));
    if (fail?.(items)) throw new Error(`refused ${items.join(",")}`);
    return items.map((item) => item * 10);
  };
  /** Waits until a batch is being written, then lets the oldest finish. */
  const release = async () => {
    while (inFlight.length === 0) await nextTurn();
    inFlight.shift()!();
  };
  const writingNow = async () => {
    while (inFlight.length === 0) await nextTurn();
  };
  return { batches, write, release, writingNow };
}

describe("GroupCommit", () => {
  it("writes the items that arrive in one turn of the event loop in one batch, each caller getting its own outcome", async () => {
    const writer = recordingWriter();
    const group = new GroupCommit(writer.write);
    const answers = Promise.all([1, 2, 3].map((item) => group.write(item)));
    await writer.release();
    expect(await answers).toEqual([10, 20, 30]);
    expect(writer.batches).toEqual([[1, 2, 3]]);
  });

  it("holds the items that arrive while a batch is written for the next batch, at most maxBatch at a time", async () => {
    const writer = recordingWriter();
    const group = new GroupCommit(writer.write, 2);
    const first = group.write(1);
    await writer.writingNow();
    const later = [2, 3, 4, 5, 6].map((item) => group.write(item));
    for (let batch = 0; batch < 4; batch++) await writer.release();
    expect(await first).toBe(10);
    expect(await Promise.all(later)).toEqual([20, 30, 40, 50, 60]);
    expect(writer.batches).toEqual([[1], [2, 3], [4, 5], [6]]);
  });

  it("answers a caller only once its batch has been written", async () => {
    const writer = recordingWriter();
    const group = new GroupCommit(writer.write);
    let answered = false;
    const answer = group.write(7).then((outcome) => ((answered = true), outcome));
    await writer.writingNow();
    await nextTurn();
    expect(answered).toBe(false);
    await writer.release();
    expect(await answer).toBe(70);
  });

  it("writes a failed batch again one item at a time, so only the bad item's caller sees the error", async () => {
    const writer = recordingWriter((items) => items.includes(2));
    const group = new GroupCommit(writer.write);
    const results = Promise.allSettled([1, 2, 3].map((item) => group.write(item)));
    for (let batch = 0; batch < 4; batch++) await writer.release();
    const settled = (await results).map((result) => (result.status === "fulfilled" ? result.value : (result.reason as Error).message));
    expect(settled).toEqual([10, "refused 2", 30]);
    expect(writer.batches).toEqual([[1, 2, 3], [1], [2], [3]]);
  });
});
