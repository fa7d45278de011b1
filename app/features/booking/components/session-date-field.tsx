// The preferred date: a calendar (react-day-picker, days in Central Time) with the past and the days
// beyond the booking horizon disabled, arrow keys moving between days. Without JavaScript the
// calendar cannot work, so the page shows a plain date field instead (inside <noscript>, so it
// posts only when scripts are off; with scripts on, Conform's input control posts the value).
import { useInputControl, type FieldMetadata } from "@conform-to/react";
import { format } from "date-fns";
import { DayPicker, type ClassNames } from "react-day-picker";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { BOOKING_TIME_ZONE, centralDate, centralDay, isCalendarDate } from "../slots";

const dayButton =
  "inline-flex size-10 items-center justify-center rounded-md text-sm transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:pointer-events-none";
const navButton =
  "inline-flex size-9 items-center justify-center rounded-md border border-input bg-background outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60 aria-disabled:pointer-events-none aria-disabled:opacity-40";

const calendarClassNames: Partial<ClassNames> = {
  root: "relative w-fit",
  months: "flex flex-col",
  month: "flex flex-col gap-3",
  nav: "absolute inset-x-0 top-0 flex items-center justify-between",
  button_previous: navButton,
  button_next: navButton,
  chevron: "size-4 fill-current",
  month_caption: "flex h-9 items-center justify-center",
  caption_label: "text-sm font-semibold",
  month_grid: "border-collapse",
  weekday: "size-10 text-xs font-medium text-muted-foreground",
  day: "p-0 text-center",
  day_button: dayButton,
  today: "[&>button]:font-bold [&>button]:text-brand",
  selected: "[&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary [&>button]:hover:text-primary-foreground",
  disabled: "[&>button]:text-muted-foreground [&>button]:line-through [&>button]:opacity-60",
  outside: "[&>button]:text-muted-foreground/70",
  hidden: "invisible",
};

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
  const firstDay = centralDay(today);
  const lastDay = centralDay(lastDate);
  const selected = control.value && isCalendarDate(control.value) ? centralDay(control.value) : undefined;
  const labelId = `${field.id}-label`;
  const summaryId = `${field.id}-summary`;
  const invalid = Boolean(field.errors?.length);
  const describedBy = [summaryId, invalid ? field.errorId : null].filter(Boolean).join(" ");

  return (
    <div className="grid gap-2">
      <Label id={labelId} htmlFor={field.id}>
        Preferred Date
      </Label>
      <noscript>
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
      </noscript>
      <div
        role="group"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        data-invalid={invalid || undefined}
        className="w-fit rounded-md border border-input bg-card p-3 shadow-xs data-invalid:border-destructive [@media(scripting:none)]:hidden"
      >
        <DayPicker
          mode="single"
          required
          timeZone={BOOKING_TIME_ZONE}
          today={firstDay}
          selected={selected}
          onSelect={(day) => control.change(centralDate(day))}
          disabled={[{ before: firstDay }, { after: lastDay }]}
          startMonth={firstDay}
          endMonth={lastDay}
          defaultMonth={selected ?? firstDay}
          classNames={calendarClassNames}
        />
      </div>
      <p id={summaryId} aria-live="polite" className="text-sm text-muted-foreground [@media(scripting:none)]:hidden">
        {selected ? `Selected: ${format(selected, "EEEE, MMMM d, yyyy")}` : "No date selected yet."}
      </p>
      {invalid ? (
        <p id={field.errorId} className="text-sm text-destructive">
          {field.errors![0]}
        </p>
      ) : null}
    </div>
  );
}
