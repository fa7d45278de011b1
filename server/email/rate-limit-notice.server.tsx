// The owner's notice that a rate limit started refusing requests (server/rate-limits.server.ts):
// which limit, what it allows, and how to change it. It names no visitor: the counters keep only
// hashes of addresses.
import { getEnv } from "~/lib/env.server";
import { limitSetting, rateLimitPolicies, type Limit, type RateLimitKey, type RateLimitName } from "~/lib/rate-limit-policies";
import { DetailsTable, EmailLayout, Heading, Paragraph } from "./layout";
import { renderEmail, textDetails, type RenderedEmail } from "./render.server";

export const RATE_LIMIT_NOTICE_KIND = "rate_limit_notice";

export function rateLimitNoticeEmail(input: {
  policy: RateLimitName;
  key: RateLimitKey;
  limit: Limit;
  variable: string;
}): RenderedEmail {
  const { SITE_URL: siteUrl } = getEnv();
  const what = rateLimitPolicies[input.policy].what;
  const keyText = input.key === "email" ? "one e-mail address" : "one client address";
  const subject = `Rate limit reached: ${what}`;
  const rows = [
    ["Limit", `${input.limit.points} ${what} from ${keyText} in any ${limitSetting(input.limit).split("/")[1]}`],
    ["Setting", `${input.variable}=${limitSetting(input.limit)}`],
  ] as const;
  const intro = `The site has started refusing ${what}: ${keyText} went past its limit. Visitors who are refused are told when to try again.`;
  const next = `This is the only notice for this limit in the next 24 hours. If the requests are legitimate, raise the limit with the setting above (count/window, s m h or d) and restart the site.`;
  const footerNote = `You received this as the owner of ${siteUrl.replace(/^https?:\/\//, "")}.`;
  return renderEmail({
    subject,
    body: (
      <EmailLayout preview={intro} footerNote={footerNote}>
        <Heading>A rate limit is refusing {what}</Heading>
        <Paragraph>{intro}</Paragraph>
        <DetailsTable rows={rows} />
        <Paragraph>{next}</Paragraph>
      </EmailLayout>
    ),
    text: `A rate limit is refusing ${what}

${intro}

${textDetails(rows)}

${next}

--
${footerNote}
`,
  });
}
