// The one place background work runs: started with the server and stopped before its database
// closes (server/app.ts). It runs two kinds of work on timers:
// - jobs (jobs.server.ts): each runs once across every instance, a one-off (a newsletter issue's
//   queuing) or, with `everyMs`, once per period (the hourly housekeeping);
// - passes: work every instance does for itself, claiming its own share (the e-mail outbox's sender).
// A step that found work goes again at once; one that failed is logged and tried at the next tick.
import { type Database, getDb } from "#server/db/client.server";
import { loggableError } from "#server/db/errors.server";
import { logger } from "#server/logger.server";
import { claimJobs, deleteFinishedJobs, enqueueJob, extendLease, finishJob, setJobRunnerWake, type JobPayload } from "./jobs.server";

export type JobContext = {
  /** True once the runner is stopping: a long job returns "stopped" at its next safe point, to be taken up again. */
  stopping: () => boolean;
  /** Keeps the job's claim for another lease (JOB_LEASE_MS); a long job calls it as it goes. */
  extendLease: () => Promise<void>;
};

export type JobDefinition = {
  name: string;
  /** Resolves "stopped" when it stopped early at the runner's request; anything else is done. A throw is retried after the back-off. */
  run: (payload: JobPayload, context: JobContext) => Promise<"stopped" | void>;
  /** Recurring: enqueued for every period of this length (from the epoch), and run once per period; a failed period is not retried. */
  everyMs?: number;
};

export type Pass = {
  name: string;
  everyMs: number;
  /** One round of the instance's own work; true when there is more to do at once. */
  run: () => Promise<boolean>;
};

const DAY_MS = 24 * 60 * 60_000;
const JOB_POLL_MS = 1_000;

const deleteFinished: JobDefinition = {
  name: "jobs:delete-finished",
  everyMs: DAY_MS,
  async run() {
    const deleted = await deleteFinishedJobs(new Date());
    if (deleted > 0) logger.info({ deleted }, "finished jobs deleted");
  },
};

/** The period of a recurring job that `now` falls in, as its key. */
export function periodKey(everyMs: number, now: Date) {
  return new Date(Math.floor(now.getTime() / everyMs) * everyMs).toISOString();
}

type StepOptions = {
  db?: Database;
  clock?: () => Date;
  stopping?: () => boolean;
  /** The period each recurring job was last enqueued for by this process (the runner keeps one): enqueued once, not at every poll. */
  enqueued?: Map<string, string>;
};

/**
 * One step of the jobs: enqueues every recurring job's current period unless this process already
 * did (a no-op where another instance did), then claims one due job and runs it. True when it ran
 * one. Tests call it directly.
 */
export async function runDueJob(
  definitions: readonly JobDefinition[],
  { db = getDb(), clock = () => new Date(), stopping = () => false, enqueued = new Map() }: StepOptions = {},
) {
  for (const definition of definitions) {
    if (!definition.everyMs) continue;
    const key = periodKey(definition.everyMs, clock());
    if (enqueued.get(definition.name) === key) continue;
    await enqueueJob(definition.name, { key, now: clock() }, db);
    enqueued.set(definition.name, key);
  }
  const [job] = await claimJobs(
    definitions.map((definition) => definition.name),
    { now: clock(), limit: 1 },
    db,
  );
  if (!job) return false;
  const definition = definitions.find((candidate) => candidate.name === job.name)!;
  try {
    const ended = await definition.run(job.payload, { stopping, extendLease: () => extendLease(job, clock(), db) });
    await finishJob(job, { status: ended === "stopped" ? "released" : "done" }, clock(), db);
  } catch (error) {
    logger.error({ job: job.name, key: job.key, err: loggableError(error) }, definition.everyMs ? "job failed; its next period runs again" : "job failed; it will be retried");
    await finishJob(job, { status: "failed", error: String((error as Error)?.message ?? error), retry: !definition.everyMs }, clock(), db);
  }
  return true;
}

/** A step on a timer: again at once while it finds work, else after `everyMs` or when woken. */
function loop(name: string, everyMs: number, step: () => Promise<boolean>) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = async () => {
    try {
      while (!stopped && (await step()));
    } catch (error) {
      logger.error({ err: loggableError(error), work: name }, "background work failed; trying again shortly");
    }
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = tick().finally(() => {
        running = undefined;
        schedule(everyMs);
      });
    }, ms);
    timer.unref();
  };
  schedule(0);
  return {
    wake: () => {
      if (!running) schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** Starts the jobs and the passes; stop() lets the running work finish (a long job at its next safe point). */
export function startJobRunner({ jobs, passes }: { jobs: readonly JobDefinition[]; passes: readonly Pass[] }) {
  let stopping = false;
  const definitions = [...jobs, deleteFinished];
  const enqueued = new Map<string, string>();
  const jobLoop = loop("jobs", JOB_POLL_MS, () => runDueJob(definitions, { stopping: () => stopping, enqueued }));
  const passLoops = passes.map((pass) => loop(pass.name, pass.everyMs, pass.run));
  setJobRunnerWake(jobLoop.wake);
  logger.info({ jobs: definitions.map((definition) => definition.name), passes: passes.map((pass) => pass.name) }, "job runner started");
  return {
    async stop() {
      stopping = true;
      setJobRunnerWake(undefined);
      await Promise.all([jobLoop.stop(), ...passLoops.map((passLoop) => passLoop.stop())]);
    },
  };
}
