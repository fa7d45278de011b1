// What the booking and reschedule specs share: a weekday ahead, the date picker, the form's details,
// and the .ics of a mail file the server wrote.
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, type Mail } from "./fixtures";

/** The first Monday–Friday at least `days` ahead, YYYY-MM-DD in Chicago. */
export function weekdayAhead(days: number) {
  const format = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago", year: "numeric", month: "2-digit", day: "2-digit", weekday: "short" });
  for (let offset = days; ; offset++) {
    const parts = Object.fromEntries(format.formatToParts(new Date(Date.now() + offset * 86_400_000)).map((part) => [part.type, part.value]));
    if (parts.weekday !== "Sat" && parts.weekday !== "Sun") return `${parts.year}-${parts.month}-${parts.day}`;
  }
}

/** "2026-12-03" → "December 3, 2026", as the pages write it. */
export function monthDayYear(date: string) {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString("en-US", { timeZone: "UTC", month: "long", day: "numeric", year: "numeric" });
}

/** Pages the calendar forward to `date`'s month and picks the day. */
export async function chooseDate(page: Page, date: string) {
  const day = page.locator(`td[data-day="${date}"]:not([data-outside]) button`);
  for (let months = 0; months < 12 && !(await day.isVisible()); months++) {
    await page.getByRole("button", { name: "Go to the Next Month" }).click();
  }
  await day.click();
  await expect(page.getByText(/^Selected: /)).toContainText(monthDayYear(date));
}

/** The booking form's fields other than the date and time. */
export async function fillDetails(page: Page, email: string) {
  await page.getByLabel("First Name").fill("Ada");
  await page.getByLabel("Last Name").fill("Lovelace");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("316-555-0100");
  await page.getByLabel("Focus Area").selectOption("Quality Control Systems");
  await page.getByLabel("Manufacturing Scale").selectOption("intermediate");
  await page.getByLabel("Project Description").fill("Scrap on titanium brackets doubled since the new fixture.");
}

/** The .ics attachment of a mail file, decoded. */
export function calendarOf(mail: Mail) {
  const raw = fs.readFileSync(mail.file, "utf8");
  const base64 = raw.match(/filename=assessment\.ics\r?\n\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n(\r?\n|--)/)?.[1];
  if (!base64) throw new Error(`No assessment.ics in ${mail.file}`);
  return Buffer.from(base64.replace(/\s/g, ""), "base64").toString("utf8");
}

/** One field of that .ics (its lines unfolded). */
export function icsField(mail: Mail, name: string) {
  const lines = calendarOf(mail).replace(/\r\n /g, "").split("\r\n");
  return lines.find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1);
}
