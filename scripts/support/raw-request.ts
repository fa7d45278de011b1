// One HTTP request as the bytes came (fetch would pick its own encoding and decode): the tests and
// the benchmarks read answers this way.
import http from "node:http";

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One request with node:http: the bytes as sent (fetch would pick its own encoding and decode). */
export function request(
  url: string,
  { method = "GET", headers = {} as Record<string, string>, body = undefined as string | Buffer | undefined } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}
