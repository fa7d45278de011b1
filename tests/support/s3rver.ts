// A local S3-compatible server (s3rver) for the tests of the S3 media store and S3 backups.
import S3rver from "s3rver";
import { tempDir } from "../../scripts/support/databases";

/** Starts s3rver on a free port of 127.0.0.1 with `buckets`; its endpoint and the server to close. */
export async function startS3rver(buckets: string[]): Promise<{ server: S3rver; endpoint: string }> {
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: tempDir("s3rver-"),
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const { port } = (await server.run()) as { port: number };
  return { server, endpoint: `http://127.0.0.1:${port}` };
}
