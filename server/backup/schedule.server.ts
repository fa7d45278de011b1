// Backups the server takes itself: the daily job (one run a day across every instance, through the
// job runner) and a backup the `npm run backup` script asks a running PGlite server for (only the
// process holding PGlite can read it). Each is recorded in the backups table; a failure after a
// success e-mails the owner once.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand } from "@aws-sdk/client-s3";
import type { Request, Response } from "express";
import { resolveAuthSecret } from "~/lib/auth-secret.server";
import { type Env, getEnv } from "~/lib/env.server";
import { databaseKind, getDb, type Database } from "#server/db/client.server";
import { enqueueEmail } from "#server/email/outbox.server";
import type { JobDefinition } from "#server/jobs/runner.server";
import { logger } from "#server/logger.server";
import { createBackup } from "./archive.server";
import { BACKUP_PREFIX, diskMedia, type MediaFiles, s3Media } from "./media.server";
import { s3Client } from "#server/uploads/media-store.server";
import { lastBackupFailure, lastBackupStatus, recordBackup } from "./status.server";

const DAY_MS = 24 * 60 * 60_000;
export const BACKUP_FAILED_KIND = "backup-failed";

/** The media the configuration names: the S3 bucket when S3_BUCKET is set, else DATA_DIR/media. */
export function configuredMedia(env: Env): MediaFiles {
  return env.S3_BUCKET ? s3Media(s3Settings(env)) : diskMedia(path.resolve(env.DATA_DIR, "media"));
}

function s3Settings(env: Env) {
  return {
    bucket: env.S3_BUCKET!,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  };
}

/** `site-backup-2026-11-28T03-00-00-000Z.tar.gz`: names sort by time. */
export const archiveName = (now: Date) => `site-backup-${now.toISOString().replace(/[:.]/g, "-")}.tar.gz`;
const ARCHIVE_NAME = /^site-backup-.*\.tar\.gz$/;

/** Where scheduled archives are kept: DATA_DIR/backups, or the bucket's backups/ when S3 is configured. */
type ArchiveShelf = { put: (file: string, name: string) => Promise<string>; prune: (keep: number) => Promise<void> };

function diskShelf(dir: string): ArchiveShelf {
  return {
    async put(file) {
      return file;
    },
    async prune(keep) {
      const names = fs.readdirSync(dir).filter((name) => ARCHIVE_NAME.test(name)).sort();
      for (const name of names.slice(0, Math.max(0, names.length - keep))) fs.rmSync(path.join(dir, name), { force: true });
    },
  };
}

function s3Shelf(env: Env): ArchiveShelf {
  const settings = s3Settings(env);
  const client = s3Client(settings);
  return {
    async put(file, name) {
      const key = `${BACKUP_PREFIX}/${name}`;
      await client.send(new PutObjectCommand({ Bucket: settings.bucket, Key: key, Body: fs.readFileSync(file), ContentType: "application/gzip" }));
      fs.rmSync(file, { force: true });
      return `s3://${settings.bucket}/${key}`;
    },
    async prune(keep) {
      const page = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: `${BACKUP_PREFIX}/` }));
      const keys = (page.Contents ?? []).map((object) => object.Key!).filter((key) => ARCHIVE_NAME.test(key.slice(BACKUP_PREFIX.length + 1))).sort();
      for (const key of keys.slice(0, Math.max(0, keys.length - keep))) await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key }));
    },
  };
}

export type ScheduledBackupOptions = { db?: Database; env?: Env; now?: Date; progress?: () => Promise<void> };

/**
 * One scheduled backup: written to DATA_DIR/backups (then uploaded when S3 is configured), the
 * oldest beyond BACKUP_KEEP removed, the outcome recorded. A failure e-mails the owner when the
 * backup before it succeeded (once, not every day it goes on failing), then throws.
 */
export async function takeScheduledBackup({ db = getDb(), env = getEnv(), now = new Date(), progress }: ScheduledBackupOptions = {}) {
  const dir = path.resolve(env.DATA_DIR, "backups");
  const name = archiveName(now);
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const taken = await createBackup({ db, kind: databaseKind(db), dataDir: env.DATA_DIR, media: configuredMedia(env), progress }, path.join(dir, name));
    const shelf = env.S3_BUCKET ? s3Shelf(env) : diskShelf(dir);
    const location = await shelf.put(taken.path, name);
    await shelf.prune(env.BACKUP_KEEP);
    await recordBackup({ status: "done", location, sizeBytes: taken.sizeBytes }, now, db);
    logger.info({ location, sizeBytes: taken.sizeBytes }, "backup taken");
    return { location, sizeBytes: taken.sizeBytes };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db.transaction(async (tx) => {
      const [failure, success] = [await lastBackupFailure(tx), await lastBackupStatus(tx)];
      const firstFailure = !failure || (success !== null && success.at >= failure.at);
      await recordBackup({ status: "failed", error: message }, now, tx);
      if (firstFailure) await enqueueEmail({ kind: BACKUP_FAILED_KIND, to: env.OWNER_EMAIL, ...backupFailedEmail(message, env) }, tx);
    });
    throw error;
  }
}

function backupFailedEmail(error: string, env: Env) {
  const where = env.S3_BUCKET ? `the S3 bucket ${env.S3_BUCKET}` : path.resolve(env.DATA_DIR, "backups");
  const text = [
    "Tonight's backup of the site failed, so the newest copy of your bookings, orders and subscribers is older than it should be.",
    "",
    `What went wrong: ${error}`,
    "",
    `Backups are written to ${where}. Check that there is free space and that the site may write there; the next backup runs tomorrow, or run "npm run backup" now.`,
    "You will not get this e-mail again until a backup has succeeded and another one fails.",
  ].join("\n");
  const escape = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return { subject: "The site's backup failed", text, html: text.split("\n\n").map((paragraph) => `<p>${escape(paragraph).replace(/\n/g, "<br>")}</p>`).join("") };
}

/** The daily backup, run once a day across every instance by the job runner. */
export const dailyBackupJob: JobDefinition = {
  name: "backup:daily",
  everyMs: DAY_MS,
  async run(_payload, context) {
    // On PGlite the snapshot's transaction holds the one connection, so a lease update from outside
    // it would wait for it forever. Nor is one needed there: one process owns PGlite, and its runner
    // is busy with this job, so nobody else can take it meanwhile.
    const progress = databaseKind(getDb()) === "postgres" ? context.extendLease : undefined;
    await takeScheduledBackup({ progress });
  },
};

/** What `npm run backup` shows a running server: proof it can read DATA_DIR (the session secret), never the secret itself. */
export function backupRequestToken(env: Env): string {
  const secret = resolveAuthSecret({ configured: env.BETTER_AUTH_SECRET, dataDir: env.DATA_DIR });
  return crypto.createHmac("sha256", secret).update("backup-request").digest("hex");
}

export const BACKUP_REQUEST_PATH = "/_backup";

/**
 * POST /_backup from this machine with the token: the server writes an archive where `?out=` says
 * (an absolute path, `npm run backup -- --out`), else into DATA_DIR/backups, and answers its path and
 * size. Anything else is a 404, as for a page that does not exist.
 */
export function backupRequestHandler(db: Database, env: Env) {
  const expected = Buffer.from(backupRequestToken(env));
  return async (req: Request, res: Response) => {
    const given = Buffer.from(/^Bearer (.+)$/.exec(req.get("authorization") ?? "")?.[1] ?? "");
    const loopback = ["127.0.0.1", "::1", "::ffff:127.0.0.1"].includes(req.socket.remoteAddress ?? "");
    if (!loopback || given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
      res.status(404).type("text/plain").send("Not Found");
      return;
    }
    try {
      const asked = typeof req.query.out === "string" && path.isAbsolute(req.query.out) ? req.query.out : undefined;
      const out = asked ?? path.resolve(env.DATA_DIR, "backups", `manual-${archiveName(new Date())}`);
      const taken = await createBackup({ db, kind: databaseKind(db), dataDir: env.DATA_DIR, media: configuredMedia(env) }, out);
      await recordBackup({ status: "done", location: taken.path, sizeBytes: taken.sizeBytes }, new Date(), db);
      res.status(200).json({ path: taken.path, sizeBytes: taken.sizeBytes });
    } catch (error) {
      logger.error({ err: error }, "backup requested by npm run backup failed");
      res.status(500).json({ error: (error as Error).message });
    }
  };
}
