// The booking calendar's days (react-day-picker, components/session-date-field.tsx). They are
// Central Time calendar dates held as local-midnight Dates: only their year, month and day are ever
// read, and those read the same in every zone, so react-day-picker's own date-fns answers hold.
import { format, parseISO } from "date-fns";
import type { DayPickerProps } from "react-day-picker";

/** A YYYY-MM-DD date as the calendar holds it: midnight of that date in the local zone. */
export function calendarDay(date: string): Date {
  return parseISO(date);
}

export function dateOfCalendarDay(day: Date): string {
  return format(day, "yyyy-MM-dd");
}

/** The day as `longDate` writes it ("Monday, November 30, 2026"). */
export function dayName(day: Date): string {
  return format(day, "EEEE, MMMM d, yyyy");
}

export const calendarLabels: DayPickerProps["labels"] = {
  // The day number must be a word of the button's name (WCAG 2.5.3): "Monday, November 30, 2026",
  // not react-day-picker's "Monday, November 30th, 2026".
  labelDayButton: (day, modifiers) => `${modifiers.today ? "Today, " : ""}${dayName(day)}${modifiers.selected ? ", selected" : ""}`,
};
