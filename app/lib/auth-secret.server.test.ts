import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError } from "~/lib/env.server";
import { resolveAuthSecret } from "./auth-secret.server";

const dirs: string[] = [];
function dataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secret-test-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("resolveAuthSecret", () => {
  it("prefers BETTER_AUTH_SECRET", () => {
    expect(resolveAuthSecret({ configured: "x".repeat(32), dataDir: dataDir() })).toBe("x".repeat(32));
  });

  it("generates DATA_DIR/secret once (owner-only) and reads it back", () => {
    const dir = path.join(dataDir(), "nested");
    const first = resolveAuthSecret({ dataDir: dir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveAuthSecret({ dataDir: dir })).toBe(first);
    expect(fs.statSync(path.join(dir, "secret")).mode & 0o777).toBe(0o600);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.readdirSync(dir)).toEqual(["secret"]);
  });

  it.each(["", "short-secret\n"])("stops with a clear message on a stored secret shorter than 32 characters (%j)", (stored) => {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, "secret"), stored, { mode: 0o600 });
    expect(() => resolveAuthSecret({ dataDir: dir })).toThrow(ConfigError);
    expect(() => resolveAuthSecret({ dataDir: dir })).toThrow(
      `${path.join(dir, "secret")} holds a secret shorter than 32 characters`,
    );
    // Left as it was for the operator to look at: replacing it would sign everyone out.
    expect(fs.readFileSync(path.join(dir, "secret"), "utf8")).toBe(stored);
  });
});
