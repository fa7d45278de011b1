// A local HTTP server playing the e-mail provider's API (POST /api/v1.0/email/send). `answer`
// decides each response; every request is kept for assertions.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type ProviderRequest = { method: string; path: string; contentType: string | undefined; body: unknown };
export type ProviderAnswer = { status: number; text: string };

export type FakeProvider = {
  url: string;
  requests: ProviderRequest[];
  answer: (request: ProviderRequest, index: number) => ProviderAnswer;
  stop: () => Promise<void>;
};

export async function startFakeProvider(): Promise<FakeProvider> {
  const provider: FakeProvider = {
    url: "",
    requests: [],
    answer: () => ({ status: 200, text: "OK" }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // Not JSON: kept as text for the assertion to show.
      }
      const request = { method: req.method ?? "", path: req.url ?? "", contentType: req.headers["content-type"], body };
      provider.requests.push(request);
      const { status, text } = provider.answer(request, provider.requests.length - 1);
      res.writeHead(status, { "Content-Type": "text/plain" }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  provider.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return provider;
}
