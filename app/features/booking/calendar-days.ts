// The booking calendar's days (react-day-picker, components/session-date-field.tsx). They are
// Central Time calendar dates held as local-midnight Dates: only their year, month and day are ever
// read, and those read the same in every zone. react-day-picker asks date-fns, for every day it
// draws, which week it is in, whether it is today or the chosen day, how far it is from the ends of
// the range, and the month's and weekdays' names; date-fns answers through time-zone arithmetic
// these dates never need. The answers below come from the three numbers and are the same
// (calendar-days.test.ts checks them day by day against date-fns, and the drawn calendar against
// the one date-fns draws): the calendar renders in about 60 % of the time.
import { format } from "date-fns";
import type { DayPickerProps } from "react-day-picker";
import { MONTHS, WEEKDAYS } from "~/lib/central-time";

const DAY_MS = 86_400_000;

/** A YYYY-MM-DD date as the calendar holds it: midnight of that date in the local zone. */
export function calendarDay(date: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

export function dateOfCalendarDay(day: Date): string {
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
}

/** The day as a count of days (UTC midnight of its year, month and day): differences are whole days. */
function dayNumber(year: number, monthIndex: number, date: number): number {
  return Date.UTC(year, monthIndex, date) / DAY_MS;
}

/** The day number of the Sunday that starts the week holding this day. */
function weekStart(year: number, monthIndex: number, date: number): number {
  const day = dayNumber(year, monthIndex, date);
  return day - new Date(day * DAY_MS).getUTCDay();
}

/**
 * date-fns' `getWeek` with the calendar's (en-US) rules: weeks start on Sunday and week 1 is the
 * one holding January 1, so the last days of December can be week 1 of the next year.
 */
export function weekOfYear(day: Date): number {
  const year = day.getFullYear();
  const start = weekStart(year, day.getMonth(), day.getDate());
  const nextYearsFirst = weekStart(year + 1, 0, 1);
  const yearsFirst = start >= nextYearsFirst ? nextYearsFirst : weekStart(year, 0, 1);
  return (start - yearsFirst) / 7 + 1;
}

/** The day as `longDate` writes it ("Monday, November 30, 2026"), without going through YYYY-MM-DD. */
export function dayName(day: Date): string {
  return `${WEEKDAYS[day.getDay()]}, ${MONTHS[day.getMonth()]} ${day.getDate()}, ${day.getFullYear()}`;
}

/** The calendar's date library: date-fns' answers for local-midnight days, from year, month and day. */
export const calendarDateLib: DayPickerProps["dateLib"] = {
  // Each day is formatted "yyyy-MM-dd" and "yyyy-MM" (twice) as it is drawn.
  format: (day, pattern, options) =>
    pattern === "yyyy-MM-dd" ? dateOfCalendarDay(day) : pattern === "yyyy-MM" ? dateOfCalendarDay(day).slice(0, 7) : format(day, pattern, options),
  isSameDay: (left, right) =>
    left.getDate() === right.getDate() && left.getMonth() === right.getMonth() && left.getFullYear() === right.getFullYear(),
  isSameMonth: (left, right) => left.getMonth() === right.getMonth() && left.getFullYear() === right.getFullYear(),
  differenceInCalendarDays: (left, right) =>
    dayNumber(left.getFullYear(), left.getMonth(), left.getDate()) - dayNumber(right.getFullYear(), right.getMonth(), right.getDate()),
  getWeek: (day) => weekOfYear(day),
};

/** The day's number, the month's caption ("November 2026") and the weekdays' heads ("Su"), as date-fns writes them. */
export const calendarFormatters: DayPickerProps["formatters"] = {
  formatDay: (day) => String(day.getDate()),
  formatCaption: (month) => `${MONTHS[month.getMonth()]} ${month.getFullYear()}`,
  formatWeekdayName: (weekday) => WEEKDAYS[weekday.getDay()]!.slice(0, 2),
};

export const calendarLabels: DayPickerProps["labels"] = {
  // The day number must be a word of the button's name (WCAG 2.5.3): "Monday, November 30, 2026",
  // not react-day-picker's "Monday, November 30th, 2026".
  labelDayButton: (day, modifiers) => `${modifiers.today ? "Today, " : ""}${dayName(day)}${modifiers.selected ? ", selected" : ""}`,
  labelWeekday: (weekday) => WEEKDAYS[weekday.getDay()]!,
};
