import { describe, expect, it } from "vitest";
import { centralDate, centralInstant, isCalendarDate } from "~/lib/central-time";
import {
  daySlots,
  isWithinHorizon,
  lastBookableDate,
  meetsLeadTime,
  reminderSendTime,
  sessionInterval,
  SLOT_TIMES,
  slotLabel,
  slotOptions,
  type Interval,
} from "./slots";

const at = (iso: string) => new Date(iso);
const HOUR = 60 * 60_000;

/** The slots of `date` that are offered, as "HH:mm". */
function open(options: { date: string; durationMinutes: number; now: Date; busy?: Interval[]; horizonDays?: number }) {
  return daySlots({ horizonDays: 180, busy: [], ...options })
    .filter((slot) => slot.available)
    .map((slot) => slot.time);
}

describe("Central Time instants across the two DST changes of 2026", () => {
  it.each([
    ["the day before DST starts (CST, UTC-6)", "2026-03-07", "09:00", "2026-03-07T15:00:00.000Z"],
    ["the day DST starts, 2 a.m. (CDT, UTC-5)", "2026-03-08", "09:00", "2026-03-08T14:00:00.000Z"],
    ["the last slot the day DST starts", "2026-03-08", "17:00", "2026-03-08T22:00:00.000Z"],
    ["the day before DST ends (CDT)", "2026-10-31", "09:00", "2026-10-31T14:00:00.000Z"],
    ["the day DST ends, 2 a.m. (CST, UTC-6)", "2026-11-01", "09:00", "2026-11-01T15:00:00.000Z"],
    ["the last slot the day DST ends", "2026-11-01", "17:00", "2026-11-01T23:00:00.000Z"],
  ])("%s: %s %s CT is %s", (_when, date, time, iso) => {
    expect(centralInstant(date, time).toISOString()).toBe(iso);
  });

  it("gives every duration its real length on both DST days", () => {
    for (const date of ["2026-03-08", "2026-11-01"]) {
      for (const minutes of [30, 60, 90]) {
        const { startsAt, endsAt } = sessionInterval(date, "16:00", minutes);
        expect(endsAt.getTime() - startsAt.getTime()).toBe(minutes * 60_000);
      }
    }
  });

  it("names today's date in Chicago, not in UTC", () => {
    // 23:30 on 1 March in Chicago is already 2 March in UTC.
    expect(centralDate(at("2026-03-02T05:30:00Z"))).toBe("2026-03-01");
    expect(centralDate(at("2026-03-02T06:00:00Z"))).toBe("2026-03-02");
    // Midnight in Chicago right after DST ended is 06:00 UTC.
    expect(centralDate(at("2026-11-02T05:59:00Z"))).toBe("2026-11-01");
    expect(centralDate(at("2026-11-02T06:00:00Z"))).toBe("2026-11-02");
  });
});

describe("slots", () => {
  it("offers 09:00 to 17:00 hourly, in 12-hour form followed by CT", () => {
    expect(SLOT_TIMES).toHaveLength(9);
    expect(SLOT_TIMES.map(slotLabel)).toEqual([
      "9:00 AM CT",
      "10:00 AM CT",
      "11:00 AM CT",
      "12:00 PM CT",
      "1:00 PM CT",
      "2:00 PM CT",
      "3:00 PM CT",
      "4:00 PM CT",
      "5:00 PM CT",
    ]);
  });

  it("offers a taken slot in the select marked '(Unavailable)' and disabled, a free one as its label", () => {
    const slots = daySlots({ date: "2026-12-08", durationMinutes: 60, now: at("2026-12-01T15:00:00Z"), horizonDays: 180, busy: [sessionInterval("2026-12-08", "10:00", 60)] });
    expect(slotOptions(slots).slice(0, 2)).toEqual([
      { value: "09:00", label: "9:00 AM CT", disabled: false },
      { value: "10:00", label: "10:00 AM CT (Unavailable)", disabled: true },
    ]);
  });

  it("knows a real calendar date", () => {
    expect(isCalendarDate("2026-02-28")).toBe(true);
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2026-13-01")).toBe(false);
    expect(isCalendarDate("2026-3-1")).toBe(false);
    expect(isCalendarDate("tomorrow")).toBe(false);
  });
});

describe("the 3-hour lead time", () => {
  it.each([
    ["the day DST starts", "2026-03-08", "09:00"],
    ["the day DST ends", "2026-11-01", "09:00"],
    ["an ordinary afternoon", "2026-06-10", "14:00"],
  ])("%s: exactly 3 hours ahead is too late, a millisecond more is fine", (_when, date, time) => {
    const startsAt = centralInstant(date, time);
    expect(meetsLeadTime(startsAt, new Date(startsAt.getTime() - 3 * HOUR))).toBe(false);
    expect(meetsLeadTime(startsAt, new Date(startsAt.getTime() - 3 * HOUR - 1))).toBe(true);
    expect(meetsLeadTime(startsAt, new Date(startsAt.getTime() - 3 * HOUR + 1))).toBe(false);
  });

  it("marks today's slots within 3 hours unavailable, by real time on the day DST starts", () => {
    // 06:00 CDT on 8 March = 11:00 UTC: 09:00 is exactly 3 hours away, 10:00 is 4.
    expect(open({ date: "2026-03-08", durationMinutes: 60, now: at("2026-03-08T11:00:00Z") })).toEqual(SLOT_TIMES.slice(1));
    // One millisecond earlier, 09:00 is still bookable.
    expect(open({ date: "2026-03-08", durationMinutes: 60, now: at("2026-03-08T10:59:59.999Z") })).toEqual([...SLOT_TIMES]);
  });

  it("by real time on the day DST ends", () => {
    // 13:00 CST on 1 November = 19:00 UTC: 16:00 is exactly 3 hours away.
    expect(open({ date: "2026-11-01", durationMinutes: 30, now: at("2026-11-01T19:00:00Z") })).toEqual(["17:00"]);
    expect(open({ date: "2026-11-01", durationMinutes: 30, now: at("2026-11-01T18:59:59.999Z") })).toEqual(["16:00", "17:00"]);
  });

  it("offers nothing on a past day", () => {
    expect(open({ date: "2026-03-07", durationMinutes: 60, now: at("2026-03-08T11:00:00Z") })).toEqual([]);
  });
});

describe("the booking horizon", () => {
  const now = at("2026-03-01T18:00:00Z"); // noon on 1 March in Chicago

  it("reaches exactly horizonDays past today in Chicago", () => {
    expect(lastBookableDate(now, 180)).toBe("2026-08-28");
    expect(isWithinHorizon("2026-08-28", now, 180)).toBe(true);
    expect(isWithinHorizon("2026-08-29", now, 180)).toBe(false);
    expect(open({ date: "2026-08-28", durationMinutes: 60, now })).toEqual([...SLOT_TIMES]);
    expect(open({ date: "2026-08-29", durationMinutes: 60, now })).toEqual([]);
  });

  it("counts from Chicago's date late in the evening, when UTC is already tomorrow", () => {
    const lateEvening = at("2026-03-02T05:30:00Z"); // 23:30 on 1 March in Chicago
    expect(lastBookableDate(lateEvening, 180)).toBe("2026-08-28");
    expect(lastBookableDate(lateEvening, 1)).toBe("2026-03-02");
  });

  it("moves on at Chicago's midnight, whichever way the clock goes between calls", () => {
    const beforeMidnight = at("2026-03-08T05:59:59.999Z"); // 23:59:59.999 on 7 March (CST)
    const atMidnight = at("2026-03-08T06:00:00Z"); // 00:00 on 8 March, the day clocks go forward
    expect(lastBookableDate(beforeMidnight, 1)).toBe("2026-03-08");
    expect(lastBookableDate(atMidnight, 1)).toBe("2026-03-09");
    expect(lastBookableDate(beforeMidnight, 1)).toBe("2026-03-08");
    expect(lastBookableDate(beforeMidnight, 2)).toBe("2026-03-09");
    // 8 March has 23 hours: 9 March begins at 05:00 UTC (CDT).
    expect(lastBookableDate(at("2026-03-09T04:59:59Z"), 1)).toBe("2026-03-09");
    expect(lastBookableDate(at("2026-03-09T05:00:00Z"), 1)).toBe("2026-03-10");
  });

  it("counts calendar days across DST changes", () => {
    expect(lastBookableDate(at("2026-03-07T18:00:00Z"), 1)).toBe("2026-03-08");
    expect(lastBookableDate(at("2026-03-07T18:00:00Z"), 2)).toBe("2026-03-09");
    expect(lastBookableDate(at("2026-10-31T18:00:00Z"), 2)).toBe("2026-11-02");
  });
});

describe("slots against neighbouring bookings and blocks", () => {
  const date = "2026-06-10";
  const now = at("2026-06-01T12:00:00Z");
  const booking = (time: string, minutes: number) => sessionInterval(date, time, minutes);

  it.each([
    [30, ["09:00", "10:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"]],
    [60, ["09:00", "10:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"]],
    // 10:00 for 90 minutes runs into 11:00; 09:00 for 90 minutes ends at 10:30.
    [90, ["09:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"]],
  ])("a 60-minute booking at 11:00, for a %i-minute session", (minutes, expected) => {
    expect(open({ date, durationMinutes: minutes, now, busy: [booking("11:00", 60)] })).toEqual(expected);
  });

  it.each([
    // 09:00–10:00 ends as the booking starts: allowed. 11:00 for 30 minutes still overlaps 11:00–11:30.
    [30, ["09:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"]],
    [60, ["09:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"]],
    [90, ["12:00", "13:00", "14:00", "15:00", "16:00", "17:00"]],
  ])("a 90-minute booking at 10:00, for a %i-minute session", (minutes, expected) => {
    expect(open({ date, durationMinutes: minutes, now, busy: [booking("10:00", 90)] })).toEqual(expected);
  });

  it.each([
    // Blocked 13:30–14:00: a 30-minute 13:00 session ends as the block starts.
    [30, ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"]],
    [60, ["09:00", "10:00", "11:00", "12:00", "14:00", "15:00", "16:00", "17:00"]],
    // 12:00 for 90 minutes ends at 13:30, as the block starts.
    [90, ["09:00", "10:00", "11:00", "12:00", "14:00", "15:00", "16:00", "17:00"]],
  ])("a block from 13:30 to 14:00, for a %i-minute session", (minutes, expected) => {
    const block = { startsAt: centralInstant(date, "13:30"), endsAt: centralInstant(date, "14:00") };
    expect(open({ date, durationMinutes: minutes, now, busy: [block] })).toEqual(expected);
  });

  it("a whole-day block leaves nothing; a block on the next day leaves the late 90-minute slot", () => {
    const wholeDay = { startsAt: centralInstant(date, "00:00"), endsAt: centralInstant("2026-06-11", "00:00") };
    expect(open({ date, durationMinutes: 30, now, busy: [wholeDay] })).toEqual([]);
    const nextDay = { startsAt: centralInstant("2026-06-11", "00:00"), endsAt: centralInstant("2026-06-12", "00:00") };
    expect(open({ date, durationMinutes: 90, now, busy: [nextDay] })).toEqual([...SLOT_TIMES]);
  });

  it("on the day DST ends, a booking at 16:00 takes 15:00 for 90 minutes and 17:00 stays free", () => {
    const busy = [sessionInterval("2026-11-01", "16:00", 60)];
    const earlier = at("2026-10-25T12:00:00Z");
    expect(open({ date: "2026-11-01", durationMinutes: 90, now: earlier, busy })).toEqual([
      "09:00",
      "10:00",
      "11:00",
      "12:00",
      "13:00",
      "14:00",
      "17:00",
    ]);
  });
});

describe("the reminder time", () => {
  it("is 24 real hours before the session, also across the start of DST", () => {
    const startsAt = centralInstant("2026-03-08", "09:00"); // 14:00 UTC, CDT
    expect(reminderSendTime(startsAt, at("2026-03-01T12:00:00Z"))?.toISOString()).toBe("2026-03-07T14:00:00.000Z"); // 08:00 CST
  });

  it("is not scheduled for a session less than 24 hours away", () => {
    const startsAt = centralInstant("2026-11-02", "09:00");
    const dayBefore = new Date(startsAt.getTime() - 24 * HOUR);
    expect(reminderSendTime(startsAt, dayBefore)?.getTime()).toBe(dayBefore.getTime());
    expect(reminderSendTime(startsAt, new Date(dayBefore.getTime() + 1))).toBeNull();
  });
});
