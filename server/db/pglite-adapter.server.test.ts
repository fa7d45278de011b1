import { PGlite, types } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PreparedStatementsAdapter, PREPARED_STATEMENT_LIMIT } from "./pglite-adapter.server";

// The seam's equivalence test: the adapter's prepared path must answer exactly as PGlite's own
// query does: the same rows, fields, counts and errors, in both row modes, with the parsers and
// serializers a caller passes.

const SCHEMA = `
  create table items (
    id serial primary key,
    name text not null unique,
    price numeric(10, 2),
    tags text[],
    details jsonb,
    seen_at timestamptz,
    active boolean default true
  )`;

const INSERT = "insert into items (name, price, tags, details, seen_at) values ($1, $2, $3, $4, $5) returning *";
const row = ["Spindle ✓ 主轴", "12.50", ["cnc", "lathe"], { rpm: 8000, note: "a \"quoted\" value" }, new Date("2031-03-10T15:00:00Z")];

let underneath: PGlite;
let prepared: PreparedStatementsAdapter;
let plain: PGlite;

async function preparedNames() {
  const { rows } = await prepared.query<{ statement: string }>("select statement from pg_prepared_statements");
  return rows.map((found) => found.statement);
}

beforeAll(async () => {
  underneath = new PGlite();
  prepared = new PreparedStatementsAdapter(underneath);
  plain = new PGlite();
  await Promise.all([underneath.waitReady, plain.waitReady]);
  await underneath.exec(SCHEMA);
  await plain.exec(SCHEMA);
});
afterAll(async () => {
  await underneath.close();
  await plain.close();
});

describe("PreparedStatementsAdapter", () => {
  it("answers as PGlite's own query does, in both row modes and with a caller's parsers", async () => {
    const options = [undefined, { rowMode: "array" as const }, { parsers: { [types.TIMESTAMPTZ]: (value: string) => `at ${value}` } }];
    for (const [index, queryOptions] of options.entries()) {
      const values = [`${row[0]} ${index}`, ...row.slice(1)];
      expect(await prepared.query(INSERT, values, queryOptions)).toEqual(await plain.query(INSERT, values, queryOptions));
    }
    const select = "select id, name, price, tags, details, seen_at, active from items where name like $1 order by id";
    expect(await prepared.query(select, ["Spindle%"])).toEqual(await plain.query(select, ["Spindle%"]));
    const update = "update items set active = $1 where price > $2";
    const answer = await prepared.query(update, [false, 10]);
    expect(answer).toEqual(await plain.query(update, [false, 10]));
    expect(answer.affectedRows).toBe(3);
    const count = "select count(*)::int as n from items where tags @> $1 or details = $2";
    const counted = await prepared.query(count, [["none"], null]);
    expect(counted).toEqual(await plain.query(count, [["none"], null]));
    expect(counted.rows).toEqual([{ n: 0 }]);
    expect(counted.fields).toEqual([{ name: "n", dataTypeID: types.INT4 }]);
  });

  it("sends a long text as its UTF-8 bytes and stores it as it was", async () => {
    const long = "Drehzahl ✓ 主轴 🛠️ \"quoted\" <b>&amp;</b>\r\n".repeat(40);
    const text = "select $1::text as a, $2::varchar as b, length($1::text) as n, octet_length($2::varchar) as bytes";
    const answer = await prepared.query(text, [long, long]);
    expect(answer).toEqual(await plain.query(text, [long, long]));
    expect(answer.rows).toEqual([{ a: long, b: long, n: [...long].length, bytes: Buffer.byteLength(long) }]);
  });

  it("prepares a statement once and runs it again under its name", async () => {
    const text = "select name from items where id = $1";
    for (let run = 0; run < 3; run++) expect((await prepared.query(text, [1])).rows).toHaveLength(1);
    expect((await preparedNames()).filter((statement) => statement === text)).toHaveLength(1);
  });

  it(`keeps at most ${PREPARED_STATEMENT_LIMIT} statements, closing the least recently used`, async () => {
    const first = "select 'first' as label where $1::int = 1";
    await prepared.query(first, [1]);
    for (let index = 0; index < PREPARED_STATEMENT_LIMIT + 20; index++) {
      await prepared.query(`select ${index} as n where $1::int = 1`, [1]);
      if (index % 50 === 0) await prepared.query(first, [1]); // used again: not the oldest
    }
    const names = await preparedNames();
    expect(names.length).toBeLessThanOrEqual(PREPARED_STATEMENT_LIMIT);
    expect(names).toContain(first);
    expect(names).not.toContain("select 0 as n where $1::int = 1");
  });

  it("keeps PostgreSQL's errors and goes on after them", async () => {
    await prepared.query(INSERT, row);
    await expect(prepared.query(INSERT, row)).rejects.toMatchObject({ code: "23505", constraint: "items_name_key", query: INSERT });
    for (let attempt = 0; attempt < 2; attempt++) {
      await expect(prepared.query("selec name from items where id = $1", [1])).rejects.toMatchObject({ code: "42601" });
    }
    await expect(prepared.query("select $1::int + 1 as n", ["not a number"])).rejects.toMatchObject({ code: "22P02" });
    expect((await prepared.query("select $1::int + 1 as n", [41])).rows).toEqual([{ n: 42 }]);
  });

  it("follows a table changed under a prepared statement", async () => {
    await underneath.exec("create table changing (a int)");
    await underneath.exec("insert into changing values (1)");
    const text = "select * from changing where a = $1";
    expect((await prepared.query(text, [1])).rows).toEqual([{ a: 1 }]);
    await underneath.exec("alter table changing add column b text default 'new'");
    expect((await prepared.query(text, [1])).rows).toEqual([{ a: 1, b: "new" }]);
  });

  it("waits for a transaction begun through it, as PGlite's own query does", async () => {
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    const order: string[] = [];
    const transaction = prepared.transaction(async (tx) => {
      await tx.query("insert into items (name) values ($1)", ["inside a transaction"]);
      await held;
      order.push("committed");
    });
    const count = prepared
      .query<{ n: number }>("select count(*)::int as n from items where name = $1", ["inside a transaction"])
      .then((result) => {
        order.push("counted");
        return result.rows[0]!.n;
      });
    await new Promise((resolve) => setImmediate(resolve));
    commit();
    await transaction;
    expect(await count).toBe(1);
    expect(order).toEqual(["committed", "counted"]);
  });
});
