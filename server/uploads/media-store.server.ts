// Where uploaded media lives: files under DATA_DIR/media, or an S3-compatible bucket when S3_BUCKET
// is set (decision 016). Keys are chosen by the server (never a client's path); both stores serve
// through the site at /media/{key}, so the pages' URLs do not change with the store.
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getEnv } from "~/lib/env.server";

export type StoredMedia = { body: Readable; contentType: string; length: number | undefined };

export type MediaStore = {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Null when there is no such object. */
  get(key: string): Promise<StoredMedia | null>;
};

/** Keys are `posts/...` names the server made: letters, digits, dots, dashes and one folder level. */
const MEDIA_KEY = /^[a-z]+\/[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

export function isMediaKey(key: string): boolean {
  return MEDIA_KEY.test(key) && !key.includes("..");
}

const CONTENT_TYPES: Record<string, string> = { ".webp": "image/webp" };

export function diskMediaStore(root: string): MediaStore {
  return {
    async put(key, bytes) {
      if (!isMediaKey(key)) throw new Error(`not a media key: ${key}`);
      const target = path.join(root, key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      // Written whole, then renamed: a reader never sees half a file.
      const partial = `${target}.${process.pid}.partial`;
      await fs.promises.writeFile(partial, bytes, { mode: 0o600 });
      await fs.promises.rename(partial, target);
    },
    async get(key) {
      if (!isMediaKey(key)) return null;
      const target = path.join(root, key);
      try {
        const stat = await fs.promises.stat(target);
        if (!stat.isFile()) return null;
        return {
          body: fs.createReadStream(target),
          contentType: CONTENT_TYPES[path.extname(key)] ?? "application/octet-stream",
          length: stat.size,
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
  };
}

export type S3Settings = {
  bucket: string;
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
};

/** The S3 client for the configured bucket (media, and backups' uploads). */
export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region ?? "us-east-1",
    endpoint: settings.endpoint,
    // Self-hosted S3-compatible servers (MinIO, s3rver) address buckets by path.
    forcePathStyle: Boolean(settings.endpoint),
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Checksums only where the API requires them: not every S3-compatible server knows the newer ones.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

export function s3MediaStore(settings: S3Settings): MediaStore {
  const client = s3Client(settings);
  return {
    async put(key, bytes, contentType) {
      if (!isMediaKey(key)) throw new Error(`not a media key: ${key}`);
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      );
    },
    async get(key) {
      if (!isMediaKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
        if (!object.Body) return null;
        return {
          body: object.Body as Readable,
          contentType: object.ContentType ?? "application/octet-stream",
          length: object.ContentLength,
        };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return null;
        throw error;
      }
    },
  };
}

/** Media names never change meaning (a new upload is a new name): cached for a year. */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

let store: MediaStore | undefined;

/** The store the configuration names: S3 when S3_BUCKET is set, else DATA_DIR/media. */
export function getMediaStore(): MediaStore {
  if (!store) {
    const env = getEnv();
    store = env.S3_BUCKET
      ? s3MediaStore({
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        })
      : diskMediaStore(path.resolve(env.DATA_DIR, "media"));
  }
  return store;
}
