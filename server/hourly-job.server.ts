// Housekeeping that runs in the server's own process: once at start, then every hour. A run that
// fails is logged and the next hour's run tries again; nothing waits on it.
//
//   export const analyticsHousekeeping = hourlyJob("analytics housekeeping", async () => { … });
//   analyticsHousekeeping.start();   // the app's start hook
//   analyticsHousekeeping.stop();    // before the database closes
import { loggableError } from "./db/errors.server";
import { logger } from "./logger.server";

const HOUR_MS = 60 * 60 * 1000;

export function hourlyJob(name: string, run: () => Promise<void>): { start: () => void; stop: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const runOnce = async () => {
    try {
      await run();
    } catch (error) {
      logger.error({ err: loggableError(error) }, `${name} failed; it runs again within the hour`);
    }
  };
  return {
    start() {
      void runOnce();
      timer ??= setInterval(() => void runOnce(), HOUR_MS).unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
