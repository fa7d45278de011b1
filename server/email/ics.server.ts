// iCalendar (RFC 5545) text for one event, written by ical-generator. Times are written in UTC
// ("Z"): the instant comes from the booking's starts_at (computed in America/Chicago, DST
// included), and every calendar shows it in its owner's own zone.
import ical, { ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus, ICalEventTransparency } from "ical-generator";

export type CalendarEvent = {
  uid: string;
  start: Date;
  end: Date;
  /** When the event was created: DTSTAMP. */
  stamp: Date;
  summary: string;
  description: string;
  location?: string;
  url?: string;
  organizer?: { name: string; email: string };
  /** Who is invited: a REQUEST names them, so their calendar app treats the file as an invitation. */
  attendee?: { name: string; email: string };
  status?: "TENTATIVE" | "CONFIRMED" | "CANCELLED";
  /** Raised with every change: a calendar app replaces an event only by a file with a higher SEQUENCE. */
  sequence?: number;
};

/** PUBLISH: a copy to import; REQUEST: an invitation that adds or moves the event; CANCEL: removes it. */
export type CalendarMethod = "PUBLISH" | "REQUEST" | "CANCEL";

/** PRODID's parts: written as -//company//product//EN. */
export type ProductId = { company: string; product: string };

export function calendarFile(event: CalendarEvent, productId: ProductId, method: CalendarMethod = "PUBLISH") {
  const calendar = ical({ prodId: { ...productId, language: "EN" }, method: ICalCalendarMethod[method] });
  calendar.createEvent({
    id: event.uid,
    start: event.start,
    end: event.end,
    stamp: event.stamp,
    summary: event.summary,
    description: event.description,
    location: event.location ?? null,
    url: event.url ?? null,
    organizer: event.organizer ?? null,
    // The visitor chose the time themselves: accepted already, nothing to answer.
    attendees: event.attendee ? [{ ...event.attendee, rsvp: false, status: ICalAttendeeStatus.ACCEPTED }] : [],
    sequence: event.sequence ?? 0,
    status: ICalEventStatus[event.status ?? "CONFIRMED"],
    transparency: ICalEventTransparency.OPAQUE,
  });
  // RFC 5545 ends every content line, the last one too, with CRLF; the library leaves the last bare.
  return `${calendar.toString()}\r\n`;
}
