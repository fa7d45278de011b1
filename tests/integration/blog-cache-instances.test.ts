// The blog's pages come from the page cache for anonymous readers and are fresh as soon as a post
// changes, on every instance: two production servers on one PostgreSQL (a post saved, edited and
// deleted through one is fresh on the other within a second), and one server on PGlite. Needs
// `npm run build` (and TEST_DATABASE_URL for the two instances: in CI, its absence fails the run).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../../scripts/support/databases";
import { startServerWithAdmin, type AdminServer } from "../support/live-server";
import { hasTestPostgres } from "../support/environment";

const ADMIN = { email: "cache-editor@example.test", password: "cache-editor-password-1" };
const FRESH_WITHIN_MS = 1000;

async function read(server: AdminServer, path: string) {
  const response = await fetch(`${server.server.url}${path}`);
  return { status: response.status, cache: response.headers.get("x-page-cache"), text: await response.text() };
}

async function savePost(server: AdminServer, fields: Record<string, string>) {
  const response = await fetch(`${server.server.url}/admin/blog`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: server.server.url,
      "sec-fetch-site": "same-origin",
      cookie: server.adminCookie,
    },
    body: new URLSearchParams(fields),
  });
  expect(response.status, await response.clone().text()).toBe(302);
}

async function postId(server: AdminServer, title: string) {
  const page = await fetch(`${server.server.url}/admin/blog`, { headers: { cookie: server.adminCookie } });
  const link = (await page.text()).match(/<a [^>]*>/g)!.find((tag) => tag.includes(`aria-label="Edit ${title}"`))!;
  return /edit=([0-9a-f-]{36})/.exec(link)![1]!;
}

/** Reads `path` from `server` until `fresh` holds, for at most FRESH_WITHIN_MS. */
async function expectFresh(server: AdminServer, path: string, fresh: (page: Awaited<ReturnType<typeof read>>) => boolean) {
  await expect.poll(async () => fresh(await read(server, path)), { timeout: FRESH_WITHIN_MS, interval: 20 }).toBe(true);
}

/** The scenario, the writer and the reader being the same server or two. */
async function savedEditedDeleted(writer: AdminServer, reader: AdminServer) {
  const suffix = Math.random().toString(36).slice(2, 7);
  const title = `Coolant Concentration ${suffix}`;
  const slug = `coolant-concentration-${suffix}`;
  const form = { intent: "save-post", title, slug: "", excerpt: "", content: "<p>Check it daily.</p>", status: "published", seoTitle: "", seoDescription: "" };

  // The reader's cache holds /blog and the feed before the post exists.
  for (const path of ["/blog", "/blog/rss.xml"]) {
    await read(reader, path);
    expect((await read(reader, path)).cache, path).toBe("hit");
  }

  await savePost(writer, form);
  await expectFresh(reader, "/blog", (page) => page.text.includes(title));
  await expectFresh(reader, "/blog/rss.xml", (page) => page.text.includes(`/blog/${slug}`));
  await read(reader, `/blog/${slug}`);
  expect((await read(reader, `/blog/${slug}`)).cache).toBe("hit");

  const id = await postId(writer, title);
  await savePost(writer, { ...form, id, title: `${title} (revised)`, slug });
  await expectFresh(reader, `/blog/${slug}`, (page) => page.text.includes(`${title} (revised)`));
  expect((await read(reader, `/blog/${slug}`)).cache).toBe("hit");

  // Back to draft: gone from the reader's pages.
  await savePost(writer, { ...form, id, title: `${title} (revised)`, slug, status: "draft" });
  await expectFresh(reader, `/blog/${slug}`, (page) => page.status === 404);
  await expectFresh(reader, "/blog", (page) => !page.text.includes(title));

  await savePost(writer, { ...form, id, title: `${title} (revised)`, slug });
  await expectFresh(reader, `/blog/${slug}`, (page) => page.status === 200);
  await savePost(writer, { intent: "delete-post", id });
  await expectFresh(reader, `/blog/${slug}`, (page) => page.status === 404);
  await expectFresh(reader, "/blog/rss.xml", (page) => !page.text.includes(`/blog/${slug}`));
}

describe("the blog's cached pages on PGlite (one process)", () => {
  let server: AdminServer;
  beforeAll(async () => {
    server = await startServerWithAdmin(ADMIN, { dataDirPrefix: "blog-cache-", env: { LOG_LEVEL: "warn" } });
  });
  afterAll(() => server?.stop());

  it("are fresh as soon as a post is saved, edited, unpublished or deleted", async () => {
    await savedEditedDeleted(server, server);
  });
});

describe.runIf(hasTestPostgres())("the blog's cached pages on two instances over one PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const servers: AdminServer[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    // One after the other: the first applies the migrations.
    for (let i = 0; i < 2; i++) {
      servers.push(await startServerWithAdmin(ADMIN, { dataDirPrefix: "blog-cache-pg-", env: { DATABASE_URL: database.url, LOG_LEVEL: "warn" } }));
    }
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
  });

  it("a post saved, edited, unpublished or deleted through one is fresh on the other within a second", async () => {
    await savedEditedDeleted(servers[0]!, servers[1]!);
  });

  it("an instance whose LISTEN connection drops renders pages meanwhile, listens again, and is fresh after", async () => {
    const [writer, reader] = servers as [AdminServer, AdminServer];
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const dropped = await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'");
      expect(dropped.rowCount).toBe(2);
    } finally {
      await admin.end();
    }
    // The drop noticed: pages rendered, not served from memory (the notice is asynchronous: a read
    // right after the termination can still be served from memory). Then listening again (each
    // instance re-opens its connection a second later) and serving from memory again.
    await expect.poll(async () => (await read(reader, "/blog")).cache, { timeout: 5_000, interval: 20 }).toBeNull();
    await expect.poll(async () => (await read(reader, "/blog")).cache, { timeout: 10_000, interval: 50 }).toBe("hit");
    await savedEditedDeleted(writer, reader);
  });

  it("seeding through one refreshes the other's list", async () => {
    const [writer, reader] = servers as [AdminServer, AdminServer];
    await read(reader, "/blog");
    await savePost(writer, { intent: "seed-posts" });
    await expectFresh(reader, "/blog", (page) => page.text.includes("/blog/why-manufacturing-matters-america"));
  });
});
