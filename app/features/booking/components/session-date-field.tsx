// The preferred date: a calendar (react-day-picker) with the past and the days beyond the booking
// horizon disabled, arrow keys moving between days. Without JavaScript the calendar cannot work, so
// the page shows a plain date field instead (inside <noscript>, so it posts only when scripts are
// off; with scripts on, Conform's input control posts the value).
// The calendar's days are Central Time calendar dates held as local-midnight Dates: the grid only
// needs year, month and day, which read the same in every zone, and react-day-picker's `timeZone`
// recomputed Chicago's offset for every day it drew (most of /booking's render time; decision 011).
// Its look is in app/app.css (.booking-calendar), by react-day-picker's own class names.
import { useInputControl, type FieldMetadata } from "@conform-to/react";
import { DayPicker } from "react-day-picker";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useHydrated } from "~/components/use-hydrated";
import { isCalendarDate, longDate } from "~/lib/central-time";
import { calendarDay, calendarLabels, dateOfCalendarDay } from "../calendar-days";
import { SHOW_TIMES_INTENT } from "../messages";

export function SessionDateField({
  field,
  today,
  lastDate,
}: {
  field: FieldMetadata<string>;
  /** Today and the last bookable day, YYYY-MM-DD in Central Time, from the server's clock. */
  today: string;
  lastDate: string;
}) {
  const control = useInputControl(field);
  const firstDay = calendarDay(today);
  const lastDay = calendarDay(lastDate);
  const selected = control.value && isCalendarDate(control.value) ? calendarDay(control.value) : undefined;
  const labelId = `${field.id}-label`;
  const summaryId = `${field.id}-summary`;
  const invalid = Boolean(field.errors?.length);
  const describedBy = [summaryId, invalid ? field.errorId : null].filter(Boolean).join(" ");
  // The label names the date input of <noscript>; with scripts there is none (the calendar is the
  // field, labelled by aria-labelledby), and a `for` pointing nowhere is a browser issue.
  const hydrated = useHydrated();

  return (
    <div className="grid gap-2">
      <Label id={labelId} htmlFor={hydrated ? undefined : field.id}>
        Preferred Date
      </Label>
      <noscript>
        {/* The times offered depend on the date: "Show times" asks for them (the server books nothing). */}
        <div className="flex gap-2">
          <Input
            type="date"
            id={field.id}
            name={field.name}
            defaultValue={field.initialValue}
            min={today}
            max={lastDate}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? field.errorId : undefined}
          />
          <Button type="submit" name="intent" value={SHOW_TIMES_INTENT} variant="outline" formNoValidate>
            Show times
          </Button>
        </div>
      </noscript>
      <div
        role="group"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        data-invalid={invalid || undefined}
        className="booking-calendar w-fit rounded-md border border-input bg-card p-3 shadow-xs data-invalid:border-destructive [@media(scripting:none)]:hidden"
      >
        <DayPicker
          mode="single"
          required
          today={firstDay}
          selected={selected}
          onSelect={(day) => control.change(dateOfCalendarDay(day))}
          disabled={(day) => day < firstDay || day > lastDay}
          startMonth={firstDay}
          endMonth={lastDay}
          defaultMonth={selected ?? firstDay}
          labels={calendarLabels}
        />
      </div>
      <p id={summaryId} aria-live="polite" className="text-sm text-muted-foreground [@media(scripting:none)]:hidden">
        {selected ? `Selected: ${longDate(control.value!)}` : "No date selected yet."}
      </p>
      {invalid ? (
        <p id={field.errorId} className="text-sm text-destructive">
          {field.errors![0]}
        </p>
      ) : null}
    </div>
  );
}
