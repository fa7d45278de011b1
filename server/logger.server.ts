import { pino } from "pino";

// One JSON logger for the process; pretty lines in development. Never log passwords, tokens or
// card data: redact the usual places they could appear.
function createLogger() {
  const level =
    process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" || process.env.VITEST ? "silent" : "info");
  const pretty = process.env.NODE_ENV === "development" && process.stdout.isTTY;
  return pino({
    level,
    redact: ["password", "*.password", "token", "*.token", "headers.cookie", "headers.authorization"],
    ...(pretty ? { transport: { target: "pino-pretty", options: { colorize: true } } } : {}),
  });
}

export const logger = createLogger();
