import type { BrowserContext, Locator, Page } from "@playwright/test";
import { freeTools, marketplaceApplications, marketplacePage } from "../../app/content/marketplace";
import { expect, gotoHydrated, scrollIntoViewSettled, test, waitForHydration } from "./fixtures";

const SHARE_INTENT = "https://twitter.com/intent/tweet";

/** Outbound sites answer locally, so new tabs load without the internet. */
async function stubOutboundSites(context: BrowserContext) {
  for (const pattern of ["https://twitter.com/**", "https://tools.halvorsencnc.com/**", "https://monitor.halvorsencnc.com/**"]) {
    await context.route(pattern, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>stub</title>" }),
    );
  }
}

/** Records every window.open call so the popup features can be checked. */
async function recordWindowOpen(page: Page) {
  await page.addInitScript(() => {
    const calls: Array<[string | undefined, string | undefined, string | undefined]> = [];
    (window as unknown as { __opened: typeof calls }).__opened = calls;
    const open = window.open.bind(window);
    window.open = (url?: string | URL, target?: string, features?: string) => {
      calls.push([url?.toString(), target, features]);
      return open(url, target, features);
    };
  });
}

function openedCalls(page: Page) {
  return page.evaluate(() => (window as unknown as { __opened: Array<[string, string, string]> }).__opened);
}

/** Sonner's outlet (a modal dialog hides it from the accessibility tree, so not found by role). */
function toasts(page: Page) {
  return page.locator("[data-sonner-toaster]");
}

/** WCAG 2 relative luminance of an sRGB colour given as 0-255 channels. */
function relativeLuminance([r, g, b]: readonly number[]) {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function contrastRatio(a: readonly number[], b: readonly number[]) {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * The element's text and background colours as the screen shows them (sRGB 0-255), once its
 * transitions have finished. Computed colours come as oklch()/oklab() and may be translucent, so
 * they are painted on a 1×1 canvas over each other: white, every background from the root down to
 * the element, then the text colour.
 */
function shownColours(element: Locator) {
  return element.evaluate(async (target) => {
    await Promise.all(target.getAnimations().map((animation) => animation.finished));
    const context = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
    const paint = (colour: string) => {
      context.fillStyle = colour;
      context.fillRect(0, 0, 1, 1);
      return [...context.getImageData(0, 0, 1, 1).data].slice(0, 3);
    };
    const backgrounds: string[] = [];
    for (let node: Element | null = target; node; node = node.parentElement) {
      backgrounds.unshift(getComputedStyle(node).backgroundColor);
    }
    const background = ["white", ...backgrounds].map(paint).at(-1)!;
    return { background, text: paint(getComputedStyle(target).color) };
  });
}

function expectedFirstLine(title: string, description: string, length: number) {
  expect(description.length).toBeGreaterThan(length);
  return `${title}: ${description.slice(0, length).trimEnd()}…`;
}

test.describe("marketplace on a wide screen", () => {
  test.beforeEach(async ({ page }) => {
    await gotoHydrated(page, "/marketplace");
  });

  test("shows the title and two application cards with 3 tech badges, '+N more' and 2 included items", async ({
    page,
  }) => {
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Manufacturing Solutions Portfolio");
    await expect(page).toHaveTitle(/Manufacturing Solutions Portfolio/);

    const applications = page.getByRole("region", { name: marketplacePage.applicationsHeading });
    await expect(applications.getByRole("article")).toHaveCount(2);

    // Two columns: the cards sit side by side.
    const [first, second] = await Promise.all(
      marketplaceApplications.map((application) =>
        applications.getByRole("article", { name: application.title }).boundingBox(),
      ),
    );
    expect(first && second && Math.abs(first.y - second.y) < 2 && second.x > first.x + first.width).toBe(true);

    for (const application of marketplaceApplications) {
      const card = applications.getByRole("article", { name: application.title });
      await expect(card.getByRole("heading", { level: 3 })).toHaveText(application.title);
      await expect(card).toContainText(application.category);
      await expect(card).toContainText(application.price);
      await expect(card).toContainText(`${application.completionStatus}% complete`);
      await expect(card.getByRole("img", { name: application.imageAlt })).toBeVisible();

      const badges = card.getByRole("list", { name: "Tech stack" }).getByRole("listitem");
      await expect(badges).toHaveText([
        ...application.techStack.slice(0, 3),
        `+${application.techStack.length - 3} more`,
      ]);

      const included = card.getByRole("list", { name: "What's included" }).getByRole("listitem");
      await expect(included).toHaveText(application.whatIsIncluded.slice(0, 2));
      await expect(card.getByRole("button", { name: "View Details" })).toBeVisible();
    }
  });

  test("View Details opens the application dialog; Close, Escape and the overlay close it", async ({ page }) => {
    const [calculator, monitoring] = marketplaceApplications;
    const monitoringTrigger = page.getByRole("button", { name: `View Details: ${monitoring.title}` });
    await monitoringTrigger.click();

    const dialog = page.getByRole("dialog", { name: monitoring.title });
    await expect(dialog).toBeVisible();
    // It opens at its top, with its title in view, not scrolled to its first link at the bottom.
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
    await expect(dialog.getByRole("heading", { name: monitoring.title })).toBeInViewport();
    // Tab goes on to the dialog's own controls.
    await page.keyboard.press("Tab");
    await expect(dialog.locator(":focus")).toHaveCount(1);
    await expect(dialog).toContainText(monitoring.description);
    await expect(dialog).toContainText(monitoring.price);
    await expect(dialog).toContainText(`${monitoring.completionStatus}% complete`);
    await expect(dialog).toContainText(monitoring.revenueProjection);
    await expect(dialog).toContainText(monitoring.developmentTime);
    await expect(dialog.getByRole("region", { name: "Tech stack" }).getByRole("listitem")).toHaveText([
      ...monitoring.techStack,
    ]);
    await expect(dialog.getByRole("region", { name: "What's included" }).getByRole("listitem")).toHaveText([
      ...monitoring.whatIsIncluded,
    ]);
    await expect(dialog.getByRole("region", { name: "What needs completion" }).getByRole("listitem")).toHaveText([
      ...monitoring.whatNeedsCompletion,
    ]);
    const visit = dialog.getByRole("link", { name: /^Visit Application/ });
    await expect(visit).toHaveAttribute("href", monitoring.url);
    await expect(visit).toHaveAttribute("target", "_blank");
    await expect(visit).toHaveAttribute("rel", "noopener noreferrer");

    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(monitoringTrigger).toBeFocused();

    // A complete application has nothing left to finish: that section is left out.
    const calculatorTrigger = page.getByRole("button", { name: `View Details: ${calculator.title}` });
    await calculatorTrigger.click();
    const calculatorDialog = page.getByRole("dialog", { name: calculator.title });
    await expect(calculatorDialog).toBeVisible();
    await expect(calculatorDialog.getByRole("heading", { name: "What needs completion" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(calculatorDialog).toBeHidden();
    await expect(calculatorTrigger).toBeFocused();

    await calculatorTrigger.click();
    await expect(calculatorDialog).toBeVisible();
    await page.mouse.click(10, 400); // the overlay, left of the dialog
    await expect(calculatorDialog).toBeHidden();
  });

  test("the Free Tools table lists every tool with its first 2 features and a repository link", async ({ page }) => {
    const panel = page.getByRole("complementary", { name: "Free Tools" });
    const table = panel.getByRole("table");
    await expect(table).toBeVisible();
    await expect(table.getByRole("row")).toHaveCount(freeTools.length + 1);
    // The small-screen variant stays out of the way.
    await expect(panel.getByRole("button", { name: /more tools/ })).toBeHidden();

    for (const tool of freeTools) {
      const row = table.getByRole("row").filter({ hasText: tool.title });
      await expect(row.getByRole("list", { name: `Key features of ${tool.title}` }).getByRole("listitem")).toHaveText(
        tool.features.slice(0, 2),
      );
      await expect(row).toContainText(tool.category);
      await expect(row).toContainText(tool.license);
      const repository = row.getByRole("link", { name: `${tool.title} source code on GitHub (opens in a new tab)` });
      await expect(repository).toHaveAttribute("href", tool.githubUrl);
      await expect(repository).toHaveAttribute("target", "_blank");
      await expect(repository).toHaveAttribute("rel", "noopener noreferrer");
    }
  });

  test("'Use Tool' opens the tool in a new tab with a toast", async ({ page, context }) => {
    await stubOutboundSites(context);
    const tool = freeTools[1];
    const row = page.getByRole("complementary", { name: "Free Tools" }).getByRole("row").filter({ hasText: tool.title });

    const [toolTab] = await Promise.all([
      context.waitForEvent("page"),
      row.getByRole("link", { name: `Use Tool: ${tool.title} (opens in a new tab)` }).click(),
    ]);
    await toolTab.waitForLoadState();
    expect(toolTab.url()).toBe(tool.url);
    await expect(toasts(page).getByText("Opening Tool", { exact: true })).toBeVisible();
    await expect(toasts(page).getByText(`Redirecting to ${tool.title}`)).toBeVisible();
  });

  test("share opens the X intent in a 550×420 popup with 100 description characters and a toast", async ({
    page,
    context,
  }) => {
    await stubOutboundSites(context);
    await recordWindowOpen(page);
    await page.reload();
    await waitForHydration(page);
    const tool = freeTools[0];
    const row = page.getByRole("complementary", { name: "Free Tools" }).getByRole("row").filter({ hasText: tool.title });

    const [popup] = await Promise.all([
      context.waitForEvent("page"),
      row.getByRole("button", { name: `Share ${tool.title} on X` }).click(),
    ]);
    await popup.waitForURL((url) => url.href.startsWith(SHARE_INTENT));
    const intent = new URL(popup.url());
    const text = intent.searchParams.get("text") ?? "";
    const [firstLine, facts, hashtags] = text.split("\n");
    expect(firstLine).toBe(expectedFirstLine(tool.title, tool.description, 100));
    expect(facts).toContain(`Category: ${tool.category}`);
    expect(hashtags).toBe(marketplacePage.shareHashtags.map((tag) => `#${tag}`).join(" "));
    expect(intent.searchParams.get("url")).toBe(tool.url);

    const [[openedUrl, target, features]] = await openedCalls(page);
    expect(openedUrl).toBe(popup.url());
    expect(target).toBe("_blank");
    expect(features).toBe("width=550,height=420");

    await expect(toasts(page).getByText("Share on X", { exact: true })).toBeVisible();
    await expect(toasts(page).getByText("Opening X to share this manufacturing tool!")).toBeVisible();
  });

  test("sharing from the application dialog uses 120 description characters", async ({ page, context }) => {
    await stubOutboundSites(context);
    const application = marketplaceApplications[1];
    await page.getByRole("button", { name: `View Details: ${application.title}` }).click();
    const dialog = page.getByRole("dialog", { name: application.title });

    const [popup] = await Promise.all([
      context.waitForEvent("page"),
      dialog.getByRole("button", { name: `Share on X: ${application.title}` }).click(),
    ]);
    await popup.waitForURL((url) => url.href.startsWith(SHARE_INTENT));
    const intent = new URL(popup.url());
    const [firstLine, facts] = (intent.searchParams.get("text") ?? "").split("\n");
    expect(firstLine).toBe(expectedFirstLine(application.title, application.description, 120));
    expect(facts).toBe(
      `Price: ${application.price} | Time saved: ${application.developmentTime} of development | Category: ${application.category}`,
    );
    expect(intent.searchParams.get("url")).toBe(application.url);
    await expect(toasts(page).getByText("Opening X to share this manufacturing tool!")).toBeVisible();
  });

  test("'Use Tool' text contrasts at least 4.5:1 with its button, at rest and on hover", async ({ page }) => {
    const useTool = page
      .getByRole("complementary", { name: "Free Tools" })
      .getByRole("table")
      .getByRole("link", { name: /^Use Tool: / });
    await expect(useTool).toHaveCount(freeTools.length);
    for (const link of await useTool.all()) {
      const name = await link.getAttribute("aria-label");
      const rest = await shownColours(link);
      expect(contrastRatio(rest.text, rest.background), `${name} at rest`).toBeGreaterThanOrEqual(4.5);
      await link.hover();
      const hover = await shownColours(link);
      expect(contrastRatio(hover.text, hover.background), `${name} on hover`).toBeGreaterThanOrEqual(4.5);
    }
  });

  test("the application cards and the Free Tools panel reveal 120 ms and 360 ms after coming into view", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    const delay = (element: Locator) => element.evaluate((target) => getComputedStyle(target).transitionDelay);
    const applications = page.getByRole("region", { name: marketplacePage.applicationsHeading });
    const toolsPanel = page.locator("[data-reveal]", { has: page.getByRole("complementary", { name: "Free Tools" }) });
    expect(await delay(applications)).toBe("0.12s");
    expect(await delay(toolsPanel)).toBe("0.36s");
  });

  test("the closing block's button goes to /booking", async ({ page }) => {
    const schedule = page.getByRole("link", { name: "Schedule Manufacturing Assessment" });
    await scrollIntoViewSettled(schedule);
    await schedule.click();
    await expect(page).toHaveURL(/\/booking$/);
  });
});

test.describe("marketplace on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("shows the first tool and a left drawer with every tool; Demo closes it", async ({ page, context }) => {
    await stubOutboundSites(context);
    await gotoHydrated(page, "/marketplace");
    const panel = page.getByRole("complementary", { name: "Free Tools" });
    await expect(panel.getByRole("table")).toBeHidden();
    await expect(panel.getByRole("heading", { name: freeTools[0].title })).toBeVisible();
    for (const tool of freeTools.slice(1)) {
      // Hidden everywhere: the wide screens' table and the closed drawer both hold it.
      await expect(page.getByText(tool.title, { exact: true }).filter({ visible: true })).toHaveCount(0);
    }

    const trigger = panel.getByRole("button", { name: /^View \d+ more tools?$/ });
    await trigger.click();
    const drawer = page.getByRole("dialog", { name: "Free Tools" });
    await expect(drawer).toBeVisible();
    // Slides in from the left edge and leaves part of the page visible on the right.
    await expect
      .poll(async () => {
        const box = await drawer.boundingBox();
        return box ? [Math.round(box.x), box.width < 390] : null;
      })
      .toEqual([0, true]);
    for (const tool of freeTools) {
      await expect(drawer.getByRole("heading", { name: tool.title })).toBeVisible();
    }

    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(trigger).toBeFocused();

    // Keyboard opens it too (focus is back on the trigger).
    await page.keyboard.press("Enter");
    await expect(drawer).toBeVisible();
    const tool = freeTools[1];
    const [toolTab] = await Promise.all([
      context.waitForEvent("page"),
      drawer.getByRole("link", { name: `Demo: ${tool.title} (opens in a new tab)` }).click(),
    ]);
    await toolTab.waitForLoadState();
    expect(toolTab.url()).toBe(tool.url);
    await expect(drawer).toBeHidden();
    await expect(toasts(page).getByText(`Redirecting to ${tool.title}`)).toBeVisible();
  });

  test("the drawer button counts the tools not shown, singular for one: 'View 1 more tool'", async ({ page }) => {
    await page.goto("/marketplace");
    // The site lists 2 free tools (SPEC section 9): the first shows, 1 is behind the button.
    expect(freeTools).toHaveLength(2);
    await expect(page.getByRole("complementary", { name: "Free Tools" }).getByRole("button", { name: /more tool/ })).toHaveText(
      "View 1 more tool",
    );
  });

  test("lays out without horizontal overflow, with the application dialog open too", async ({ page }) => {
    await gotoHydrated(page, "/marketplace");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole("button", { name: `View Details: ${marketplaceApplications[1].title}` }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
