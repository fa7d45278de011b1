import { describe, expect, it } from "vitest";
import { isValidSlug, slugForSave, slugify } from "./slug";

describe("slugify (SPEC section 5)", () => {
  it.each([
    ["American Manufacturing vs. China", "american-manufacturing-vs-china"],
    ["  Trump Tariffs: Manufacturing Impact!  ", "trump-tariffs-manufacturing-impact"],
    ["5-Axis   CNC -- the 2030 Playbook", "5-axis-cnc-the-2030-playbook"],
    ["Speeds & Feeds / Threads", "speeds-feeds-threads"],
    ["snake_case_title", "snakecasetitle"],
    ["Tabs\tand\nnew lines", "tabs-and-new-lines"],
    ["Производство в США", "производство-в-сша"],
    ["日本の製造業", "日本の製造業"],
    ["Café Économie", "café-économie"],
    ["<script>alert(1)</script>", "scriptalert1script"],
  ])("%j → %j", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it("keeps a leading or trailing hyphen the spec's steps leave (trim happens before spaces become hyphens)", () => {
    expect(slugify("- Intro -")).toBe("-intro-");
  });

  it("gives an empty slug for a title without letters or digits", () => {
    expect(slugify("!!! ??? 🔧🔧")).toBe("");
    expect(slugify("   ")).toBe("");
  });
});

describe("slugForSave", () => {
  const now = new Date("2026-03-01T12:00:00Z");

  it("cleans a typed slug by the same rules", () => {
    expect(slugForSave("My Custom Slug!", "Title", now)).toBe("my-custom-slug");
  });

  it("falls back to the slug generated from the title when the typed one is empty", () => {
    expect(slugForSave("", "Reshoring: a CNC Shop-Floor Playbook", now)).toBe("reshoring-a-cnc-shop-floor-playbook");
    expect(slugForSave("%%%", "Lean Cells", now)).toBe("lean-cells");
  });

  it("falls back to post-<time> when neither gives one", () => {
    expect(slugForSave("", "🔧🔧🔧", now)).toBe(`post-${now.getTime().toString(36)}`);
    expect(isValidSlug(slugForSave("", "???", now))).toBe(true);
  });
});

describe("isValidSlug", () => {
  it("accepts exactly what the rules leave unchanged", () => {
    expect(isValidSlug("american-manufacturing-vs-china")).toBe(true);
    expect(isValidSlug("производство")).toBe(true);
    for (const bad of ["", "Upper", "two--hyphens", "with space", "dots.in.it", "slash/es"]) {
      expect(isValidSlug(bad), bad).toBe(false);
    }
  });
});
