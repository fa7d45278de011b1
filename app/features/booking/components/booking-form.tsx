// /booking's form (SPEC.md section 2): four sections, every message under its field. A plain
// <Form method="post">: without JavaScript the server answers with the same messages and keeps
// what was typed. With it, the schema checks first (the visitor's clock) once its code has loaded,
// just after the page starts (decision 037), and choosing a date or a duration asks the server
// which start times that day still has.
import { getFormProps, useForm, type Submission } from "@conform-to/react";
import { useEffect, useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { Field, FormError, SelectField, SubmitButton, TextareaField, useToast, VALIDATION_TIMING } from "~/components/form";
import type { BookingActionResult } from "../actions.server";
import type { Availability } from "../booking.server";
import { BOOKING_FORM_DEFAULTS, EXPERIENCE_LEVEL_LABELS, EXPERIENCE_LEVELS, FOCUS_AREAS } from "../form-options";
import type { bookingFormConstraint } from "../form-validation";
import type { BookingFormValues } from "../forms";
import { isCalendarDate } from "~/lib/central-time";
import { SESSION_DURATIONS, SLOT_TIMES, slotLabel, slotOptions, type SlotState } from "../slots";
import { SessionDateField } from "./session-date-field";

const BOOKING_FORM_ID = "booking";

const durationOptions = SESSION_DURATIONS.map((minutes) => ({ value: minutes, label: `${minutes} minutes` }));
const focusAreaOptions = FOCUS_AREAS.map((area) => ({ value: area, label: area }));
const experienceOptions = EXPERIENCE_LEVELS.map((level) => ({ value: level, label: EXPERIENCE_LEVEL_LABELS[level] }));
const slotsBeforeADateIsChosen: SlotState[] = SLOT_TIMES.map((time) => ({ time, label: slotLabel(time), available: true }));

type Validate = (formData: FormData) => Submission<BookingFormValues>;

/**
 * The schema's checks, once their module has loaded (null until then, and if it cannot load: the
 * server checks every submit with the same schema either way).
 */
function useBookingChecks(horizonDays: number): Validate | null {
  const [validate, setValidate] = useState<Validate | null>(null);
  useEffect(() => {
    let current = true;
    import("../form-validation")
      .then(({ validateBookingForm }) => {
        if (current) setValidate(() => (formData: FormData) => validateBookingForm(formData, horizonDays));
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [horizonDays]);
  return validate;
}

/** The newest answer about this date and duration, wherever it came from. */
function newestAvailability(date: string, duration: string, answers: Array<Availability | null | undefined>) {
  return answers
    .filter((answer): answer is Availability => answer?.date === date && answer.duration === duration)
    .sort((a, b) => b.checkedAt - a.checkedAt)[0];
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `booking-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-primary">
        {title}
      </h2>
      <div className="mt-5 grid gap-5">{children}</div>
    </section>
  );
}

export function BookingForm({
  today,
  lastDate,
  horizonDays,
  constraint,
  availability,
  actionResult,
}: {
  today: string;
  lastDate: string;
  horizonDays: number;
  /** The schema's HTML constraints, from the loader: the same HTML before the checks load and after. */
  constraint: ReturnType<typeof bookingFormConstraint>;
  availability: Availability | null;
  actionResult: BookingActionResult | undefined;
}) {
  // The visitor's clock gives instant feedback; the server checks again with its own. Until the
  // checks have loaded, Conform leaves a submit to the server (no validation on typing meanwhile:
  // without onValidate, Conform would post each check to the server).
  const validate = useBookingChecks(horizonDays);
  const [form, fields] = useForm<BookingFormValues>({
    id: BOOKING_FORM_ID,
    lastResult: actionResult?.reply,
    defaultValue: BOOKING_FORM_DEFAULTS,
    constraint,
    ...(validate ? { ...VALIDATION_TIMING, onValidate: ({ formData }) => validate(formData) } : {}),
  });
  useToast(actionResult?.toast);

  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/booking" && navigation.formMethod?.toUpperCase() === "POST";

  const date = fields.sessionDate.value ?? "";
  const duration = fields.sessionDuration.value ?? BOOKING_FORM_DEFAULTS.sessionDuration;
  const availabilityFetcher = useFetcher<{ availability: Availability | null }>();
  useEffect(() => {
    if (!isCalendarDate(date)) return;
    void availabilityFetcher.load(`/booking?${new URLSearchParams({ date, duration })}`);
    // `load` is stable; the fetcher object itself changes on every state change.
  }, [date, duration]);
  const dayAvailability = newestAvailability(date, duration, [
    availabilityFetcher.data?.availability,
    actionResult?.availability,
    availability,
  ]);
  const slots = dayAvailability?.slots ?? slotsBeforeADateIsChosen;
  // A time chosen for another date or duration that this one has taken is cleared, so the field
  // never shows a choice the submit would refuse. (A time refused by the server stays, under its
  // message.)
  const chosenTime = fields.sessionTime.value;
  const fetched = availabilityFetcher.data?.availability;
  useEffect(() => {
    if (!chosenTime || fetched?.date !== date || fetched.duration !== duration) return;
    if (fetched.slots.some((slot) => slot.time === chosenTime && !slot.available)) {
      form.update({ name: fields.sessionTime.name, value: "" });
    }
    // Runs when an answer arrives; `form` and the field's name do not change.
  }, [fetched]);
  const checking = availabilityFetcher.state === "loading";

  return (
    <Form method="post" {...getFormProps(form)} data-checks={validate ? "ready" : undefined} className="grid gap-6">
      <FormError id={form.errorId} errors={form.errors} />

      <Section title="Contact Details">
        <div className="grid items-start gap-5 sm:grid-cols-2">
          <Field field={fields.firstName} label="First Name" autoComplete="given-name" />
          <Field field={fields.lastName} label="Last Name" autoComplete="family-name" />
        </div>
        <div className="grid items-start gap-5 sm:grid-cols-2">
          <Field field={fields.email} label="Email" type="email" autoComplete="email" placeholder="you@company.com" />
          <Field field={fields.phone} label="Phone" type="tel" autoComplete="tel" placeholder="(316) 555-0100" />
        </div>
      </Section>

      <Section title="Session Preferences">
        <div className="grid items-start gap-6 md:grid-cols-[auto_1fr]">
          <SessionDateField field={fields.sessionDate} today={today} lastDate={lastDate} />
          <div className="grid content-start gap-5">
            <SelectField
              field={fields.sessionTime}
              label="Preferred Time"
              description={checking ? "Times shown in Central Time. Checking availability..." : "Times shown in Central Time"}
              placeholder="Select a time"
              options={slotOptions(slots)}
            />
            <SelectField field={fields.sessionDuration} label="Session Duration" options={durationOptions} />
          </div>
        </div>
      </Section>

      <Section title="Manufacturing Challenge Details">
        <div className="grid items-start gap-5 sm:grid-cols-2">
          <SelectField field={fields.projectType} label="Focus Area" placeholder="Select a focus area" options={focusAreaOptions} />
          <SelectField field={fields.experienceLevel} label="Manufacturing Scale" options={experienceOptions} />
        </div>
        <TextareaField
          field={fields.projectDescription}
          label="Project Description"
          placeholder="Describe your current manufacturing challenge: parts, machines, volumes, what is not working..."
          rows={5}
        />
      </Section>

      <Section title="Additional Information">
        <TextareaField
          field={fields.specificGoals}
          label="Specific Goals (optional)"
          placeholder="What would you like to achieve? E.g. shorter setups, lower scrap, passing an audit."
          rows={3}
        />
        <TextareaField
          field={fields.additionalRequirements}
          label="Additional Requirements (optional)"
          placeholder="Anything we should know before the session: ITAR, site access, preferred contact times."
          rows={3}
        />
      </Section>

      <div className="grid gap-3">
        <SubmitButton busy={busy} busyText="Submitting..." variant="brand" size="lg" className="h-12 w-full text-base">
          Schedule Assessment
        </SubmitButton>
        <p className="text-center text-sm text-muted-foreground">
          This assessment is free and comes with no commitment. We confirm your booking within 24 hours.
        </p>
      </div>
    </Form>
  );
}
