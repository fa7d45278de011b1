import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { BOOKING_MESSAGES, bookingSchema } from "./forms";
import { centralInstant } from "~/lib/central-time";

const HOUR = 60 * 60_000;

const valid = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "316-555-0100",
  sessionDate: "2026-03-09",
  sessionTime: "10:00",
  sessionDuration: "60",
  projectType: "Process Optimization",
  projectDescription: "Spindle utilisation on second shift is low.",
  experienceLevel: "beginner",
};

function errorsOf(fields: Record<string, string>, now = new Date("2026-03-01T12:00:00Z"), horizonDays = 180) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  const submission = parseWithZod(formData, { schema: bookingSchema({ now: () => now, horizonDays }) });
  return submission.status === "success" ? {} : (submission.reply().error ?? {});
}

describe("the booking schema", () => {
  it("accepts a complete booking", () => {
    expect(errorsOf(valid)).toEqual({});
  });

  it("answers every field with the spec's message, all at once", () => {
    expect(errorsOf({ sessionDuration: "45", experienceLevel: "expert", projectDescription: "short" })).toEqual({
      firstName: [BOOKING_MESSAGES.firstName],
      lastName: [BOOKING_MESSAGES.lastName],
      email: [BOOKING_MESSAGES.email],
      phone: [BOOKING_MESSAGES.phone],
      sessionDate: [BOOKING_MESSAGES.sessionDate],
      sessionTime: [BOOKING_MESSAGES.sessionTime],
      sessionDuration: [BOOKING_MESSAGES.sessionDuration],
      projectType: [BOOKING_MESSAGES.projectType],
      projectDescription: [BOOKING_MESSAGES.projectDescription],
      experienceLevel: [BOOKING_MESSAGES.experienceLevel],
    });
  });

  it("checks the 3-hour rule on the time field even when other fields are wrong", () => {
    const startsAt = centralInstant("2026-03-09", "10:00");
    const errors = errorsOf({ ...valid, firstName: "A" }, new Date(startsAt.getTime() - 3 * HOUR));
    expect(errors).toEqual({ firstName: [BOOKING_MESSAGES.firstName], sessionTime: [BOOKING_MESSAGES.leadTime] });
    expect(errorsOf(valid, new Date(startsAt.getTime() - 3 * HOUR - 1))).toEqual({});
  });

  it("refuses a time that is not a slot, a date that does not exist, and a date past the horizon", () => {
    expect(errorsOf({ ...valid, sessionTime: "10:30" })).toEqual({ sessionTime: [BOOKING_MESSAGES.sessionTime] });
    expect(errorsOf({ ...valid, sessionDate: "2026-02-30" })).toEqual({ sessionDate: [BOOKING_MESSAGES.sessionDate] });
    expect(errorsOf({ ...valid, sessionDate: "2026-03-12" }, undefined, 10)).toEqual({ sessionDate: [BOOKING_MESSAGES.horizon(10)] });
    expect(errorsOf({ ...valid, sessionDate: "2026-03-11" }, undefined, 10)).toEqual({});
  });

  it("trims names and bounds the long texts", () => {
    expect(errorsOf({ ...valid, firstName: " A " })).toEqual({ firstName: [BOOKING_MESSAGES.firstName] });
    expect(errorsOf({ ...valid, specificGoals: "x".repeat(2_001) })).toEqual({ specificGoals: [BOOKING_MESSAGES.tooLong(2_000)] });
  });
});
