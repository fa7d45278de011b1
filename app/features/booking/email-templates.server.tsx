// The booking confirmation: to the visitor, cc the owner, with every field of SPEC.md section 3
// ("Confirmation e-mail template fields"), an .ics invitation, and the same fields as
// template_params for the provider API transport.
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { bookings, EmailAttachment } from "#server/db/schema";
import { site } from "~/content/site";
import { getEnv } from "~/lib/env.server";
import { calendarFile } from "#server/email/ics.server";
import { renderEmail, textDetails, type RenderedEmail } from "#server/email/render.server";
import { ActionButton, DetailsTable, EmailLayout, Heading, Paragraph } from "#server/email/layout";

export const SPECIFIC_GOALS_DEFAULT = "Not specified";
export const ADDITIONAL_REQUIREMENTS_DEFAULT = "None";

const experienceLabels = {
  beginner: "Small-scale operations",
  intermediate: "Medium manufacturing facility",
  advanced: "Large industrial complex",
} as const;

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
};

export type BookingConfirmationEmail = RenderedEmail & {
  cc: string;
  attachments: EmailAttachment[];
  templateParams: Record<string, string>;
};

const zone = site.location.timeZone;

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

export function bookingCalendarFile(booking: BookingConfirmationInput, ownerEmail: string, siteUrl: string) {
  return calendarFile(
    {
      uid: `${booking.bookingRef}@${new URL(siteUrl).hostname}`,
      start: booking.startsAt,
      end: booking.endsAt,
      stamp: booking.createdAt,
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
      // The schedule is confirmed by the team within 24 hours (SPEC.md, booking confirmation).
      status: "TENTATIVE",
    },
    `-//${site.businessName}//Assessment booking//EN`,
  );
}

export function bookingConfirmationEmail(booking: BookingConfirmationInput): BookingConfirmationEmail {
  const { OWNER_EMAIL: ownerEmail, SITE_URL: siteUrl } = getEnv();
  const params = bookingTemplateParams(booking, ownerEmail);
  const startsAt = new TZDate(booking.startsAt, zone);
  const endsAt = new TZDate(booking.endsAt, zone);
  const longDate = format(startsAt, "EEEE, MMMM d, yyyy");
  const timeRange = `${format(startsAt, "h:mm a")} – ${format(endsAt, "h:mm a")} ${site.location.timeZoneAbbreviation}`;
  const name = `${booking.firstName} ${booking.lastName}`;
  const subject = `Assessment booked: ${format(startsAt, "EEE, MMM d, yyyy")} at ${format(startsAt, "h:mm a")} ${site.location.timeZoneAbbreviation}`;
  const rows = [
    ["Booking ID", params.booking_id],
    ["Name", name],
    ["Email", params.email],
    ["Phone", params.phone],
    ["Session date", longDate],
    ["Session time", timeRange],
    ["Duration", `${params.session_duration} minutes`],
    ["Focus area", params.project_type],
    ["Manufacturing scale", experienceLabels[booking.experienceLevel]],
    ["Project description", params.project_description],
    ["Specific goals", params.specific_goals],
    ["Additional requirements", params.additional_requirements],
  ] as const;
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
        <Paragraph>
          Need to change something? Reply to this e-mail or write to{" "}
          <a href={`mailto:${ownerEmail}`} style={{ color: "#1f3a5c" }}>
            {ownerEmail}
          </a>
          .
        </Paragraph>
        {booking.cancelUrl ? (
          <>
            <Paragraph>Can no longer make it? Cancel the session so the slot goes to someone else:</Paragraph>
            <ActionButton href={booking.cancelUrl}>Cancel this session</ActionButton>
          </>
        ) : null}
      </EmailLayout>
    ),
    text: `Thank you, ${booking.firstName}: your assessment is booked

We received your request for a free manufacturing assessment with ${site.name} on ${longDate} at ${timeRange}. The attached calendar file (assessment.ics) adds it to your calendar.

${textDetails(rows)}

What happens next
1. ${nextSteps[0]}
2. ${nextSteps[1]}
3. ${nextSteps[2]}

Need to change something? Reply to this e-mail or write to ${ownerEmail}.
${booking.cancelUrl ? `\nCan no longer make it? Cancel the session here: ${booking.cancelUrl}\n` : ""}
--
${footerNote}
`,
  });
  return {
    ...rendered,
    cc: ownerEmail,
    attachments: [
      {
        filename: "assessment.ics",
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
        content: Buffer.from(bookingCalendarFile(booking, ownerEmail, siteUrl)).toString("base64"),
      },
    ],
    templateParams: params,
  };
}
