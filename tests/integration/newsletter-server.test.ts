// The newsletter through the production server's whole stack: the same-origin check guards the
// sign-up, and a mail client's one-click POST passes it from another origin without any cookie
// (the route table marks the List-Unsubscribe URL; its token authorises it). Needs `npm run build`.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../../scripts/support/databases";
import { request } from "../../scripts/support/raw-request";
import { freePort, startServerProcess, stopServerProcess, type ServerProcess } from "../../scripts/support/server-process";

describe("the newsletter on the running server", () => {
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = tempDir("newsletter-server-");
    const port = String(await freePort());
    server = await startServerProcess({ PORT: port, SITE_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await stopServerProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const form = (body: string, headers: Record<string, string>) => ({
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body,
  });

  it("refuses a sign-up from another site, and takes the one-click unsubscribe from anywhere without a cookie", async () => {
    const crossSite = { origin: "https://mail.example.net", "sec-fetch-site": "cross-site" };
    const email = "live-reader@example.com";
    const body = `email=${encodeURIComponent(email)}&source=blog_footer`;
    expect((await request(`${server.url}/newsletter`, form(body, crossSite))).status).toBe(403);

    // A plain form post from the site's own page: back to the page, the answer in a flash cookie.
    const signedUp = await request(`${server.url}/newsletter`, form(`${body}&returnTo=/blog`, { origin: server.url }));
    expect(signedUp.status).toBe(302);
    expect(signedUp.headers.location).toBe("/blog#newsletter");
    const mailDir = path.join(dataDir, "mail");
    const welcome = fs.readdirSync(mailDir).find((name) => name.includes("newsletter_welcome"))!;
    const raw = fs.readFileSync(path.join(mailDir, welcome), "utf8").replace(/\r\n[ \t]+/g, " ");
    const listUnsubscribe = /^List-Unsubscribe: <([^>]+)>$/m.exec(raw)![1]!;
    expect(listUnsubscribe).toMatch(new RegExp(`^${server.url}/newsletter/one-click/[0-9a-f]{32}$`));

    const oneClick = await request(listUnsubscribe, form("List-Unsubscribe=One-Click", crossSite));
    expect(oneClick.status).toBe(200);
    expect(oneClick.headers["set-cookie"]).toBeUndefined();
    const page = await request(listUnsubscribe.replace("/one-click/", "/unsubscribe/"));
    expect(page.body.toString()).toContain("You Are Unsubscribed");
    // The page's own button still needs the site's origin.
    const token = listUnsubscribe.split("/").at(-1)!;
    expect((await request(`${server.url}/newsletter/unsubscribe/${token}`, form("intent=unsubscribe", crossSite))).status).toBe(403);
  });
});
