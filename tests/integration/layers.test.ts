// Arrows point down: the server below the app's features, the scripts beside the tests, never on
// them. (The app hands the server what it needs through server/app-hooks.ts.)
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

function importsMatching(files: string[], pattern: RegExp) {
  return files.flatMap((file) =>
    [...fs.readFileSync(path.join(root, file), "utf8").matchAll(/^import[^;]*?from "([^"]+)"/gm)]
      .map((match) => match[1]!)
      .filter((specifier) => pattern.test(specifier))
      .map((specifier) => `${file}: ${specifier}`),
  );
}

describe("the tree's layers", () => {
  it("server/ imports no feature of the app", () => {
    expect(importsMatching(sourceFiles("server"), /(^~\/features\/|\/app\/features\/)/)).toEqual([]);
  });

  it("scripts/ imports nothing from tests/", () => {
    expect(importsMatching(sourceFiles("scripts"), /(^|\/)tests\//)).toEqual([]);
  });
});
