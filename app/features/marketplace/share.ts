// Share text for the microblogging (X) share intent (SPEC section 7): the title plus the first
// 100 characters of the description on tool cards, 120 in the application dialog, followed by
// price, time saved, category and hashtags; the link travels in the intent's own url parameter.
import type { FreeTool, MarketplaceApplication } from "~/content/marketplace";
import { shareHeadline, xIntentUrl } from "~/lib/share";

export const CARD_SHARE_LENGTH = 100;
export const DIALOG_SHARE_LENGTH = 120;

export interface ShareSubject {
  readonly title: string;
  readonly description: string;
  readonly category: string;
  readonly url: string;
  readonly price?: string;
  readonly timeSaved?: string;
}

function hashtag(tag: string): string {
  return `#${tag.replace(/[^\p{L}\p{N}_]/gu, "")}`;
}

export function buildShareText(
  subject: ShareSubject,
  descriptionLength: number,
  hashtags: readonly string[] = [],
): string {
  const facts = [
    subject.price ? `Price: ${subject.price}` : null,
    subject.timeSaved ? `Time saved: ${subject.timeSaved}` : null,
    `Category: ${subject.category}`,
  ].filter((fact): fact is string => fact !== null);
  const tags = hashtags.map(hashtag).filter((tag) => tag.length > 1);
  return [
    shareHeadline(subject.title, subject.description, descriptionLength),
    facts.join(" | "),
    ...(tags.length > 0 ? [tags.join(" ")] : []),
  ].join("\n");
}

export function buildShareIntentUrl(
  subject: ShareSubject,
  descriptionLength: number,
  hashtags: readonly string[] = [],
): string {
  return xIntentUrl(buildShareText(subject, descriptionLength, hashtags), subject.url);
}

export function shareSubjectForTool(tool: FreeTool): ShareSubject {
  return {
    title: tool.title,
    description: tool.description,
    category: tool.category,
    // Tools without a hosted version are shared by their repository.
    url: tool.url ?? tool.githubUrl,
    price: "Free",
  };
}

export function shareSubjectForApplication(application: MarketplaceApplication): ShareSubject {
  return {
    title: application.title,
    description: application.description,
    category: application.category,
    url: application.url,
    price: application.price,
    // What the buyer does not have to build themselves.
    timeSaved: `${application.developmentTime} of development`,
  };
}
