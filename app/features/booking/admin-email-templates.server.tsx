// The e-mail the owner's "Confirm" sends: the visitor's assessment is confirmed for its time.
// A copy goes to the owner, as with the booking confirmation.
import type { bookings } from "./schema";
import { site } from "~/content/site";
import { getEnv } from "~/lib/env.server";
import { renderEmail, textDetails, type RenderedEmail } from "#server/email/render.server";
import { DetailsTable, EmailLayout, Heading, Paragraph } from "#server/email/layout";
import { ContactOwner, contactOwnerText, sessionWhen } from "./email-templates.server";

export const BOOKING_CONFIRMED_KIND = "booking_confirmed";

export type BookingConfirmedInput = Pick<
  typeof bookings.$inferSelect,
  "bookingRef" | "firstName" | "lastName" | "email" | "sessionDuration" | "projectType" | "startsAt" | "endsAt"
>;

export function bookingConfirmedEmail(booking: BookingConfirmedInput): RenderedEmail & { cc: string } {
  const { OWNER_EMAIL: ownerEmail, SITE_URL: siteUrl } = getEnv();
  const { longDate, shortDate, startTime, timeRange } = sessionWhen(booking);
  const subject = `Your assessment is confirmed: ${shortDate} at ${startTime}`;
  const rows = [
    ["Booking ID", booking.bookingRef],
    ["Date", longDate],
    ["Time", timeRange],
    ["Duration", `${booking.sessionDuration} minutes`],
    ["Focus area", booking.projectType],
  ] as const;
  const footerNote = `You received this because a manufacturing assessment was booked on ${siteUrl.replace(/^https?:\/\//, "")} with ${booking.email}. A copy goes to ${ownerEmail}.`;
  const rendered = renderEmail({
    subject,
    body: (
      <EmailLayout preview={`Confirmed: your free manufacturing assessment on ${longDate} at ${timeRange}.`} footerNote={footerNote}>
        <Heading>{booking.firstName}, your assessment is confirmed</Heading>
        <Paragraph>
          {site.name} has confirmed your free manufacturing assessment on <strong>{longDate}</strong> at{" "}
          <strong>{timeRange}</strong>.
        </Paragraph>
        <DetailsTable rows={rows} />
        <Paragraph>Preparation materials and meeting details arrive 24 hours before your session.</Paragraph>
        <ContactOwner ownerEmail={ownerEmail} />
      </EmailLayout>
    ),
    text: `${booking.firstName}, your assessment is confirmed

${site.name} has confirmed your free manufacturing assessment on ${longDate} at ${timeRange}.

${textDetails(rows)}

Preparation materials and meeting details arrive 24 hours before your session.

${contactOwnerText(ownerEmail)}

--
${footerNote}
`,
  });
  return { ...rendered, cc: ownerEmail };
}
