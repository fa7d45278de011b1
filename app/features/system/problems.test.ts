import { describe, expect, it } from "vitest";
import { formatBytes } from "~/lib/format-bytes";
import { systemProblems, type SystemFacts } from "./problems";

const now = new Date("2026-03-10T12:00:00Z");
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 60 * 60_000);
const GB = 1024 ** 3;

const healthy: SystemFacts = {
  outbox: { due: 2, dueOverAnHour: 0, failed: 0 },
  jobs: { retrying: 0, failed: 0, recentFailures: [] },
  backup: { last: { at: hoursAgo(5) }, lastFailure: null },
  disk: { freeBytes: 40 * GB, totalBytes: 100 * GB, path: "/srv/site/data" },
};

describe("systemProblems", () => {
  it("finds nothing wrong with a healthy site", () => {
    expect(systemProblems(healthy, now)).toEqual([]);
  });

  it("says how many e-mails have waited over an hour, and points at SMTP_URL", () => {
    const [problem] = systemProblems({ ...healthy, outbox: { due: 14, dueOverAnHour: 12, failed: 0 } }, now);
    expect(problem).toMatchObject({ severity: "critical", title: "12 e-mails have waited more than an hour to be sent." });
    expect(problem!.action).toContain("SMTP_URL");
  });

  it("reports given-up e-mails and failed or retrying jobs with the newest error", () => {
    const problems = systemProblems(
      {
        ...healthy,
        outbox: { due: 0, dueOverAnHour: 0, failed: 1 },
        jobs: { retrying: 2, failed: 3, recentFailures: [{ name: "analytics:housekeeping", lastError: "disk full" }] },
      },
      now,
    );
    expect(problems.map((problem) => problem.title)).toEqual([
      "1 e-mail could not be delivered within a day and was given up.",
      "3 background tasks failed this week (most recently “analytics:housekeeping”: disk full).",
      "2 background tasks are being retried after an error.",
    ]);
  });

  it("warns of a missing, a stale and a failed backup", () => {
    expect(systemProblems({ ...healthy, backup: { last: null, lastFailure: null } }, now)[0]).toMatchObject({ severity: "warning", title: "No backup has been taken yet." });
    expect(systemProblems({ ...healthy, backup: { last: { at: hoursAgo(47) }, lastFailure: null } }, now)).toEqual([]);
    expect(systemProblems({ ...healthy, backup: { last: { at: hoursAgo(72) }, lastFailure: null } }, now)[0]).toMatchObject({
      severity: "critical",
      title: "The newest backup is 3 days old.",
    });
    const failed = systemProblems({ ...healthy, backup: { last: { at: hoursAgo(30) }, lastFailure: { at: hoursAgo(6), error: "EACCES: permission denied" } } }, now);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.title).toBe("The last backup failed 6 hours ago: EACCES: permission denied");
    // A success after the failure clears it.
    expect(systemProblems({ ...healthy, backup: { last: { at: hoursAgo(2) }, lastFailure: { at: hoursAgo(6), error: "x" } } }, now)).toEqual([]);
  });

  it("warns when the data disk runs low, critically when nearly full", () => {
    const low = systemProblems({ ...healthy, disk: { freeBytes: 5 * GB, totalBytes: 100 * GB, path: "/d" } }, now);
    expect(low[0]).toMatchObject({ severity: "warning", title: "Only 5.0 GB of 100 GB is free on the disk that holds the site's data." });
    expect(systemProblems({ ...healthy, disk: { freeBytes: 0.1 * GB, totalBytes: 100 * GB, path: "/d" } }, now)[0]!.severity).toBe("critical");
  });

  it("formats sizes for people", () => {
    expect(formatBytes(512)).toBe("512 bytes");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(7_569_531)).toBe("7.2 MB");
  });
});
