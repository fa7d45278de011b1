// The one e-mail the owner gets when a calendar of theirs has not been fetched for a day.
import { dateTime } from "~/lib/central-time";
import { getEnv } from "~/lib/env.server";
import { ActionButton, DetailsTable, EmailLayout, Heading, Paragraph } from "#server/email/layout";
import { renderEmail, textDetails, type RenderedEmail } from "#server/email/render.server";

/** The address without its secret part: the e-mail names the calendar, it does not repeat its key. */
export function calendarHost(url: string) {
  try {
    return new URL(url).hostname;
  } catch {
    return url.slice(0, 40);
  }
}

export function calendarFailingEmail(input: { url: string; error: string; failingSince: Date; fetchedAt: Date | null }): RenderedEmail & { to: string } {
  const { OWNER_EMAIL: ownerEmail, SITE_URL: siteUrl } = getEnv();
  const adminUrl = `${siteUrl}/admin/bookings#calendars`;
  const rows = [
    ["Calendar", calendarHost(input.url)],
    ["Error", input.error],
    ["Failing since", dateTime(input.failingSince)],
    ["Last good copy", input.fetchedAt ? dateTime(input.fetchedAt) : "Never fetched"],
  ] as const;
  const footerNote = `You received this because you are the owner of ${siteUrl.replace(/^https?:\/\//, "")}. It is sent once until the calendar is fetched again.`;
  const copy = input.fetchedAt
    ? "The booking page still hides the busy times of its last good copy, but new events in that calendar do not reach it."
    : "It was never fetched, so none of its busy times are kept off the booking page.";
  const explanation = `For a day, your calendar could not be fetched. ${copy} Check the address on the Bookings page (a calendar app gives a new one when its secret address is reset).`;
  return {
    to: ownerEmail,
    ...renderEmail({
      subject: `Calendar not fetched for a day: ${calendarHost(input.url)}`,
      body: (
        <EmailLayout preview="Your busy times are not being updated." footerNote={footerNote}>
          <Heading>Your calendar could not be fetched</Heading>
          <Paragraph>{explanation}</Paragraph>
          <DetailsTable rows={rows} />
          <ActionButton href={adminUrl}>Open calendars</ActionButton>
        </EmailLayout>
      ),
      text: `Your calendar could not be fetched

${explanation}

${textDetails(rows)}

Open calendars: ${adminUrl}

--
${footerNote}
`,
    }),
  };
}
