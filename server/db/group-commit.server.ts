// Group commit (decision 037): many small writes that arrive together share one statement. An item
// that arrives while a batch is being written waits and goes with the next, so an item alone is
// written at once and a burst of them shares a statement. Each caller's promise settles only after
// the statement holding its item has committed, so nothing acknowledged can be lost to a crash.
// A batch that fails is written again one item at a time: one bad item fails only its own caller.
import type { Executor } from "./client.server";

/** Writes `items` in one statement; answers one outcome per item, in their order. */
export type BatchWrite<Item, Outcome> = (items: Item[]) => Promise<Outcome[]>;

export class GroupCommit<Item, Outcome> {
  private waiting: Array<{ item: Item; resolve: (outcome: Outcome) => void; reject: (error: unknown) => void }> = [];
  private writing = false;

  constructor(
    private readonly writeBatch: BatchWrite<Item, Outcome>,
    /** At most this many items per statement (a burst's later items wait for the next). */
    private readonly maxBatch = 500,
  ) {}

  write(item: Item): Promise<Outcome> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.writing) return;
      this.writing = true;
      // After the requests read in this turn of the event loop have come this far too: PGlite runs
      // in this thread and finishes a statement before the next request is read, so without the
      // wait every batch would hold one item.
      setImmediate(() => void this.drain());
    });
  }

  private async drain() {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.maxBatch);
      try {
        const outcomes = await this.writeBatch(batch.map((entry) => entry.item));
        batch.forEach((entry, index) => entry.resolve(outcomes[index]!));
      } catch (error) {
        if (batch.length === 1) batch[0]!.reject(error);
        else for (const entry of batch) this.writeBatch([entry.item]).then(([outcome]) => entry.resolve(outcome!), entry.reject);
      }
    }
    this.writing = false;
  }
}

/** One group commit per executor (the database, or a transaction), each writing its batches there. */
export function groupCommitPerExecutor<Item, Outcome>(
  writeBatch: (items: Item[], executor: Executor) => Promise<Outcome[]>,
): (item: Item, executor: Executor) => Promise<Outcome> {
  const writers = new WeakMap<Executor, GroupCommit<Item, Outcome>>();
  return (item, executor) => {
    let writer = writers.get(executor);
    if (!writer) {
      writer = new GroupCommit((items) => writeBatch(items, executor));
      writers.set(executor, writer);
    }
    return writer.write(item);
  };
}
