// The calendar's own date answers against date-fns', day by day, and the calendar they draw
// against the one date-fns draws (with week numbers shown, so a wrong week is seen in the HTML).
import { differenceInCalendarDays, getWeek, isSameDay, isSameMonth } from "date-fns";
import { renderToStaticMarkup } from "react-dom/server";
import { DayPicker, type DayPickerProps } from "react-day-picker";
import { describe, expect, it } from "vitest";
import { longDate } from "~/lib/central-time";
import { calendarDateLib, calendarDay, calendarFormatters, calendarLabels, dateOfCalendarDay, dayName, weekOfYear } from "./calendar-days";

/** Every day from `first` to `last` (YYYY-MM-DD), as the calendar holds them. */
function days(first: string, last: string): Date[] {
  const all: Date[] = [];
  for (let day = calendarDay(first); day <= calendarDay(last); day = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1)) all.push(day);
  return all;
}

const lib = calendarDateLib!;

describe("the calendar's date answers", () => {
  const everyDay = days("2019-12-01", "2036-01-31");

  it("reads and writes a YYYY-MM-DD date as local midnight", () => {
    expect(everyDay.every((day) => calendarDay(dateOfCalendarDay(day)).getTime() === day.getTime())).toBe(true);
    expect(dateOfCalendarDay(calendarDay("2027-03-14"))).toBe("2027-03-14");
  });

  it("names every day as the rest of the site writes a date", () => {
    const wrong = everyDay.filter((day) => dayName(day) !== longDate(dateOfCalendarDay(day))).map(dateOfCalendarDay);
    expect(wrong).toEqual([]);
    expect(dayName(calendarDay("2026-11-30"))).toBe("Monday, November 30, 2026");
  });

  it("gives every day the week date-fns gives it, across year ends (week 1 can start in December)", () => {
    const wrong = everyDay.filter((day) => weekOfYear(day) !== getWeek(day)).map(dateOfCalendarDay);
    expect(wrong).toEqual([]);
    expect(weekOfYear(calendarDay("2026-12-27"))).toBe(1);
    expect(weekOfYear(calendarDay("2027-01-02"))).toBe(1);
    expect(weekOfYear(calendarDay("2026-12-26"))).toBe(52);
  });

  it("says days apart, same day and same month as date-fns does, through daylight-saving changes", () => {
    const anchors = ["2026-03-08", "2026-11-01", "2026-11-26", "2027-12-31"].map(calendarDay);
    for (const anchor of anchors) {
      for (const day of everyDay) {
        if (lib.differenceInCalendarDays!(day, anchor) !== differenceInCalendarDays(day, anchor)) throw new Error(`days apart: ${day} ${anchor}`);
        if (lib.isSameDay!(day, anchor) !== isSameDay(day, anchor)) throw new Error(`same day: ${day} ${anchor}`);
        if (lib.isSameMonth!(day, anchor) !== isSameMonth(day, anchor)) throw new Error(`same month: ${day} ${anchor}`);
      }
    }
  });
});

describe("the calendar drawn with them", () => {
  // What the booking page passes, with date-fns' answers and names for comparison.
  function drawn(props: Partial<DayPickerProps>, ours: boolean) {
    const firstDay = props.today!;
    const lastDay = new Date(firstDay.getFullYear(), firstDay.getMonth(), firstDay.getDate() + 120);
    return renderToStaticMarkup(
      <DayPicker
        mode="single"
        required
        showWeekNumber
        selected={undefined}
        onSelect={() => {}}
        startMonth={firstDay}
        endMonth={lastDay}
        defaultMonth={firstDay}
        {...(props as object)}
        disabled={ours ? (day: Date) => day < firstDay || day > lastDay : [{ before: firstDay }, { after: lastDay }]}
        labels={ours ? calendarLabels : { labelDayButton: calendarLabels!.labelDayButton }}
        formatters={ours ? calendarFormatters : { formatDay: calendarFormatters!.formatDay }}
        dateLib={ours ? calendarDateLib : undefined}
      />,
    );
  }

  it.each([
    ["a month begun", { today: calendarDay("2026-11-26") }],
    ["a chosen day", { today: calendarDay("2026-11-26"), selected: calendarDay("2026-11-30") }],
    ["a year's end (week 1 in December)", { today: calendarDay("2026-12-03"), defaultMonth: calendarDay("2026-12-01") }],
    ["a daylight-saving month", { today: calendarDay("2027-03-01"), selected: calendarDay("2027-03-14") }],
    ["the next year's first month", { today: calendarDay("2026-12-20"), defaultMonth: calendarDay("2027-01-01") }],
  ])("draws %s exactly as with date-fns", (_, props) => {
    const ours = drawn(props as Partial<DayPickerProps>, true);
    expect(ours).toContain('aria-label="Wednesday"');
    expect(ours).toBe(drawn(props as Partial<DayPickerProps>, false));
  });
});
