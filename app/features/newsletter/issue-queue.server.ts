// Sending an issue is a job (server/jobs): enqueued by the admin's Send (issues.server.ts), run by
// one instance's job runner. A server that stops lets go after the batch it is at, and one that died
// lets go when its claim lapses: either way the next runner continues where the queue got to.
import { getEnv } from "~/lib/env.server";
import { databaseKind, getDb } from "#server/db/client.server";
import type { JobDefinition } from "#server/jobs/runner.server";
import { logger } from "#server/logger.server";
import { ISSUE_QUEUE_PER_SECOND, ISSUE_QUEUING_JOB, runIssueQueue } from "./issues.server";

export const issueQueuingJob: JobDefinition = {
  name: ISSUE_QUEUING_JOB,
  async run({ issueId }, { stopping, extendLease }) {
    const result = await runIssueQueue(issueId!, {
      perSecond: getEnv().NEWSLETTER_QUEUE_PER_SECOND ?? ISSUE_QUEUE_PER_SECOND[databaseKind(getDb())],
      stopping,
      batchDone: extendLease,
    });
    if (result.outcome === "queued") logger.info({ issueId, queued: result.queued }, "newsletter issue queued");
    return result.outcome === "stopped" ? "stopped" : undefined;
  },
};
