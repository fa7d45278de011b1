// iCalendar (RFC 5545) text for one event. Times are written in UTC ("Z"): the instant comes from
// the booking's starts_at (computed in America/Chicago, DST included), and every calendar shows it
// in its owner's own zone.

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
  status?: "TENTATIVE" | "CONFIRMED" | "CANCELLED";
};

export function icsDateTime(date: Date) {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}Z$/, "Z");
}

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 section 3.3.11). */
export function escapeText(value: string) {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/**
 * Folds a content line into chunks of at most 75 octets. Never splits a UTF-8 character or a
 * backslash escape like \, (some readers unfold badly in the middle of one).
 */
export function foldLine(line: string) {
  if (Buffer.byteLength(line) <= 75) return line;
  const chunks: string[] = [];
  let current = "";
  let octets = 0;
  for (const unit of line.match(/\\.|[\s\S]/gu) ?? []) {
    const size = Buffer.byteLength(unit);
    // Continuation lines start with a space, which counts towards their 75 octets.
    const limit = chunks.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      chunks.push(current);
      current = "";
      octets = 0;
    }
    current += unit;
    octets += size;
  }
  chunks.push(current);
  return chunks.join("\r\n ");
}

export function calendarFile(event: CalendarEvent, productId: string) {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${productId}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${icsDateTime(event.stamp)}`,
    `DTSTART:${icsDateTime(event.start)}`,
    `DTEND:${icsDateTime(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    ...(event.organizer ? [`ORGANIZER;CN="${event.organizer.name.replace(/"/g, "")}":mailto:${event.organizer.email}`] : []),
    `STATUS:${event.status ?? "CONFIRMED"}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
