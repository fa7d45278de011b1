// The booking's e-mails. The confirmation: to the visitor, cc the owner, with every field of
// SPEC.md section 3 ("Confirmation e-mail template fields"), an .ics invitation, the reschedule and
// cancel links, and the same fields as template_params for the provider API transport. The
// reminder: the meeting details, 24 hours before the session. The move: to the visitor, cc the
// owner, with the invitation updated. The cancellation: a notice to the owner and one to the
// visitor, each with the .ics that takes the event out of their calendar.
import type { EmailAttachment } from "#server/db/schema";
import type { bookings } from "./schema";
import { site } from "~/content/site";
import { CENTRAL_ABBREVIATION, clockTime, dateTime, longDate as centralLongDate, shortDate as centralShortDate } from "~/lib/central-time";
import { getEnv } from "~/lib/env.server";
import { calendarFile, type CalendarMethod } from "#server/email/ics.server";
import { renderEmail, textDetails, type RenderedEmail } from "#server/email/render.server";
import { ActionButton, DetailsTable, EmailLayout, Heading, Paragraph } from "#server/email/layout";
import { EXPERIENCE_LEVEL_LABELS } from "./form-options";

export const SPECIFIC_GOALS_DEFAULT = "Not specified";
export const ADDITIONAL_REQUIREMENTS_DEFAULT = "None";

export type BookingConfirmationInput = Pick<
  typeof bookings.$inferSelect,
  | "bookingRef"
  | "firstName"
  | "lastName"
  | "email"
  | "phone"
  | "sessionDate"
  | "sessionTime"
  | "sessionDuration"
  | "projectType"
  | "projectDescription"
  | "experienceLevel"
  | "specificGoals"
  | "additionalRequirements"
  | "startsAt"
  | "endsAt"
  | "createdAt"
> & {
  /** Where the visitor can cancel, when the site offers it. */
  cancelUrl?: string | null;
  /** Where the visitor can move the session to another time. */
  rescheduleUrl?: string | null;
  /** The booking's version (bookings.sequence): the .ics SEQUENCE. */
  sequence?: number;
};

export type BookingConfirmationEmail = RenderedEmail & {
  cc: string;
  attachments: EmailAttachment[];
  templateParams: Record<string, string>;
};

/** How the session's date and time read in every e-mail: Central Time, the business's zone. */
export function sessionWhen(booking: Pick<BookingConfirmationInput, "startsAt" | "endsAt">) {
  const startTime = clockTime(booking.startsAt);
  return {
    longDate: centralLongDate(booking.startsAt),
    shortDate: centralShortDate(booking.startsAt),
    startTime: `${startTime} ${CENTRAL_ABBREVIATION}`,
    timeRange: `${startTime} – ${clockTime(booking.endsAt)} ${CENTRAL_ABBREVIATION}`,
  };
}

type DetailRow = readonly [label: string, value: string];
type SessionDetail = "id" | "name" | "email" | "phone" | "date" | "time" | "duration" | "focus";

/**
 * The booking's rows of its e-mails' details tables, in the order `details` names them: one place
 * for their labels and formats. `when` prefixes the date and time rows ("Session date", "New time").
 */
function sessionDetails(
  booking: Pick<BookingConfirmationInput, "bookingRef" | "firstName" | "lastName" | "email" | "phone" | "sessionDuration" | "projectType" | "startsAt" | "endsAt">,
  details: readonly SessionDetail[],
  when?: "Session" | "New",
): DetailRow[] {
  const { longDate, timeRange } = sessionWhen(booking);
  const rows: Record<SessionDetail, DetailRow> = {
    id: ["Booking ID", booking.bookingRef],
    name: ["Name", `${booking.firstName} ${booking.lastName}`],
    email: ["Email", booking.email],
    phone: ["Phone", booking.phone],
    date: [when ? `${when} date` : "Date", longDate],
    time: [when ? `${when} time` : "Time", timeRange],
    duration: ["Duration", `${booking.sessionDuration} minutes`],
    focus: ["Focus area", booking.projectType],
  };
  return details.map((detail) => rows[detail]);
}

/** The way to reach the owner about a booking, in the e-mails the visitor gets. */
export function ContactOwner({ ownerEmail }: { ownerEmail: string }) {
  return (
    <Paragraph>
      Need to change something? Reply to this e-mail or write to{" "}
      <a href={`mailto:${ownerEmail}`} style={{ color: "#1f3a5c" }}>
        {ownerEmail}
      </a>
      .
    </Paragraph>
  );
}

export const contactOwnerText = (ownerEmail: string) => `Need to change something? Reply to this e-mail or write to ${ownerEmail}.`;

/** The spec's template_params: its field names, the form's raw values, and the two defaults. */
export function bookingTemplateParams(booking: BookingConfirmationInput, ownerEmail: string): Record<string, string> {
  const [year, month, day] = booking.sessionDate.split("-").map(Number);
  return {
    to_email: booking.email,
    cc_email: ownerEmail,
    booking_id: booking.bookingRef,
    first_name: booking.firstName,
    last_name: booking.lastName,
    email: booking.email,
    phone: booking.phone,
    // The visitor's local date format in the original; en-US here (M/D/YYYY).
    session_date: `${month}/${day}/${year}`,
    session_time: booking.sessionTime,
    session_duration: String(booking.sessionDuration),
    project_type: booking.projectType,
    project_description: booking.projectDescription,
    experience_level: booking.experienceLevel,
    specific_goals: booking.specificGoals?.trim() || SPECIFIC_GOALS_DEFAULT,
    additional_requirements: booking.additionalRequirements?.trim() || ADDITIONAL_REQUIREMENTS_DEFAULT,
  };
}

/** The booking's event UID: the same in every e-mail's .ics and in the owner's calendar feed, so calendars see one event. */
export function bookingEventUid(bookingRef: string, siteUrl: string) {
  return `${bookingRef}@${new URL(siteUrl).hostname}`;
}

/** What a booking's .ics needs. */
export type CalendarBooking = Pick<
  BookingConfirmationInput,
  "bookingRef" | "firstName" | "lastName" | "email" | "sessionDuration" | "projectType" | "startsAt" | "endsAt" | "sequence"
>;

/**
 * The booking as an invitation (REQUEST: adds the event, or moves it when SEQUENCE is higher than
 * the one the calendar holds) or its withdrawal (CANCEL), always under the booking's one UID.
 * `stamp`: when this version of the file was made (DTSTAMP).
 */
export function bookingCalendarFile(booking: CalendarBooking, stamp: Date, method: Exclude<CalendarMethod, "PUBLISH"> = "REQUEST") {
  const { OWNER_EMAIL: ownerEmail, SITE_URL: siteUrl } = getEnv();
  return calendarFile(
    {
      uid: bookingEventUid(booking.bookingRef, siteUrl),
      start: booking.startsAt,
      end: booking.endsAt,
      stamp,
      summary: `Manufacturing assessment with ${site.name}`,
      description: [
        `Free manufacturing assessment (${booking.sessionDuration} minutes) with ${site.name}, ${site.businessName}.`,
        `Focus area: ${booking.projectType}`,
        `Booking ID: ${booking.bookingRef}`,
        `We contact you within 24 hours to confirm the schedule; meeting details and preparation materials follow 24 hours before the session.`,
        `Questions or changes: ${ownerEmail}`,
      ].join("\n"),
      url: siteUrl,
      organizer: { name: site.name, email: ownerEmail },
      attendee: { name: `${booking.firstName} ${booking.lastName}`, email: booking.email },
      // The schedule is confirmed by the team within 24 hours (SPEC.md, booking confirmation).
      status: method === "CANCEL" ? "CANCELLED" : "TENTATIVE",
      sequence: booking.sequence ?? 0,
    },
    { company: site.businessName, product: "Assessment booking" },
    method,
  );
}

/** The .ics as an attachment; the method goes in the content type too, where mail apps look for it. */
export function bookingCalendarAttachment(
  booking: CalendarBooking,
  stamp: Date,
  method: Exclude<CalendarMethod, "PUBLISH"> = "REQUEST",
): EmailAttachment {
  return {
    filename: method === "CANCEL" ? "assessment-cancelled.ics" : "assessment.ics",
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: Buffer.from(bookingCalendarFile(booking, stamp, method)).toString("base64"),
  };
}

/** The visitor's two links, in the e-mails that carry them. */
function ChangeLinks({ rescheduleUrl, cancelUrl }: { rescheduleUrl?: string | null; cancelUrl?: string | null }) {
  return (
    <>
      {rescheduleUrl ? (
        <>
          <Paragraph>Need another time? Pick a new date and time for this session:</Paragraph>
          <ActionButton href={rescheduleUrl}>Reschedule this session</ActionButton>
        </>
      ) : null}
      {cancelUrl ? (
        <>
          <Paragraph>Can no longer make it? Cancel the session so the slot goes to someone else:</Paragraph>
          <ActionButton href={cancelUrl}>Cancel this session</ActionButton>
        </>
      ) : null}
    </>
  );
}

function changeLinksText({ rescheduleUrl, cancelUrl }: { rescheduleUrl?: string | null; cancelUrl?: string | null }) {
  return [
    rescheduleUrl ? `Need another time? Reschedule the session here: ${rescheduleUrl}` : null,
    cancelUrl ? `Can no longer make it? Cancel the session here: ${cancelUrl}` : null,
  ]
    .filter(Boolean)
    .map((line) => `\n${line}\n`)
    .join("");
}

/** The end of the visitor's text e-mail that carries the links: how to reach the owner, the two links, the footer. */
function visitorClosingText(ownerEmail: string, booking: { rescheduleUrl?: string | null; cancelUrl?: string | null }, footerNote: string) {
  return `${contactOwnerText(ownerEmail)}
${changeLinksText(booking)}
--
${footerNote}
`;
}

/** A visitor's e-mail as the invitation it is: a copy to the owner, the .ics of this version (`stamp`), the spec's template_params. */
function asInvitation(rendered: RenderedEmail, booking: BookingConfirmationInput, stamp: Date, ownerEmail: string): BookingConfirmationEmail {
  return {
    ...rendered,
    cc: ownerEmail,
    attachments: [bookingCalendarAttachment(booking, stamp)],
    templateParams: bookingTemplateParams(booking, ownerEmail),
  };
}

export function bookingConfirmationEmail(booking: BookingConfirmationInput): BookingConfirmationEmail {
  const { OWNER_EMAIL: ownerEmail, SITE_URL: siteUrl } = getEnv();
  const params = bookingTemplateParams(booking, ownerEmail);
  const { longDate, shortDate, startTime, timeRange } = sessionWhen(booking);
  const subject = `Assessment booked: ${shortDate} at ${startTime}`;
  const rows: DetailRow[] = [
    ...sessionDetails(booking, ["id", "name", "email", "phone", "date", "time", "duration", "focus"], "Session"),
    ["Manufacturing scale", EXPERIENCE_LEVEL_LABELS[booking.experienceLevel]],
    ["Project description", params.project_description],
    ["Specific goals", params.specific_goals],
    ["Additional requirements", params.additional_requirements],
  ];
  const nextSteps = [
    "This confirmation e-mail, sent within minutes of your booking.",
    "Our team contacts you within 24 hours to confirm the schedule.",
    "Preparation materials and meeting details arrive 24 hours before your session.",
  ];
  const footerNote = `You received this because a manufacturing assessment was booked on ${siteUrl.replace(/^https?:\/\//, "")} with ${booking.email}. A copy goes to ${ownerEmail}.`;
  const rendered = renderEmail({
    subject,
    body: (
      <EmailLayout preview={`Your free manufacturing assessment on ${longDate} at ${timeRange}.`} footerNote={footerNote}>
        <Heading>Thank you, {booking.firstName}: your assessment is booked</Heading>
        <Paragraph>
          We received your request for a free manufacturing assessment with {site.name} on <strong>{longDate}</strong>{" "}
          at <strong>{timeRange}</strong>. The attached calendar file adds it to your calendar.
        </Paragraph>
        <DetailsTable rows={rows} />
        <h2 style={{ margin: "0 0 8px", fontSize: 17, color: "#1f3a5c" }}>What happens next</h2>
        <ol style={{ margin: "0 0 20px", paddingLeft: 20 }}>
          {nextSteps.map((step) => (
            <li key={step} style={{ marginBottom: 6 }}>
              {step}
            </li>
          ))}
        </ol>
        <ContactOwner ownerEmail={ownerEmail} />
        <ChangeLinks rescheduleUrl={booking.rescheduleUrl} cancelUrl={booking.cancelUrl} />
      </EmailLayout>
    ),
    text: `Thank you, ${booking.firstName}: your assessment is booked

We received your request for a free manufacturing assessment with ${site.name} on ${longDate} at ${timeRange}. The attached calendar file (assessment.ics) adds it to your calendar.

${textDetails(rows)}

What happens next
1. ${nextSteps[0]}
2. ${nextSteps[1]}
3. ${nextSteps[2]}

${visitorClosingText(ownerEmail, booking, footerNote)}`,
  });
  return asInvitation(rendered, booking, booking.createdAt, ownerEmail);
}

export type BookingReminderInput = Pick<
  BookingConfirmationInput,
  "bookingRef" | "firstName" | "lastName" | "email" | "phone" | "sessionDuration" | "projectType" | "startsAt" | "endsAt" | "rescheduleUrl"
> & { cancelUrl: string };

const preparation = [
  "The parts, machines or processes you want to talk about, with a photo or drawing if you have one.",
  "The figures you already track: cycle time, scrap rate, OEE, on-time delivery.",
  "The one problem you would most like solved.",
];

/** The meeting details and what to prepare, queued for 24 hours before the session. */
export function bookingReminderEmail(booking: BookingReminderInput): RenderedEmail {
  const { OWNER_EMAIL: ownerEmail, SITE_URL: siteUrl } = getEnv();
  const { longDate, shortDate, startTime, timeRange } = sessionWhen(booking);
  const rows: DetailRow[] = [
    ...sessionDetails(booking, ["id", "date", "time", "duration", "focus"]),
    ["How we meet", `${site.name} calls you at ${booking.phone}, unless we agreed on another way when we confirmed your schedule.`],
  ];
  const footerNote = `You received this because a manufacturing assessment was booked on ${siteUrl.replace(/^https?:\/\//, "")} with ${booking.email}.`;
  return renderEmail({
    subject: `Reminder: your assessment is tomorrow, ${shortDate} at ${startTime}`,
    body: (
      <EmailLayout preview={`Your free manufacturing assessment is tomorrow at ${timeRange}.`} footerNote={footerNote}>
        <Heading>See you tomorrow, {booking.firstName}</Heading>
        <Paragraph>
          Your free manufacturing assessment with {site.name} is on <strong>{longDate}</strong> at <strong>{timeRange}</strong>.
          Here are the meeting details.
        </Paragraph>
        <DetailsTable rows={rows} />
        <h2 style={{ margin: "0 0 8px", fontSize: 17, color: "#1f3a5c" }}>To prepare</h2>
        <ul style={{ margin: "0 0 20px", paddingLeft: 20 }}>
          {preparation.map((item) => (
            <li key={item} style={{ marginBottom: 6 }}>
              {item}
            </li>
          ))}
        </ul>
        <Paragraph>
          Questions or changes: reply to this e-mail or write to{" "}
          <a href={`mailto:${ownerEmail}`} style={{ color: "#1f3a5c" }}>
            {ownerEmail}
          </a>
          .
        </Paragraph>
        <ChangeLinks rescheduleUrl={booking.rescheduleUrl} cancelUrl={booking.cancelUrl} />
      </EmailLayout>
    ),
    text: `See you tomorrow, ${booking.firstName}

Your free manufacturing assessment with ${site.name} is on ${longDate} at ${timeRange}. Here are the meeting details.

${textDetails(rows)}

To prepare
- ${preparation.join("\n- ")}

Questions or changes: reply to this e-mail or write to ${ownerEmail}.
${changeLinksText(booking)}
--
${footerNote}
`,
  });
}

export type BookingCancelledInput = Pick<
  BookingConfirmationInput,
  "bookingRef" | "firstName" | "lastName" | "email" | "phone" | "sessionDuration" | "projectType" | "startsAt" | "endsAt" | "sequence"
> & { cancelledAt: Date };

/** Tells the owner that a visitor cancelled through the link in their e-mail. */
export function bookingCancelledEmail(booking: BookingCancelledInput): RenderedEmail & { to: string; attachments: EmailAttachment[] } {
  const { OWNER_EMAIL: ownerEmail, SITE_URL: siteUrl } = getEnv();
  const { longDate, shortDate, startTime, timeRange } = sessionWhen(booking);
  const name = `${booking.firstName} ${booking.lastName}`;
  const rows: DetailRow[] = [
    ...sessionDetails(booking, ["id", "name", "email", "phone", "date", "time", "duration", "focus"], "Session"),
    ["Cancelled", dateTime(booking.cancelledAt)],
  ];
  const footerNote = `You received this because you are the owner of ${siteUrl.replace(/^https?:\/\//, "")}.`;
  return {
    to: ownerEmail,
    attachments: [bookingCalendarAttachment(booking, booking.cancelledAt, "CANCEL")],
    ...renderEmail({
      subject: `Booking cancelled: ${name}, ${shortDate} at ${startTime}`,
      body: (
        <EmailLayout preview={`${name} cancelled the assessment of ${longDate}.`} footerNote={footerNote}>
          <Heading>{name} cancelled an assessment</Heading>
          <Paragraph>
            The session of <strong>{longDate}</strong> at <strong>{timeRange}</strong> was cancelled through the link in
            the confirmation e-mail. The slot is free again on the booking page, and its reminder will not be sent.
          </Paragraph>
          <DetailsTable rows={rows} />
        </EmailLayout>
      ),
      text: `${name} cancelled an assessment

The session of ${longDate} at ${timeRange} was cancelled through the link in the confirmation e-mail. The slot is free again on the booking page, and its reminder will not be sent.

${textDetails(rows)}

--
${footerNote}
`,
    }),
  };
}

/** Tells the visitor their cancel went through; its .ics takes the event out of their calendar. */
export function bookingCancelledVisitorEmail(booking: BookingCancelledInput): RenderedEmail & { to: string; attachments: EmailAttachment[] } {
  const { OWNER_EMAIL: ownerEmail, SITE_URL: siteUrl } = getEnv();
  const { longDate, shortDate, startTime, timeRange } = sessionWhen(booking);
  const rows: DetailRow[] = [...sessionDetails(booking, ["id", "date", "time"], "Session"), ["Cancelled", dateTime(booking.cancelledAt)]];
  const footerNote = `You received this because a manufacturing assessment booked on ${siteUrl.replace(/^https?:\/\//, "")} with ${booking.email} was cancelled.`;
  return {
    to: booking.email,
    attachments: [bookingCalendarAttachment(booking, booking.cancelledAt, "CANCEL")],
    ...renderEmail({
      subject: `Assessment cancelled: ${shortDate} at ${startTime}`,
      body: (
        <EmailLayout preview={`Your assessment of ${longDate} is cancelled.`} footerNote={footerNote}>
          <Heading>Your assessment is cancelled, {booking.firstName}</Heading>
          <Paragraph>
            Your session of <strong>{longDate}</strong> at <strong>{timeRange}</strong> is cancelled and its time is free
            for someone else. The attached calendar file removes it from your calendar.
          </Paragraph>
          <DetailsTable rows={rows} />
          <Paragraph>
            Want to talk after all? Book a new session at{" "}
            <a href={`${siteUrl}/booking`} style={{ color: "#1f3a5c" }}>
              {siteUrl.replace(/^https?:\/\//, "")}/booking
            </a>{" "}
            or write to{" "}
            <a href={`mailto:${ownerEmail}`} style={{ color: "#1f3a5c" }}>
              {ownerEmail}
            </a>
            .
          </Paragraph>
        </EmailLayout>
      ),
      text: `Your assessment is cancelled, ${booking.firstName}

Your session of ${longDate} at ${timeRange} is cancelled and its time is free for someone else. The attached calendar file removes it from your calendar.

${textDetails(rows)}

Want to talk after all? Book a new session at ${siteUrl}/booking or write to ${ownerEmail}.

--
${footerNote}
`,
    }),
  };
}

export type BookingRescheduledInput = BookingConfirmationInput & {
  /** The session's time before the move. */
  previous: { startsAt: Date; endsAt: Date };
  /** When the visitor moved it: the .ics DTSTAMP. */
  movedAt: Date;
  sequence: number;
  cancelUrl: string;
  rescheduleUrl: string;
};

/** The move, to the visitor with a copy to the owner: its .ics carries the same UID and the higher SEQUENCE. */
export function bookingRescheduledEmail(booking: BookingRescheduledInput): BookingConfirmationEmail {
  const { OWNER_EMAIL: ownerEmail, SITE_URL: siteUrl } = getEnv();
  const { longDate, shortDate, startTime, timeRange } = sessionWhen(booking);
  const before = sessionWhen(booking.previous);
  const rows: DetailRow[] = [
    ...sessionDetails(booking, ["id", "name", "date", "time", "duration", "focus"], "New"),
    ["Previously", `${before.longDate}, ${before.timeRange}`],
  ];
  const footerNote = `You received this because a manufacturing assessment booked on ${siteUrl.replace(/^https?:\/\//, "")} with ${booking.email} was moved. A copy goes to ${ownerEmail}.`;
  const rendered = renderEmail({
    subject: `Assessment rescheduled: ${shortDate} at ${startTime}`,
    body: (
      <EmailLayout preview={`Your assessment is now on ${longDate} at ${timeRange}.`} footerNote={footerNote}>
        <Heading>Your assessment is rescheduled, {booking.firstName}</Heading>
        <Paragraph>
          Your free manufacturing assessment with {site.name} is now on <strong>{longDate}</strong> at{" "}
          <strong>{timeRange}</strong>. The time you had before, {before.longDate} at {before.timeRange}, is free again. The
          attached calendar file moves the event in your calendar.
        </Paragraph>
        <DetailsTable rows={rows} />
        <ContactOwner ownerEmail={ownerEmail} />
        <ChangeLinks rescheduleUrl={booking.rescheduleUrl} cancelUrl={booking.cancelUrl} />
      </EmailLayout>
    ),
    text: `Your assessment is rescheduled, ${booking.firstName}

Your free manufacturing assessment with ${site.name} is now on ${longDate} at ${timeRange}. The time you had before, ${before.longDate} at ${before.timeRange}, is free again. The attached calendar file (assessment.ics) moves the event in your calendar.

${textDetails(rows)}

${visitorClosingText(ownerEmail, booking, footerNote)}`,
  });
  return asInvitation(rendered, booking, booking.movedAt, ownerEmail);
}
