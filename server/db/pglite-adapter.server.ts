import { Mutex, type PGlite, parse, protocol, types, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";

// The one database seam (decision 037): what Drizzle's PGlite driver is given instead of PGlite
// itself, built on PGlite's public API only. PGlite's `query` sends each statement as parse,
// describe, bind, describe, execute and sync, six trips into its WebAssembly PostgreSQL, which
// parses and plans it again every time. This keeps each statement it has seen prepared under a
// name, as node-postgres does with a named query: later runs are one trip and may reuse the plan.
// Booking POST on PGlite costs 2-10 times more CPU without it (decision 037). Same answers,
// same errors: pglite-adapter.server.test.ts runs both paths side by side.

const { serialize } = protocol;

/** Statements kept prepared; the least recently used is closed beyond this. */
export const PREPARED_STATEMENT_LIMIT = 200;

// PostgreSQL refuses a prepared statement whose tables changed under it in a way its plan cannot
// follow ("cached plan must not change result type"), or that no longer exists.
const STALE_STATEMENT_CODES = new Set(["0A000", "26000"]);

const TEXT_TYPES = new Set<number>([types.TEXT, types.VARCHAR]);
const LONG_TEXT = 256;

type Statement = { name: string; parameterTypes: number[] };

/** The two calls Drizzle's PGlite session makes: `query` and `transaction`. */
export type PGliteClient = Pick<PGlite, "query" | "transaction">;

export class PreparedStatementsAdapter implements PGliteClient {
  readonly #pglite: PGlite;
  // Statements and transactions take turns here, so a statement never runs inside another
  // caller's transaction (PGlite's `runExclusive` only keeps statements apart).
  readonly #turns = new Mutex();
  // In the order of their last use (a Map keeps insertion order): the first is the one to close.
  readonly #statements = new Map<string, Statement>();
  #nextName = 0;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    // Blobs (COPY to or from a file) and caller-given parameter types keep PGlite's own path.
    if (options?.blob || options?.paramTypes) return this.#turns.runExclusive(() => this.#pglite.query<T>(text, params, options));
    await this.#pglite.waitReady;
    return this.#turns.runExclusive(() =>
      this.#pglite.runExclusive(async () => {
        let results: Results<T>;
        try {
          results = await this.#runPrepared<T>(text, params, options);
        } catch (error) {
          const code = (error as { code?: unknown }).code;
          if (typeof code !== "string" || !STALE_STATEMENT_CODES.has(code)) throw withQuery(error, text, params, options);
          await this.#forget(text);
          results = await this.#runPrepared<T>(text, params, options).catch((retried: unknown) => {
            throw withQuery(retried, text, params, options);
          });
        }
        await this.#pglite.syncToFs();
        return results;
      }),
    );
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#turns.runExclusive(() => this.#pglite.transaction(callback));
  }

  async #runPrepared<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const statement = await this.#prepared(text);
    const serializers = this.#pglite.serializers;
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = statement.parameterTypes[index]!;
      const serializer = options?.serializers?.[type] ?? serializers[type];
      const serialized: string = serializer ? serializer(value) : String(value);
      // A long text goes as its UTF-8 bytes (text's binary form is those bytes): the protocol
      // writer would otherwise count its UTF-8 length in a JavaScript loop, character by character.
      return serialized.length >= LONG_TEXT && TEXT_TYPES.has(type) ? Buffer.from(serialized, "utf8") : serialized;
    });
    const messages = await this.#pglite.execProtocolStream(
      Buffer.concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false, onNotice: options?.onNotice },
    );
    // PGlite's parseResults copies its 300-odd default parsers into a new object whenever a query
    // brings its own (Drizzle always does): about 0.09 ms a query. An object that inherits them
    // answers the same lookups.
    const defaults = this.#pglite.parsers;
    const parsers = options?.parsers ? Object.assign(Object.create(defaults) as PGlite["parsers"], options.parsers) : defaults;
    return parse.parseResults(messages, parsers, options && { ...options, parsers: undefined })[0] as Results<T>;
  }

  async #prepared(text: string): Promise<Statement> {
    const known = this.#statements.get(text);
    if (known) {
      this.#statements.delete(text);
      this.#statements.set(text, known);
      return known;
    }
    const name = `pglite_${++this.#nextName}`;
    const messages = await this.#pglite.execProtocolStream(
      Buffer.concat([serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()]),
      { syncToFs: false },
    );
    const statement = { name, parameterTypes: parse.parseDescribeStatementResults(messages) };
    this.#statements.set(text, statement);
    if (this.#statements.size > PREPARED_STATEMENT_LIMIT) {
      const [oldest] = this.#statements.keys();
      await this.#forget(oldest!);
    }
    return statement;
  }

  async #forget(text: string) {
    const statement = this.#statements.get(text);
    if (!statement) return;
    this.#statements.delete(text);
    await this.#pglite.execProtocolStream(Buffer.concat([serialize.close({ type: "S", name: statement.name }), serialize.sync()]), {
      syncToFs: false,
    });
  }
}

/** As PGlite's own query does: the failed statement on its error (the logger drops the values). */
function withQuery(error: unknown, text: string, params: unknown[], options: QueryOptions | undefined): unknown {
  if (error instanceof Error) Object.assign(error, { query: text, params, queryOptions: options });
  return error;
}
