// What reaches the log when a request fails: the error, not what the visitor typed or was sent. A
// booking that failed to save used to log 59-167 KB per request: the failed query's parameters
// (the visitor's details and the rendered e-mails), in the error's message, its stack and its
// `params`, and the request URL with its query.
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#server/logger.server";
import { testDatabases, type TestDatabase } from "../support/databases";

const VISITOR_DETAIL = "ada.lovelace@example.com wants spindle help on second shift";
const RENDERED_EMAIL = `<html><body>${"Your assessment is booked. ".repeat(2_000)}</body></html>`;

/** A logger configured as the site's, writing into an array of parsed lines. */
function capturedLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString("utf8"));
      callback();
    },
  });
  const logger = createLogger(destination);
  logger.level = "info";
  return { logger, text: () => lines.join("") };
}

describe.each(testDatabases.map((d) => [d.name, d] as const))("the log on %s", (_name, database) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(async () => {
    await db?.close();
  });

  it("keeps a failed query's error and SQL but none of its parameters", async () => {
    // A NUL byte cannot be stored in text: the database refuses the statement.
    const error = await db.db
      .execute(sql`select ${VISITOR_DETAIL}::text as detail, ${RENDERED_EMAIL}::text as body, ${"a\u0000b"}::text as nul`)
      .then(() => null, (failure: unknown) => failure);
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message)).toContain(VISITOR_DETAIL);

    const { logger, text } = capturedLogger();
    logger.error({ err: error }, "booking could not be saved");
    logger.error(error as Error);
    const logged = text();
    expect(logged).toContain("booking could not be saved");
    expect(logged).toContain("Failed query: select");
    expect(logged.includes("ada.lovelace"), "the visitor's details").toBe(false);
    expect(logged.includes("Your assessment is booked"), "the rendered e-mail").toBe(false);
    expect(logged.length).toBeLessThan(8_000);
    // The database's own reason is still there, under `cause`.
    const entry = JSON.parse(logged.split("\n")[0]!) as { err: { cause?: { message?: string } } };
    expect(entry.err.cause?.message).toMatch(/0x00|null character|invalid byte sequence/i);
  });
});

describe("the log", () => {
  it("writes URLs without their query", () => {
    const { logger, text } = capturedLogger();
    logger.error({ url: "http://127.0.0.1:3000/booking/cancel/abc?email=ada%40example.com#top", method: "POST" }, "request error");
    const entry = JSON.parse(text()) as { url: string };
    expect(entry.url).toBe("http://127.0.0.1:3000/booking/cancel/abc");
  });

  it("keeps only the fields that say what went wrong from any error, its causes included", () => {
    const { logger, text } = capturedLogger();
    const delivery = Object.assign(new Error("e-mail delivery failed", { cause: new Error("connect ECONNREFUSED") }), {
      code: "ECONNECTION",
      message_source: RENDERED_EMAIL,
      envelope: { to: ["ada.lovelace@example.com"] },
    });
    logger.error({ err: delivery }, "first delivery threw");
    const entry = JSON.parse(text()) as { err: Record<string, unknown> };
    expect(entry.err).toMatchObject({ message: "e-mail delivery failed", code: "ECONNECTION", cause: { message: "connect ECONNREFUSED" } });
    expect(text()).not.toContain("ada.lovelace");
    expect(text()).not.toContain("Your assessment is booked");
  });
});
