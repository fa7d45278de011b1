// The bench's Node reference (DESIGN.md section 8): a bare `http.createServer` answering each page
// with the status, headers and bytes the site's page cache sent for it, and nothing else: what
// Node's HTTP server can do on this host. Run by run.ts as `node bare-node-server.ts <answers.json>`
// (type stripping, no loader, so the process holds nothing but the server).
import fs from "node:fs";
import http from "node:http";

type Answers = { port: number; pages: Record<string, { head: string[]; body: string }> };

const answers: Answers = JSON.parse(fs.readFileSync(process.argv[2]!, "utf8"));
const pages = new Map(Object.entries(answers.pages).map(([path, page]) => [path, { head: page.head, body: Buffer.from(page.body, "base64") }]));

http
  .createServer((req, res) => {
    const page = pages.get(req.url ?? "");
    if (!page) return void res.writeHead(404).end();
    res.writeHead(200, page.head).end(page.body);
  })
  .listen(answers.port, "127.0.0.1");
