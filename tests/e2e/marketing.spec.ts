import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { axeProblems, expect, gotoHydrated, scrollIntoViewSettled, test } from "./fixtures";

// Public marketing pages: home, bootcamp, about, affiliate program, affiliate test portal and the
// checkout return pages (SPEC.md section 2).

const SHOTS_DIR = "/tmp/shots-pages";
const widths = [1280, 390] as const;

const pages = [
  { path: "/", name: "home", h1: "Aerospace-Grade Discipline for Your Shop Floor" },
  { path: "/bootcamp", name: "bootcamp", h1: "Three Days That Reset How Your Shop Runs" },
  { path: "/about", name: "about", h1: "Mark Halvorsen" },
  { path: "/affiliate-program", name: "affiliate-program", h1: "Earn 15% Commission Referring Manufacturers" },
  { path: "/affiliate-test", name: "affiliate-test", h1: "Affiliate Test Portal" },
  { path: "/payment-success", name: "payment-success", h1: "Payment Successful" },
  { path: "/payment-canceled", name: "payment-canceled", h1: "Payment Canceled" },
  { path: "/congrats", name: "congrats", h1: "Enrollment Confirmed" },
] as const;

const main = (page: Page) => page.getByRole("main");

/** Lazy images load only near the viewport: scrolls each shown one into view until it has loaded or failed. */
async function loadEveryImage(page: Page) {
  for (const image of await page.locator("img:visible").all()) {
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
}

/** Resolves once React has hydrated the bootcamp page: its effect stores the ref parameter. */
async function expectAffiliateRef(page: Page, value: string | null) {
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem("affiliateRef"))).toBe(value);
}

test.describe("every page at desktop and phone widths", () => {
  test.beforeAll(() => fs.mkdirSync(SHOTS_DIR, { recursive: true }));

  for (const width of widths) {
    for (const target of pages) {
      test(`${target.path} at ${width} px has one h1, header, main and footer, no sideways scroll and no broken image`, async ({ page }) => {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await page.emulateMedia({ reducedMotion: "reduce" });
        const response = await page.goto(target.path);
        expect(response?.status()).toBe(200);

        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(target.h1);
        await expect(page.getByRole("banner")).toBeVisible();
        await expect(main(page)).toBeVisible();
        await expect(page.getByRole("contentinfo")).toBeVisible();

        await loadEveryImage(page);
        // No sideways scrolling at either width.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBe(0);
        // Every image that was asked for arrived (the built AVIF/WebP files exist).
        await expect
          .poll(() => page.evaluate(() => [...document.images].filter((img) => img.complete && img.naturalWidth === 0).length))
          .toBe(0);
        await page.screenshot({ path: `${SHOTS_DIR}/e2e-${target.name}-${width}.png`, fullPage: true });
      });
    }
  }
});

// Content pages run without React (decision 040): one small enhancement module, nothing else.
const contentPages = ["/", "/bootcamp", "/about", "/marketplace", "/affiliate-program", "/blog", "/blog/e2e-reader-post", "/payment-success", "/payment-canceled"] as const;

test.describe("content pages without React's scripts", () => {
  for (const width of widths) {
    for (const path of contentPages) {
      test(`${path} at ${width} px loads only its enhancement module and is axe clean`, async ({ page }) => {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        const scripts: string[] = [];
        page.on("request", (request) => {
          if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
        });
        await gotoHydrated(page, path);
        expect(scripts).toEqual([expect.stringMatching(/^\/assets\/content-[\w-]+\.js$/)]);
        expect(await page.locator('link[rel="modulepreload"]').count()).toBe(0);
        expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
        expect(await axeProblems(page)).toEqual([]);
      });
    }
  }
});

test.describe("home", () => {
  test("sections come in the spec's order with their cards and buttons", async ({ page }) => {
    await page.goto("/");
    const hero = page.locator("section", { has: page.getByRole("heading", { level: 1 }) });
    for (const stat of ["20+", "5-Axis", "25+"]) await expect(hero.getByText(stat, { exact: true })).toBeVisible();
    await expect(hero.getByText("Years Aerospace Experience")).toBeVisible();
    await expect(hero.getByText("CNC Programming Mastery")).toBeVisible();
    await expect(hero.getByText("Employee Teams Led")).toBeVisible();
    await expect(hero.getByRole("link", { name: "Enroll in Bootcamp — $7,500" })).toHaveAttribute("href", "/bootcamp");
    await expect(hero.getByRole("link", { name: "Schedule Assessment" })).toHaveAttribute("href", "/booking");

    // The section headings, in order (hero first, booking block last).
    const headings = await main(page).getByRole("heading", { level: 2 }).allTextContents();
    expect(headings).toEqual([
      "Two Decades on the Floor, Not Behind a Slide Deck",
      "A Consultant Who Has Stood at the Control",
      "What We Cover in Your 30-Minute Assessment",
      "What Manufacturing Leaders Say",
      "Earn 15% Referring Manufacturers to the Bootcamp",
      "Find Your Biggest Constraint in 30 Minutes",
    ]);

    const section = (title: string) => page.getByRole("region", { name: title });
    await expect(section("Two Decades on the Floor, Not Behind a Slide Deck").getByRole("listitem")).toHaveCount(4);
    await expect(section("A Consultant Who Has Stood at the Control").getByRole("listitem")).toHaveCount(3);
    const assessment = section("What We Cover in Your 30-Minute Assessment");
    await expect(assessment.getByRole("listitem")).toHaveCount(6);
    await expect(assessment.getByRole("heading", { name: "The 30-Minute Promise" })).toBeVisible();
    await expect(assessment.getByRole("link", { name: "Schedule Assessment" })).toHaveAttribute("href", "/booking");
    await expect(section("Earn 15% Referring Manufacturers to the Bootcamp").getByRole("link", { name: "Become an Affiliate Partner" })).toHaveAttribute(
      "href",
      "/affiliate-program",
    );
    const booking = section("Find Your Biggest Constraint in 30 Minutes");
    await expect(booking).toContainText("free 30-minute manufacturing assessment");
    await expect(booking.getByRole("link", { name: "Book Your Free Assessment" })).toHaveAttribute("href", "/booking");

    await expect(main(page).getByRole("link", { name: "Admin", exact: true })).toHaveAttribute("href", "/admin-login");
  });

  test("hero and block buttons lead to their pages", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Enroll in Bootcamp — $7,500" }).click();
    await expect(page).toHaveURL(/\/bootcamp$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Three Days That Reset How Your Shop Runs");

    await page.goto("/");
    await page.locator("section", { has: page.getByRole("heading", { level: 1 }) }).getByRole("link", { name: "Schedule Assessment" }).click();
    await expect(page).toHaveURL(/\/booking$/);

    await page.goto("/");
    const becomeAffiliate = page.getByRole("link", { name: "Become an Affiliate Partner" });
    await scrollIntoViewSettled(becomeAffiliate);
    await becomeAffiliate.click();
    await expect(page).toHaveURL(/\/affiliate-program$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Earn 15% Commission Referring Manufacturers");
  });

  test.describe("testimonial carousel", () => {
    const slides = (page: Page) => page.locator('[aria-roledescription="slide"]');
    const carousel = (page: Page) => page.getByRole("region", { name: "Testimonials" });

    async function ready(page: Page) {
      await gotoHydrated(page, "/");
      await expect(slides(page)).toHaveCount(4);
      // Embla loads as the carousel nears the screen; once it has measured itself it hides the
      // slides that are out of view from screen readers.
      await carousel(page).scrollIntoViewIfNeeded();
      await expect(page.locator('[aria-roledescription="slide"][aria-hidden="true"]').first()).toBeAttached();
    }

    // How much of each slide shows, clipped by the carousel's viewport (IntersectionObserver applies
    // the overflow clip): a slide counts as shown when most of it is.
    const shownSlides = (page: Page) =>
      slides(page).evaluateAll((elements) =>
        Promise.all(
          elements.map(
            (element) =>
              new Promise<boolean>((resolve) => {
                const observer = new IntersectionObserver(([entry]) => {
                  observer.disconnect();
                  resolve(entry.intersectionRatio > 0.5);
                });
                observer.observe(element);
              }),
          ),
        ),
      );

    async function expectOnlyVisible(page: Page, visible: number[]) {
      const expected = [0, 1, 2, 3].map((index) => visible.includes(index));
      await expect.poll(() => shownSlides(page)).toEqual(expected);
    }

    test("arrow keys move one testimonial at a time and loop on a phone", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await ready(page);
      await expectOnlyVisible(page, [0]);

      await carousel(page).focus();
      await page.keyboard.press("ArrowRight");
      await expectOnlyVisible(page, [1]);
      await expect(page.getByText("Testimonial 2 of 4")).toBeAttached();
      await page.keyboard.press("ArrowRight");
      await expectOnlyVisible(page, [2]);
      await page.keyboard.press("ArrowRight");
      await expectOnlyVisible(page, [3]);
      // Past the last one it loops back to the first.
      await page.keyboard.press("ArrowRight");
      await expectOnlyVisible(page, [0]);
      // And backwards from the first to the last.
      await page.keyboard.press("ArrowLeft");
      await expectOnlyVisible(page, [3]);
      await expect(slides(page).nth(3)).toContainText("Marcus Ochoa");
    });

    test("shows two per row on wide screens; labelled buttons move it", async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await ready(page);
      await expectOnlyVisible(page, [0, 1]);

      const next = page.getByRole("button", { name: "Next testimonial" });
      const previous = page.getByRole("button", { name: "Previous testimonial" });
      await next.click();
      await expectOnlyVisible(page, [1, 2]);
      await previous.click();
      await previous.click();
      // Looping backwards puts the last testimonial first, beside the first one.
      await expectOnlyVisible(page, [3, 0]);

      await carousel(page).focus();
      await page.keyboard.press("ArrowRight");
      await expectOnlyVisible(page, [0, 1]);
    });
  });
});

test.describe("bootcamp", () => {
  test("the server HTML carries the Product structured data at 7500.00 USD", async ({ request }) => {
    const response = await request.get("/bootcamp");
    expect(response.status()).toBe(200);
    const html = await response.text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1]) as Record<string, unknown>,
    );
    const product = blocks.find((block) => block["@type"] === "Product");
    expect(product).toBeDefined();
    expect(product?.offers).toMatchObject({ "@type": "Offer", price: "7500.00", priceCurrency: "USD" });
    expect(product?.name).toBe("Manufacturing Bootcamp");
  });

  test("has the enrol buttons, topics, outline, badge and instructor", async ({ page }) => {
    await page.goto("/bootcamp");
    const enroll = page.getByRole("button", { name: "Enroll Now — $7,500" });
    await expect(enroll).toHaveCount(2); // top and bottom
    await expect(page.getByRole("link", { name: "Talk to an expert" })).toHaveAttribute("href", "/booking");
    await expect(page.getByRole("link", { name: "Request a call" })).toHaveAttribute("href", "/booking");

    const topics = page.getByRole("region", { name: "13 Topics, One Operating System for Your Shop" });
    await expect(topics.getByRole("listitem")).toHaveCount(13);
    for (const topic of ["ITAR Compliance", "Federal Contracting Registration", "AI in Manufacturing", "ERP Systems", "CNC Analytics"]) {
      await expect(topics.getByRole("heading", { name: topic })).toBeVisible();
    }
    const outline = page.getByRole("region", { name: "The 3-Day Outline" });
    await expect(outline.getByRole("heading", { level: 3 })).toHaveText([
      "Day 1: Assess the Operation",
      "Day 2: Machines & Training",
      "Day 3: Plan & Compliance",
    ]);

    const badge = page.getByRole("img", { name: /certificate of completion badge/ });
    await badge.scrollIntoViewIfNeeded();
    await expect(badge).toBeVisible();
    await expect.poll(() => badge.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    const instructor = page.getByRole("region", { name: "Your Instructor: Mark Halvorsen" });
    await expect(instructor.getByRole("link", { name: /^LinkedIn/ })).toHaveAttribute("href", /linkedin\.com/);
    await expect(instructor.getByRole("link", { name: /^YouTube/ })).toHaveAttribute("target", "_blank");
    await expect(instructor.getByRole("link", { name: /^X:/ })).toHaveAttribute("rel", /noopener/);

    const talkToExpert = page.getByRole("link", { name: "Talk to an expert" });
    await scrollIntoViewSettled(talkToExpert);
    await talkToExpert.click();
    await expect(page).toHaveURL(/\/booking$/);
  });

  test("captures the ref query parameter into sessionStorage affiliateRef", async ({ page }) => {
    await page.goto("/bootcamp?ref=ABC");
    await expectAffiliateRef(page, "ABC");
    // A later visit without ref keeps the reference for the session.
    await gotoHydrated(page, "/bootcamp");
    await expectAffiliateRef(page, "ABC");
  });

  test("Enroll Now shows the busy state, then the error toast when checkout cannot start", async ({ page }) => {
    await gotoHydrated(page, "/bootcamp?ref=ABC");
    await expectAffiliateRef(page, "ABC");

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const requests: unknown[] = [];
    await page.route("**/api/create-payment", async (route) => {
      requests.push(Object.fromEntries(new URLSearchParams(route.request().postData() ?? "")));
      await held;
      await route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "boom" }) });
    });

    await page.getByRole("button", { name: "Enroll Now — $7,500" }).first().click();
    const busy = page.getByRole("button", { name: "Processing..." });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    await expect(page.getByText("Redirecting to secure checkout...")).toBeVisible();
    await expect.poll(() => requests).toEqual([{ affiliateRef: "ABC" }]);

    release();
    await expect(page.getByText("Unable to start checkout. Please try again.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Processing..." })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Enroll Now — $7,500" }).first()).toBeEnabled();
  });

  test("Enroll Now reports an error when the answer has no url, and sends no ref without one", async ({ page }) => {
    await gotoHydrated(page, "/bootcamp");
    const requests: unknown[] = [];
    await page.route("**/api/create-payment", async (route) => {
      requests.push(Object.fromEntries(new URLSearchParams(route.request().postData() ?? "")));
      await route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({}) });
    });
    const bottomEnroll = page.getByRole("button", { name: "Enroll Now — $7,500" }).last();
    await scrollIntoViewSettled(bottomEnroll);
    await bottomEnroll.click();
    await expect(page.getByText("Unable to start checkout. Please try again.")).toBeVisible();
    expect(requests).toEqual([{ affiliateRef: "" }]);
  });

  test("Enroll Now opens the returned checkout url in a new tab", async ({ page, baseURL }) => {
    await gotoHydrated(page, "/bootcamp");
    await page.route("**/api/create-payment", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ url: `${baseURL}/payment-success` }) }),
    );
    const popupPromise = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Enroll Now — $7,500" }).first().click();
    const popup = await popupPromise;
    await expect(popup).toHaveURL(/\/payment-success$/);
    await expect(popup.getByRole("heading", { level: 1 })).toHaveText("Payment Successful");
    await expect(page).toHaveURL(/\/bootcamp$/);
  });
});

test("about: CV sections and both booking buttons", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("link", { name: "Schedule a Consultation" })).toHaveAttribute("href", "/booking");
  await expect(page.getByRole("link", { name: "Book Your Consultation Today" })).toHaveAttribute("href", "/booking");

  const experience = page.getByRole("region", { name: "Professional Experience" });
  await expect(experience.getByRole("heading", { level: 3 })).toHaveText([
    "Leadership & Consulting",
    "Robotics & Automation",
    "Aerospace Manufacturing",
    "CNC Programming & Machining",
  ]);
  const expertise = page.getByRole("region", { name: "Core Expertise" });
  await expect(expertise.getByRole("listitem")).toHaveCount(12);
  await expect(expertise.getByRole("listitem").first()).toContainText(/CNC machining & setup\s*22 years/);
  await expect(page.getByRole("region", { name: "Education & Certifications" }).getByRole("listitem")).toHaveCount(4);
  await expect(page.getByRole("region", { name: "Key Achievements" }).getByRole("listitem")).toHaveCount(6);

  const bookConsultation = page.getByRole("link", { name: "Book Your Consultation Today" });
  await scrollIntoViewSettled(bookConsultation);
  await bookConsultation.click();
  await expect(page).toHaveURL(/\/booking$/);
});

/** A role's period as [end, start] years, e.g. "2016 – 2019" → [2019, 2016], "2023 – Present" → [Infinity, 2023]. */
function periodYears(period: string): [number, number] {
  const [start, end] = period.split("–").map((part) => (part.trim() === "Present" ? Infinity : Number(part)));
  return [end ?? NaN, start ?? NaN];
}

test("about: the experience timeline and the education list run newest first", async ({ page }) => {
  await page.goto("/about");
  // Each role's period is the line right after its title.
  const periods = await page.getByRole("region", { name: "Professional Experience" }).locator("h4 + p").allTextContents();
  expect(periods).toHaveLength(6);
  const years = periods.map(periodYears);
  expect(years.flat().every((year) => year > 2000), periods.join(", ")).toBe(true);
  const newestFirst = [...years].sort(([endA, startA], [endB, startB]) => endB - endA || startB - startA);
  expect(years, periods.join(", ")).toEqual(newestFirst);

  const education = await page
    .getByRole("region", { name: "Education & Certifications" })
    .getByRole("listitem")
    .allTextContents();
  const educationYears = education.map((item) => Number(item.slice(-4)));
  expect(educationYears.every((year) => year > 2000), education.join(", ")).toBe(true);
  expect(educationYears).toEqual([...educationYears].sort((a, b) => b - a));
});

test("affiliate program: pitch and its three buttons", async ({ page }) => {
  await page.goto("/affiliate-program");
  await expect(main(page)).toContainText("15%");
  await expect(main(page)).toContainText(/monthly/i);
  await expect(main(page)).toContainText("2-3 business days");
  await expect(page.getByRole("link", { name: "Apply Now" })).toHaveAttribute("href", "/auth?redirect=/affiliate-application");
  await expect(page.getByRole("link", { name: "Existing Partner? Go to Dashboard" })).toHaveAttribute("href", "/affiliate-dashboard");
  await expect(page.getByRole("link", { name: "Start Application" })).toHaveAttribute("href", "/affiliate-application");

  await page.getByRole("link", { name: "Apply Now" }).click();
  await expect(page).toHaveURL(/\/auth\?redirect=\/affiliate-application$/);
});

test("affiliate test portal shows an anonymous visitor, links every page and disables admin-only buttons", async ({ page }) => {
  await page.goto("/affiliate-test");
  const user = page.getByRole("region", { name: "Current user" });
  await expect(user).toContainText(/Signed in as\s*Not signed in/);
  await expect(user).toContainText(/Admin\s*No/);

  const links: Array<[string | RegExp, string]> = [
    ["Affiliate Application", "/affiliate-application"],
    ["Affiliate Dashboard", "/affiliate-dashboard"],
    [/Sample Affiliate Link/, "/a/SAMPLE001"],
    ["Admin Login", "/admin-login"],
    [/Bootcamp with \?ref=SAMPLE001/, "/bootcamp?ref=SAMPLE001"],
  ];
  for (const [name, href] of links) await expect(main(page).getByRole("link", { name })).toHaveAttribute("href", href);

  // Admin-only pages are real disabled buttons, not links.
  for (const name of ["Affiliate Management", "Admin Dashboard"]) {
    await expect(main(page).getByRole("link", { name })).toHaveCount(0);
    const button = main(page).getByRole("button", { name });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(/Admins only/);
  }

  await main(page).getByRole("link", { name: /Bootcamp with \?ref=SAMPLE001/ }).click();
  await expect(page).toHaveURL(/\/bootcamp\?ref=SAMPLE001$/);
  await expectAffiliateRef(page, "SAMPLE001");
});

test.describe("checkout return pages", () => {
  test("payment success: 'Go to Home' leads home", async ({ page }) => {
    await page.goto("/payment-success");
    await page.getByRole("link", { name: "Go to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("payment canceled: card not charged, 'Talk to an expert' and 'Back to Bootcamp' buttons", async ({ page }) => {
    await page.goto("/payment-canceled");
    await expect(main(page)).toContainText("card was not charged");
    await expect(page.getByRole("link", { name: "Talk to an expert" })).toHaveAttribute("href", "/booking");
    await page.getByRole("link", { name: "Back to Bootcamp" }).click();
    await expect(page).toHaveURL(/\/bootcamp$/);
  });

  test("congrats: enrolment confirmed with 'View Bootcamp Details' and 'Go to Home'", async ({ page }) => {
    await page.goto("/congrats");
    await expect(main(page)).toContainText("is confirmed");
    await expect(page.getByRole("link", { name: "Go to Home" })).toHaveAttribute("href", "/");
    await page.getByRole("link", { name: "View Bootcamp Details" }).click();
    await expect(page).toHaveURL(/\/bootcamp$/);
  });

  test("the return pages and the test portal are marked noindex, nofollow", async ({ request }) => {
    for (const path of ["/payment-success", "/payment-canceled", "/congrats", "/affiliate-test"]) {
      const html = await (await request.get(path)).text();
      expect(html, path).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    }
  });
});

test.describe("reveal on scroll", () => {
  const revealOpacity = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).opacity);

  test("a section below the fold fades in once scrolled to", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoHydrated(page, "/");
    const booking = page.locator('[data-reveal][aria-labelledby="booking-title"]');
    await expect(booking).toHaveAttribute("data-reveal", "hidden");
    expect(await revealOpacity(booking)).toBe("0");

    await booking.scrollIntoViewIfNeeded();
    await expect(booking).toHaveAttribute("data-reveal", "visible");
    await expect.poll(() => revealOpacity(booking)).toBe("1");
  });

  test("with reduced motion every revealed section is visible at once", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    for (const path of ["/", "/bootcamp", "/about", "/affiliate-program"]) {
      await page.goto(path);
      const sections = page.locator("[data-reveal]");
      expect(await sections.count(), path).toBeGreaterThan(0);
      const opacities = await sections.evaluateAll((elements) => elements.map((element) => getComputedStyle(element).opacity));
      expect(opacities.every((opacity) => opacity === "1"), `${path}: ${opacities.join(",")}`).toBe(true);
    }
  });
});
