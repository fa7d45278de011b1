// Backups with S3_BUCKET set, against a local S3-compatible server (s3rver on 127.0.0.1): the daily
// backup carries the bucket's media objects and uploads its archive to the bucket's backups/,
// keeping the newest BACKUP_KEEP; restoring that archive (as `npm run restore` does with S3
// configured) puts the database back and the media objects into the configured bucket.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { GetObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import type S3rver from "s3rver";
import { startS3rver } from "../support/s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openArchive, restoreBackup } from "#server/backup/archive.server";
import { BACKUP_PREFIX } from "#server/backup/media.server";
import { archiveName, configuredMedia, takeScheduledBackup } from "#server/backup/schedule.server";
import { lastBackupStatus } from "#server/backup/status.server";
import { countRows } from "#server/backup/tables.server";
import { openDatabase } from "#server/db/client.server";
import { s3Client } from "#server/uploads/media-store.server";
import { type Env, getEnv } from "~/lib/env.server";
import { createPostgresDatabase, tempDir } from "../../scripts/support/databases";
import { insertRows } from "../../scripts/support/fill-tables";
import { testDatabases, type TestDatabase } from "../support/databases";

process.env.DATA_DIR ??= tempDir("backup-s3-env-");

const sha256 = (bytes: Buffer) => crypto.createHash("sha256").update(bytes).digest("hex");
const DAYS = ["2026-11-25T03:00:00Z", "2026-11-26T03:00:00Z", "2026-11-27T03:00:00Z"].map((at) => new Date(at));

describe.each(testDatabases.map((d) => [d.name, d] as const))("backups to S3 on %s", (name, database) => {
  let server: S3rver;
  let db: TestDatabase;
  let env: Env;
  const media = new Map<string, string>();

  beforeAll(async () => {
    let endpoint: string;
    ({ server, endpoint } = await startS3rver(["site-media", "restored-media"]));
    db = await database.open();
    env = {
      ...getEnv(),
      DATA_DIR: db.dataDir,
      S3_BUCKET: "site-media",
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      BACKUP_KEEP: 2,
    };
    await insertRows(db.db, "newsletter_subscriptions", 1, 25, 25);
    const store = configuredMedia(env);
    for (let n = 0; n < 4; n++) {
      const bytes = crypto.randomBytes(3_000 + n * 700);
      await store.write(`posts/image-${n}.webp`, bytes);
      media.set(`posts/image-${n}.webp`, sha256(bytes));
    }
  });
  afterAll(async () => {
    await db?.close();
    await server?.close();
  });

  const client = () => s3Client({ bucket: env.S3_BUCKET!, endpoint: env.S3_ENDPOINT, region: env.S3_REGION, accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY });
  const keysIn = async (bucket: string, prefix?: string) =>
    ((await client().send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }))).Contents ?? []).map((object) => object.Key!).sort();

  it("uploads each daily archive to backups/, keeps the newest BACKUP_KEEP, and carries the bucket's media", async () => {
    for (const now of DAYS) {
      const taken = await takeScheduledBackup({ db: db.db, env, now });
      expect(taken.location).toBe(`s3://site-media/${BACKUP_PREFIX}/${archiveName(now)}`);
    }
    expect(await keysIn("site-media", `${BACKUP_PREFIX}/`)).toEqual(DAYS.slice(1).map((now) => `${BACKUP_PREFIX}/${archiveName(now)}`));
    // Uploaded, not also kept on the disk.
    expect(fs.readdirSync(path.join(db.dataDir, "backups"))).toEqual([]);
    expect(await lastBackupStatus(db.db)).toMatchObject({ location: `s3://site-media/${BACKUP_PREFIX}/${archiveName(DAYS[2]!)}` });

    const archive = await download(`${BACKUP_PREFIX}/${archiveName(DAYS[2]!)}`);
    const opened = await openArchive(archive);
    try {
      // The media objects with their checksums; the bucket's own backups are not media.
      expect(opened.manifest.media.map(({ key, sha256: sum }) => [key, sum])).toEqual([...media.entries()]);
      expect(opened.manifest.tables.newsletter_subscriptions?.rows).toBe(25);
    } finally {
      opened.remove();
    }
  });

  it("restores the uploaded archive: the database, and the media objects into the configured bucket", async () => {
    const archive = await download(`${BACKUP_PREFIX}/${archiveName(DAYS[2]!)}`);
    const dataDir = tempDir("backup-s3-restore-");
    const postgres = name === "postgres" ? await createPostgresDatabase() : undefined;
    const restoreEnv: Env = { ...env, DATA_DIR: dataDir, DATABASE_URL: postgres?.url, S3_BUCKET: "restored-media" };
    try {
      const summary = await restoreBackup(archive, { dataDir, databaseUrl: restoreEnv.DATABASE_URL, media: configuredMedia(restoreEnv) });
      expect(summary.mediaFiles).toBe(media.size);
      expect(await keysIn("restored-media")).toEqual([...media.keys()]);
      for (const [key, sum] of media) {
        const object = await client().send(new GetObjectCommand({ Bucket: "restored-media", Key: key }));
        expect(sha256(Buffer.from(await object.Body!.transformToByteArray())), key).toBe(sum);
        expect(object.ContentType).toBe("image/webp");
      }
      const restored = await openDatabase({ dataDir, databaseUrl: restoreEnv.DATABASE_URL });
      try {
        expect((await countRows(restored.db)).newsletter_subscriptions).toBe(25);
      } finally {
        await restored.close();
      }
    } finally {
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  async function download(key: string) {
    const object = await client().send(new GetObjectCommand({ Bucket: "site-media", Key: key }));
    const file = path.join(tempDir("backup-s3-download-"), path.basename(key));
    fs.writeFileSync(file, await object.Body!.transformToByteArray());
    return file;
  }
});
