// The uploaded media a backup carries: the files under DATA_DIR/media, or the S3 bucket's objects
// when S3_BUCKET is set (server/uploads/media-store.server.ts decides the same way).
import fs from "node:fs";
import path from "node:path";
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from "@aws-sdk/client-s3";
import { IMMUTABLE_CACHE_CONTROL, s3Client, type S3Settings } from "#server/uploads/media-store.server";

export type MediaFiles = {
  /** Every stored key. */
  list(): Promise<string[]>;
  read(key: string): Promise<Buffer>;
  write(key: string, bytes: Buffer): Promise<void>;
};

export function diskMedia(root: string): MediaFiles {
  return {
    async list() {
      if (!fs.existsSync(root)) return [];
      const entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true });
      return (
        entries
          .filter((entry) => entry.isFile() && !entry.name.endsWith(".partial"))
          // An upload half written (media-store's `.partial`) is not media yet.
          .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
          .sort()
      );
    },
    read: (key) => fs.promises.readFile(path.join(root, key)),
    async write(key, bytes) {
      const target = path.join(root, key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await fs.promises.writeFile(target, bytes, { mode: 0o600 });
    },
  };
}

export function s3Media(settings: S3Settings): MediaFiles {
  const client = s3Client(settings);
  return {
    async list() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket, ContinuationToken: token }));
        // The bucket may hold the backups themselves (under backups/): they are not media.
        for (const object of page.Contents ?? []) if (object.Key && !object.Key.startsWith(`${BACKUP_PREFIX}/`)) keys.push(object.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async read(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    async write(key, bytes) {
      // As the upload stored it (media-store.server.ts): the site serves the object's own headers.
      const contentType = key.endsWith(".webp") ? "image/webp" : "application/octet-stream";
      await client.send(new PutObjectCommand({ Bucket: settings.bucket, Key: key, Body: bytes, ContentType: contentType, CacheControl: IMMUTABLE_CACHE_CONTROL }));
    },
  };
}

/** Where scheduled backups go in the bucket. */
export const BACKUP_PREFIX = "backups";
