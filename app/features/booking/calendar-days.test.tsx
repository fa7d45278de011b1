// The calendar's days: YYYY-MM-DD dates held as local midnight, named as the rest of the site names
// a date, and the calendar the booking page draws with them, through daylight-saving months.
import { renderToStaticMarkup } from "react-dom/server";
import { DayPicker } from "react-day-picker";
import { describe, expect, it } from "vitest";
import { longDate } from "~/lib/central-time";
import { calendarDay, calendarLabels, dateOfCalendarDay, dayName } from "./calendar-days";

/** Every day from `first` to `last` (YYYY-MM-DD), as the calendar holds them. */
function days(first: string, last: string): Date[] {
  const all: Date[] = [];
  for (let day = calendarDay(first); day <= calendarDay(last); day = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1)) all.push(day);
  return all;
}

describe("the calendar's days", () => {
  const everyDay = days("2019-12-01", "2036-01-31");

  it("reads and writes a YYYY-MM-DD date as local midnight", () => {
    expect(everyDay.every((day) => day.getHours() === 0 && calendarDay(dateOfCalendarDay(day)).getTime() === day.getTime())).toBe(true);
    expect(dateOfCalendarDay(calendarDay("2027-03-14"))).toBe("2027-03-14");
    expect(calendarDay("2026-11-01")).toEqual(new Date(2026, 10, 1));
  });

  it("names every day as the rest of the site writes a date", () => {
    const wrong = everyDay.filter((day) => dayName(day) !== longDate(dateOfCalendarDay(day))).map(dateOfCalendarDay);
    expect(wrong).toEqual([]);
    expect(dayName(calendarDay("2026-11-30"))).toBe("Monday, November 30, 2026");
  });
});

describe("the calendar drawn with them", () => {
  // What the booking page passes.
  function drawn(today: string, selected?: string, month?: string) {
    const firstDay = calendarDay(today);
    const lastDay = new Date(firstDay.getFullYear(), firstDay.getMonth(), firstDay.getDate() + 120);
    return renderToStaticMarkup(
      <DayPicker
        mode="single"
        required
        today={firstDay}
        selected={selected ? calendarDay(selected) : undefined}
        onSelect={() => {}}
        disabled={(day: Date) => day < firstDay || day > lastDay}
        startMonth={firstDay}
        endMonth={lastDay}
        defaultMonth={calendarDay(month ?? selected ?? today)}
        labels={calendarLabels}
      />,
    );
  }
  const buttonNames = (html: string) => [...html.matchAll(/<button[^>]*aria-label="([^"]+)"/g)].map((match) => match[1]!).filter((name) => /\d{4}/.test(name));
  const dayButtons = (html: string) => buttonNames(html).filter((name) => !/month/i.test(name));

  it("names today, the chosen day and every day of the month with its number", () => {
    const html = drawn("2026-11-26", "2026-11-30");
    expect(html).toContain("November 2026");
    expect(html).toContain('aria-label="Wednesday"');
    const names = dayButtons(html);
    expect(names).toContain("Today, Thursday, November 26, 2026");
    expect(names).toContain("Monday, November 30, 2026, selected");
  });

  it.each([
    ["spring forward", "2027-03-01", "2027-03-14", 31],
    ["fall back", "2026-10-20", "2026-11-01", 30],
  ])("draws each day of a daylight-saving month once (%s)", (_, today, selected, length) => {
    const names = dayButtons(drawn(today, selected)).map((name) => name.replace(/^Today, /, "").replace(/, selected$/, ""));
    const month = days(`${selected.slice(0, 7)}-01`, `${selected.slice(0, 7)}-${length}`).map(dayName);
    expect(month.filter((name) => names.filter((drawnName) => drawnName === name).length !== 1)).toEqual([]);
  });

  it("draws a year's last month to its last day", () => {
    const html = drawn("2026-12-03", undefined, "2026-12-01");
    expect(html).toContain("December 2026");
    expect(dayButtons(html)).toContain("Thursday, December 31, 2026");
  });
});
