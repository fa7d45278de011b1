// What the booking tests share: an empty calendar (no bookings, no blocked times, no e-mails) before each test.
import { emailOutbox } from "#server/db/schema";
import { bookingBlocks, bookings } from "~/features/booking/schema";
import type { TestDatabase } from "./databases";

export async function clearBookings(db: TestDatabase) {
  await db.db.delete(bookings);
  await db.db.delete(bookingBlocks);
  await db.db.delete(emailOutbox);
}
