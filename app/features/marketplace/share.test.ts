import { describe, expect, it } from "vitest";
import { freeTools, marketplaceApplications, marketplacePage } from "~/content/marketplace";
import {
  buildShareIntentUrl,
  buildShareText,
  CARD_SHARE_LENGTH,
  DIALOG_SHARE_LENGTH,
  shareSubjectForApplication,
  shareSubjectForTool,
  type ShareSubject,
} from "./share";
import { X_INTENT_URL } from "~/lib/share";

const longDescription = "0123456789".repeat(20); // 200 characters

const subject: ShareSubject = {
  title: "Cycle Time Analyzer",
  description: longDescription,
  category: "CNC Analysis",
  url: "https://tools.example.com/analyzer?mode=g-code&units=inch",
  price: "Free",
  timeSaved: "3 months of development",
};

function firstLine(text: string) {
  return text.split("\n")[0];
}

describe("buildShareText", () => {
  it("uses 100 description characters for tool cards and 120 in the dialog", () => {
    expect(firstLine(buildShareText(subject, CARD_SHARE_LENGTH))).toBe(
      `Cycle Time Analyzer: ${longDescription.slice(0, 100)}…`,
    );
    expect(firstLine(buildShareText(subject, DIALOG_SHARE_LENGTH))).toBe(
      `Cycle Time Analyzer: ${longDescription.slice(0, 120)}…`,
    );
  });

  it("adds price, time saved, category and hashtags", () => {
    const text = buildShareText(subject, CARD_SHARE_LENGTH, ["CNC", "Lean Manufacturing", "#Machining"]);
    expect(text.split("\n")).toEqual([
      `Cycle Time Analyzer: ${longDescription.slice(0, 100)}…`,
      "Price: Free | Time saved: 3 months of development | Category: CNC Analysis",
      "#CNC #LeanManufacturing #Machining",
    ]);
  });

  it("leaves out facts the subject does not have", () => {
    const text = buildShareText({ ...subject, price: undefined, timeSaved: undefined }, 100);
    expect(text.split("\n")).toEqual([`Cycle Time Analyzer: ${longDescription.slice(0, 100)}…`, "Category: CNC Analysis"]);
  });
});

describe("buildShareIntentUrl", () => {
  it("targets the intent with the encoded text and url, which decode back exactly", () => {
    const intent = buildShareIntentUrl(subject, CARD_SHARE_LENGTH, ["CNC"]);
    expect(intent.startsWith(`${X_INTENT_URL}?text=`)).toBe(true);
    // Reserved characters never leak into the query unencoded.
    const query = intent.slice(X_INTENT_URL.length + 1);
    expect(query.split("&")).toHaveLength(2);
    expect(query).not.toMatch(/[#\n ?]/);
    expect(query).toContain("%23CNC");
    expect(query).toContain(`url=${encodeURIComponent(subject.url)}`);

    const parsed = new URL(intent);
    expect(parsed.searchParams.get("text")).toBe(buildShareText(subject, CARD_SHARE_LENGTH, ["CNC"]));
    expect(parsed.searchParams.get("url")).toBe(subject.url);
  });

  it("encodes ampersands and plus signs in the text", () => {
    const intent = buildShareIntentUrl({ ...subject, title: "Speeds & Feeds + Threads" }, 100);
    const parsed = new URL(intent);
    expect(parsed.searchParams.get("text")?.startsWith("Speeds & Feeds + Threads: ")).toBe(true);
    expect([...parsed.searchParams.keys()]).toEqual(["text", "url"]);
  });
});

describe("share subjects from the marketplace content", () => {
  it("shares a tool by its url, falling back to the repository when it has none", () => {
    const tool = freeTools[0];
    expect(shareSubjectForTool(tool)).toMatchObject({ title: tool.title, url: tool.url, category: tool.category });
    expect(shareSubjectForTool({ ...tool, url: undefined }).url).toBe(tool.githubUrl);
  });

  it("shares an application with its price and development time as the time saved", () => {
    const application = marketplaceApplications[1];
    const text = buildShareText(shareSubjectForApplication(application), DIALOG_SHARE_LENGTH, marketplacePage.shareHashtags);
    expect(firstLine(text)).toBe(`${application.title}: ${application.description.slice(0, 120).trimEnd()}…`);
    expect(text).toContain(`Price: ${application.price}`);
    expect(text).toContain(`Time saved: ${application.developmentTime} of development`);
    expect(text).toContain(`Category: ${application.category}`);
    expect(text).toContain("#CNC #Machining #Manufacturing");
  });
});
