// The owner's blocked times (booking_blocks): created and deleted on /admin/bookings, read by the
// visitor side to take those slots off /booking.
import { and, asc, eq, gt, lt } from "drizzle-orm";
import { getDb, type Executor } from "#server/db/client.server";
import { bookingBlocks } from "./schema";

export type BookingBlock = { id: string; startsAt: Date; endsAt: Date; note: string | null };

const blockColumns = {
  id: bookingBlocks.id,
  startsAt: bookingBlocks.startsAt,
  endsAt: bookingBlocks.endsAt,
  note: bookingBlocks.note,
};

/** Blocks that overlap [from, to) at all, earliest first. */
export async function listBlocksBetween(from: Date, to: Date, executor: Executor = getDb()): Promise<BookingBlock[]> {
  return executor
    .select(blockColumns)
    .from(bookingBlocks)
    .where(and(lt(bookingBlocks.startsAt, to), gt(bookingBlocks.endsAt, from)))
    .orderBy(asc(bookingBlocks.startsAt));
}

/** Blocks that have not ended yet, earliest first: what the admin page lists. */
export async function listUpcomingBlocks(now: Date, executor: Executor = getDb()): Promise<BookingBlock[]> {
  return executor
    .select(blockColumns)
    .from(bookingBlocks)
    .where(gt(bookingBlocks.endsAt, now))
    .orderBy(asc(bookingBlocks.startsAt));
}

export async function createBlock(
  input: { startsAt: Date; endsAt: Date; note: string | null },
  executor: Executor = getDb(),
): Promise<BookingBlock> {
  const [row] = await executor
    .insert(bookingBlocks)
    .values({ startsAt: input.startsAt, endsAt: input.endsAt, note: input.note })
    .returning(blockColumns);
  if (!row) throw new Error("booking block insert returned no row");
  return row;
}

/** Deletes one block; false when there is no such block (already deleted). */
export async function deleteBlock(id: string, executor: Executor = getDb()): Promise<boolean> {
  const rows = await executor.delete(bookingBlocks).where(eq(bookingBlocks.id, id)).returning({ id: bookingBlocks.id });
  return rows.length > 0;
}
