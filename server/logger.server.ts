import { pino, type DestinationStream, type Level, type LevelWithSilent } from "pino";

// One JSON logger for the process; pretty lines in development. Logs never carry what visitors
// typed or were sent: passwords, tokens and cookies are redacted, an error keeps only the fields
// that say what went wrong (a failed query's parameters, which hold a booking's details and its
// rendered e-mails, are dropped from it and from its message), and a logged URL loses its query.

const LEVELS: readonly LevelWithSilent[] = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/** The fields of an error worth a log line; anything else an error carries stays out. */
const ERROR_FIELDS = [
  "type",
  "message",
  "stack",
  "code",
  "errno",
  "syscall",
  "address",
  "port",
  "path",
  "status",
  "statusCode",
  "responseCode",
  "command",
  "severity",
  "routine",
  "schema",
  "table",
  "column",
  "constraint",
] as const;

type LoggedError = { [key: string]: unknown; cause?: LoggedError; errors?: LoggedError[] };

/** "Failed query: <sql>\nparams: <values>" (Drizzle) keeps the SQL and loses the values. */
function withoutQueryParams(message: string): string {
  const at = message.indexOf("\nparams: ");
  return at === -1 ? message : `${message.slice(0, at)}\nparams: (not logged)`;
}

function safeError(error: unknown, depth = 0): LoggedError | unknown {
  if (!(error instanceof Error)) return error;
  const fields = error as unknown as Record<string, unknown>;
  const logged: LoggedError = { type: error.constructor.name };
  for (const field of ERROR_FIELDS) if (fields[field] !== undefined && field !== "type") logged[field] = fields[field];
  const message = withoutQueryParams(error.message);
  logged.message = message;
  if (typeof error.stack === "string") logged.stack = error.stack.replace(error.message, message);
  if (depth < 5) {
    if (error.cause !== undefined) logged.cause = safeError(error.cause, depth + 1) as LoggedError;
    if (error instanceof AggregateError) logged.errors = error.errors.map((inner) => safeError(inner, depth + 1) as LoggedError);
  }
  return logged;
}

/** A URL as logged: its path, without the query (it may carry addresses, tokens, search terms). */
function withoutQuery(url: unknown): unknown {
  if (typeof url !== "string") return url;
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** LOG_LEVEL when it names a level; an unknown one is left for the configuration check to report. */
function levelFrom(value: string | undefined): LevelWithSilent | undefined {
  return LEVELS.find((level) => level === value);
}

export function createLogger(destination?: DestinationStream) {
  const level: Level | "silent" =
    levelFrom(process.env.LOG_LEVEL) ?? (process.env.NODE_ENV === "test" || process.env.VITEST ? "silent" : "info");
  const pretty = !destination && process.env.NODE_ENV === "development" && process.stdout.isTTY;
  return pino(
    {
      level,
      redact: ["password", "*.password", "token", "*.token", "headers.cookie", "headers.authorization"],
      serializers: { err: safeError, error: safeError, url: withoutQuery },
      hooks: {
        // `logger.error(error)` would make the error's own message (parameters and all) the line's.
        logMethod(args, method) {
          const [first, second] = args as unknown[];
          if (first instanceof Error && typeof second !== "string") {
            return method.call(this, { err: first }, withoutQueryParams(first.message));
          }
          return method.apply(this, args);
        },
      },
      ...(pretty ? { transport: { target: "pino-pretty", options: { colorize: true } } } : {}),
    },
    destination,
  );
}

export const logger = createLogger();
