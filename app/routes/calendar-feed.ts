import type { Route } from "./+types/calendar-feed";
import { calendarFeed, isFeedSecret } from "~/features/booking/calendar-feed.server";

// The owner's bookings as an iCalendar feed; the unguessable secret in the path is the only key.
const PRIVATE = { "Cache-Control": "private, no-store" };

export async function loader({ params }: Route.LoaderArgs) {
  const secret = params.file.endsWith(".ics") ? params.file.slice(0, -".ics".length) : "";
  if (!(await isFeedSecret(secret))) {
    return new Response("Not found", { status: 404, headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(await calendarFeed(), {
    headers: { ...PRIVATE, "Content-Type": "text/calendar; charset=utf-8", "X-Robots-Tag": "noindex" },
  });
}
