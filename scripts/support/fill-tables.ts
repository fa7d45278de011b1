// Rows for any table, made from the catalog alone (each column's type, its foreign key), for the
// backup tests and bench: every table filled, including one added tomorrow, without knowing it.
import { sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.server";

export type Column = { name: string; type: string; udt: string; ordinal: number; serial: boolean; generated: boolean };
type ForeignKey = { column: string; parent: string; parentColumn: string };

export async function rows<T>(executor: Executor, statement: ReturnType<typeof sql>) {
  return ((await executor.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** A value for row `g.i` of a column, from its type alone (unique per row; a day apart per row, so ranges never overlap). */
function valueFor(column: Column, table: string) {
  const i = sql.raw("g.i");
  switch (column.type) {
    case "uuid":
      return sql`gen_random_uuid()`;
    case "text":
    case "character varying":
      return sql`${`${table}.${column.name}.`} || ${i}`;
    case "integer":
    case "bigint":
    case "smallint":
      return sql`${i} + 1`;
    case "numeric":
      // Small enough for any precision (a commission rate is numeric(5,4)).
      return sql`0.1 + (${i} % 9) * 0.0001`;
    case "double precision":
    case "real":
      return sql`${i} + 0.5`;
    case "boolean":
      return sql`${i} % 2 = 0`;
    case "timestamp with time zone":
    case "timestamp without time zone":
      return sql`now() + make_interval(days => ${i}, mins => ${column.ordinal})`;
    case "date":
      return sql`current_date + ${i}::int`;
    case "jsonb":
    case "json":
      return sql`jsonb_build_object('i', ${i})`;
    case "bytea":
      return sql`decode(md5(${i}::text), 'hex')`;
    case "ARRAY":
      return sql`'{}'`;
    default:
      throw new Error(`no test value for ${table}.${column.name} (${column.type}/${column.udt})`);
  }
}

// Per database handle: the catalog is read once per table (20 writers insert one row at a time).
const described = new WeakMap<object, Map<string, Promise<{ columns: Column[]; keys: ForeignKey[] }>>>();

export function describeTable(executor: Executor, table: string) {
  let tables = described.get(executor);
  if (!tables) described.set(executor, (tables = new Map()));
  let found = tables.get(table);
  if (!found) tables.set(table, (found = readTable(executor, table)));
  return found;
}

async function readTable(executor: Executor, table: string) {
  const columns = await rows<Column>(
    executor,
    sql`select column_name as name, data_type as type, udt_name as udt, ordinal_position as ordinal,
          coalesce(column_default like 'nextval(%', false) as serial, is_generated = 'ALWAYS' as generated
        from information_schema.columns where table_schema = 'public' and table_name = ${table} order by ordinal_position`,
  );
  const keys = await rows<ForeignKey>(
    executor,
    sql`select a.attname as column, c.confrelid::regclass::text as parent, pa.attname as "parentColumn"
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = c.confkey[1]
        where c.contype = 'f' and c.conrelid = ${table}::regclass`,
  );
  return { columns, keys };
}

/**
 * Inserts rows `from`..`from + count - 1` into `table`, each child row pointing at one of the first
 * `parents` rows of each parent table; returns the first own text column of each (its marker).
 */
export async function insertRows(executor: Executor, table: string, from: number, count: number, parents: number): Promise<string[]> {
  const { columns, keys } = await describeTable(executor, table);
  const filled = columns.filter((column) => !column.serial && !column.generated);
  const values = filled.map((column) => {
    const key = keys.find((candidate) => candidate.column === column.name);
    if (!key) return valueFor(column, table);
    return sql`(select ${sql.identifier(key.parentColumn)} from ${sql.identifier(key.parent.replace(/"/g, ""))} order by 1 offset ((g.i - 1) % ${parents}) limit 1)`;
  });
  const marker = filled.find((column) => column.type === "text" && !keys.some((key) => key.column === column.name));
  const inserted = await rows<{ marker: string | null }>(
    executor,
    sql`insert into ${sql.identifier(table)} (${sql.join(
      filled.map((column) => sql.identifier(column.name)),
      sql`, `,
    )}) select ${sql.join(values, sql`, `)} from generate_series(${from}::int, ${from + count - 1}::int) as g(i)
      returning ${marker ? sql.identifier(marker.name) : sql`null`}::text as marker`,
  );
  return inserted.map((row) => row.marker!);
}
