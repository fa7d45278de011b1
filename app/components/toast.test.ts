// Sonner stays off first paint only while nothing imports it directly (decision 007): toasts go
// through ~/components/toast, which loads sonner on the first one.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const appDir = path.resolve(import.meta.dirname, "..");
const allowed = new Set(["components/toast.tsx", "components/ui/sonner.tsx"]);

describe("toasts", () => {
  it("are shown through ~/components/toast: no other module imports sonner", () => {
    const sourceFiles = fs
      .readdirSync(appDir, { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => file.split(path.sep).join("/"));
    const importers = sourceFiles.filter(
      (file) => !allowed.has(file) && /from\s+["']sonner["']|import\(\s*["']sonner["']\s*\)/.test(fs.readFileSync(path.join(appDir, file), "utf8")),
    );
    expect(sourceFiles.length).toBeGreaterThan(50);
    expect(importers).toEqual([]);
  });
});
