import { TZDate } from "@date-fns/tz";
import { addDays as addDaysFns, differenceInCalendarDays, format, startOfMonth } from "date-fns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  centralDate,
  centralDates,
  centralDaysOf,
  centralInstant,
  centralOffsetMs,
  centralTime,
  centralTimeExists,
  clockLabel,
  clockTime,
  csvDateTime,
  dateTime,
  datesFrom,
  daysBetween,
  isCalendarDate,
  longDate,
  monthDate,
  nextCentralMidnight,
  shortMonthDate,
  shortDate,
  startOfCentralDay,
  startOfCentralMonth,
  weekday,
} from "./central-time";

const ZONE = "America/Chicago";
const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe("Central Time at the edges", () => {
  it("reads the offset in CST and CDT, and changes it on the hour of each switch", () => {
    expect(centralOffsetMs(at("2026-01-15T12:00:00Z"))).toBe(-6 * HOUR);
    expect(centralOffsetMs(at("2026-07-15T12:00:00Z"))).toBe(-5 * HOUR);
    // 2026-03-08 02:00 CST = 08:00Z; 2026-11-01 02:00 CDT = 07:00Z.
    expect(centralOffsetMs(at("2026-03-08T07:59:59.999Z"))).toBe(-6 * HOUR);
    expect(centralOffsetMs(at("2026-03-08T08:00:00Z"))).toBe(-5 * HOUR);
    expect(centralOffsetMs(at("2026-11-01T06:59:59.999Z"))).toBe(-5 * HOUR);
    expect(centralOffsetMs(at("2026-11-01T07:00:00Z"))).toBe(-6 * HOUR);
  });

  it("dates an instant in Central Time around midnight, year ends and leap days", () => {
    expect(centralDate(at("2026-03-02T05:59:59Z"))).toBe("2026-03-01");
    expect(centralDate(at("2026-03-02T06:00:00Z"))).toBe("2026-03-02");
    expect(centralDate(at("2026-07-02T04:59:59Z"))).toBe("2026-07-01");
    expect(centralDate(at("2026-07-02T05:00:00Z"))).toBe("2026-07-02");
    expect(centralDate(at("2027-01-01T05:59:59.999Z"))).toBe("2026-12-31");
    expect(centralDate(at("2027-01-01T06:00:00Z"))).toBe("2027-01-01");
    expect(centralDate(at("2028-02-29T06:00:00Z"))).toBe("2028-02-29");
    expect(centralDate(at("2028-03-01T05:59:59Z"))).toBe("2028-02-29");
    expect(centralDate(at("9999-12-31T18:00:00Z"))).toBe("9999-12-31");
  });

  it("has no 02:00-02:59 on the spring-forward Sunday, and reads such a time with the offset before the change", () => {
    expect(centralTimeExists("2026-03-08", "01:59")).toBe(true);
    expect(centralTimeExists("2026-03-08", "02:00")).toBe(false);
    expect(centralTimeExists("2026-03-08", "02:59")).toBe(false);
    expect(centralTimeExists("2026-03-08", "03:00")).toBe(true);
    expect(centralTimeExists("2026-03-09", "02:30")).toBe(true);
    expect(iso(centralInstant("2026-03-08", "01:59"))).toBe("2026-03-08T07:59:00.000Z");
    expect(iso(centralInstant("2026-03-08", "02:30"))).toBe("2026-03-08T08:30:00.000Z"); // 03:30 CDT
    expect(iso(centralInstant("2026-03-08", "03:00"))).toBe("2026-03-08T08:00:00.000Z");
  });

  it("takes the first of the two 01:00-01:59 on the fall-back Sunday (CDT)", () => {
    expect(centralTimeExists("2026-11-01", "01:30")).toBe(true);
    expect(iso(centralInstant("2026-11-01", "00:59"))).toBe("2026-11-01T05:59:00.000Z");
    expect(iso(centralInstant("2026-11-01", "01:00"))).toBe("2026-11-01T06:00:00.000Z");
    expect(iso(centralInstant("2026-11-01", "01:59"))).toBe("2026-11-01T06:59:00.000Z");
    expect(iso(centralInstant("2026-11-01", "02:00"))).toBe("2026-11-01T08:00:00.000Z");
    // Both 01:30s are read back as 01:30.
    expect(centralTime(at("2026-11-01T06:30:00Z"))).toBe("01:30");
    expect(centralTime(at("2026-11-01T07:30:00Z"))).toBe("01:30");
  });

  it("gives the spring-forward Sunday 23 hours and the fall-back Sunday 25", () => {
    const length = (date: string) => (+startOfCentralDay(addDays(date, 1)) - +startOfCentralDay(date)) / HOUR;
    expect(length("2026-03-08")).toBe(23);
    expect(length("2026-11-01")).toBe(25);
    expect(length("2026-11-02")).toBe(24);
    expect(centralDaysOf(at("2026-03-08T06:00:00Z"), at("2026-03-10T05:00:00Z"))).toEqual([
      { date: "2026-03-08", startsAt: at("2026-03-08T06:00:00Z"), endsAt: at("2026-03-09T05:00:00Z") },
      { date: "2026-03-09", startsAt: at("2026-03-09T05:00:00Z"), endsAt: at("2026-03-10T05:00:00Z") },
    ]);
    expect(centralDaysOf(at("2026-11-01T05:00:00Z"), at("2026-11-02T06:00:00Z"))).toEqual([
      { date: "2026-11-01", startsAt: at("2026-11-01T05:00:00Z"), endsAt: at("2026-11-02T06:00:00Z") },
    ]);
  });

  it("finds the next midnight in Chicago: the same one all day, the day after's from midnight on, across DST", () => {
    expect(iso(nextCentralMidnight(at("2026-12-14T06:00:00Z")))).toBe("2026-12-15T06:00:00.000Z"); // 00:00 CST
    expect(iso(nextCentralMidnight(at("2026-12-15T05:59:59.999Z")))).toBe("2026-12-15T06:00:00.000Z"); // 23:59:59.999
    expect(iso(nextCentralMidnight(at("2026-12-15T06:00:00Z")))).toBe("2026-12-16T06:00:00.000Z"); // midnight itself
    // A 23-hour and a 25-hour day: their nights end at the other offset.
    expect(iso(nextCentralMidnight(at("2026-03-08T06:00:00Z")))).toBe("2026-03-09T05:00:00.000Z");
    expect(iso(nextCentralMidnight(at("2026-11-01T05:00:00Z")))).toBe("2026-11-02T06:00:00.000Z");
    expect(iso(nextCentralMidnight(at("2026-11-01T07:30:00Z")))).toBe("2026-11-02T06:00:00.000Z"); // the second 01:30
  });

  it("counts and adds calendar days across DST, month, year and leap-day ends", () => {
    expect(addDays("2026-03-07", 1)).toBe("2026-03-08");
    expect(addDays("2026-03-08", 1)).toBe("2026-03-09");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDays("2026-11-23", 180)).toBe("2027-05-22");
    expect(daysBetween("2026-03-07", "2026-03-09")).toBe(2);
    expect(daysBetween("2026-10-31", "2026-11-02")).toBe(2);
    expect(daysBetween("2028-01-01", "2029-01-01")).toBe(366);
    expect(daysBetween("2026-01-02", "2026-01-01")).toBe(-1);
    expect(datesFrom("2026-12-30", "2027-01-02")).toEqual(["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"]);
    expect(datesFrom("2026-01-02", "2026-01-01")).toEqual([]);
    expect(weekday("2026-11-01")).toBe(0);
  });

  it("starts the month at midnight on the 1st in Chicago, in either offset", () => {
    expect(iso(startOfCentralMonth(at("2026-03-31T12:00:00Z")))).toBe("2026-03-01T06:00:00.000Z");
    expect(iso(startOfCentralMonth(at("2026-07-01T04:59:59Z")))).toBe("2026-06-01T05:00:00.000Z");
    expect(iso(startOfCentralMonth(at("2027-01-01T05:00:00Z")))).toBe("2026-12-01T06:00:00.000Z");
  });

  it("buckets instants by their Central Time day", () => {
    expect(centralDates([at("2026-11-01T04:59:00Z"), at("2026-11-01T05:00:00Z"), at("2026-11-02T05:59:00Z")])).toEqual([
      "2026-10-31",
      "2026-11-01",
      "2026-11-01",
    ]);
    expect(centralDaysOf(at("2026-01-01T06:00:00Z"), at("2026-01-01T06:00:00Z"))).toEqual([]);
  });

  it("writes the formats the site uses", () => {
    const instant = at("2026-11-02T19:30:00Z"); // 1:30 PM CST
    expect(longDate(instant)).toBe("Monday, November 2, 2026");
    expect(shortDate(instant)).toBe("Mon, Nov 2, 2026");
    expect(monthDate(instant)).toBe("November 2, 2026");
    expect(shortMonthDate(instant)).toBe("Nov 2, 2026");
    expect(clockTime(instant)).toBe("1:30 PM");
    expect(dateTime(instant)).toBe("Nov 2, 2026, 1:30 PM CT");
    expect(csvDateTime(instant)).toBe("2026-11-02 13:30");
    expect(longDate("2028-02-29")).toBe("Tuesday, February 29, 2028");
    expect(clockTime(at("2026-07-01T05:05:00Z"))).toBe("12:05 AM");
    expect(clockTime(at("2026-07-01T17:00:00Z"))).toBe("12:00 PM");
    expect(["00:00", "09:00", "12:00", "13:00", "17:00", "23:59"].map(clockLabel)).toEqual([
      "12:00 AM",
      "9:00 AM",
      "12:00 PM",
      "1:00 PM",
      "5:00 PM",
      "11:59 PM",
    ]);
  });

  it("knows a real calendar date", () => {
    expect(["2026-02-28", "2028-02-29", "9999-12-31"].map(isCalendarDate)).toEqual([true, true, true]);
    expect(["2026-02-29", "2026-13-01", "2026-3-1", "tomorrow", "2026-02-28T00:00"].map(isCalendarDate)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

// The reference: @date-fns/tz, which the module replaces, on instants from 1970 to 2200.
const instants = fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2200, 0, 1) }).map((ms) => new Date(ms));
const calendarDates = fc
  .date({ min: new Date(Date.UTC(1970, 0, 2)), max: new Date(Date.UTC(2199, 11, 30)), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const clockTimes = fc
  .record({ hours: fc.integer({ min: 0, max: 23 }), minutes: fc.integer({ min: 0, max: 59 }) })
  .map(({ hours, minutes }) => `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`);
const reference = (date: string, time = "00:00") => {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return new TZDate(year, month - 1, day, hours, minutes, ZONE);
};
const RUNS = { numRuns: 3_000 };

describe("Central Time against @date-fns/tz", () => {
  it("dates, clocks and formats every instant as it does", () => {
    fc.assert(
      fc.property(instants, (instant) => {
        const zoned = new TZDate(instant, ZONE);
        expect(centralDate(instant)).toBe(format(zoned, "yyyy-MM-dd"));
        expect(longDate(instant)).toBe(format(zoned, "EEEE, MMMM d, yyyy"));
        expect(shortDate(instant)).toBe(format(zoned, "EEE, MMM d, yyyy"));
        expect(monthDate(instant)).toBe(format(zoned, "MMMM d, yyyy"));
        expect(shortMonthDate(instant)).toBe(format(zoned, "MMM d, yyyy"));
        expect(clockTime(instant)).toBe(format(zoned, "h:mm a"));
        expect(dateTime(instant)).toBe(`${format(zoned, "MMM d, yyyy, h:mm a")} CT`);
        expect(csvDateTime(instant)).toBe(format(zoned, "yyyy-MM-dd HH:mm"));
        expect(+startOfCentralMonth(instant)).toBe(+startOfMonth(zoned));
      }),
      RUNS,
    );
  });

  it("writes the dates Intl writes where the receipt and the payout form asked Intl before", () => {
    const longEnUs = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: ZONE });
    fc.assert(
      fc.property(instants, (instant) => {
        expect(monthDate(instant)).toBe(longEnUs.format(instant));
        expect(centralDate(instant)).toBe(instant.toLocaleDateString("en-CA", { timeZone: ZONE }));
      }),
      RUNS,
    );
  });

  it("finds the instant of every date and time as it does, and knows which ones exist", () => {
    fc.assert(
      fc.property(calendarDates, clockTimes, (date, time) => {
        const zoned = reference(date, time);
        expect(+centralInstant(date, time)).toBe(+zoned);
        // A time exists when reading the instant back gives it again.
        expect(centralTimeExists(date, time)).toBe(format(zoned, "yyyy-MM-dd HH:mm") === `${date} ${time}`);
      }),
      RUNS,
    );
  });

  it("adds and counts days as it does, and every day starts at its own midnight", () => {
    fc.assert(
      fc.property(calendarDates, fc.integer({ min: -400, max: 400 }), (date, days) => {
        const zoned = reference(date);
        const later = addDays(date, days);
        expect(later).toBe(format(addDaysFns(zoned, days), "yyyy-MM-dd"));
        expect(daysBetween(date, later)).toBe(differenceInCalendarDays(addDaysFns(zoned, days), zoned));
        expect(+startOfCentralDay(date)).toBe(+zoned);
        expect(centralDate(startOfCentralDay(date))).toBe(date);
        expect(centralDate(+startOfCentralDay(date) - 1)).toBe(addDays(date, -1));
      }),
      RUNS,
    );
  });
});
