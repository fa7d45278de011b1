import { describe, expect, it } from "vitest";
import { attributionCookieHeader, readAttributionReference } from "./attribution.server";

function requestWith(setCookie: string): Request {
  const pair = setCookie.split(";")[0];
  return new Request("http://localhost/bootcamp", { headers: { cookie: pair } });
}

describe("attribution cookie", () => {
  it("carries a reference from the redirect to checkout", async () => {
    const header = await attributionCookieHeader("SAMPLE001");
    expect(header).toMatch(/^aff_ref=/);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Max-Age=2592000/);
    expect(await readAttributionReference(requestWith(header))).toBe("SAMPLE001");
  });

  it("reads nothing from a missing or malformed cookie", async () => {
    expect(await readAttributionReference(new Request("http://localhost/"))).toBeNull();
    expect(await readAttributionReference(new Request("http://localhost/", { headers: { cookie: "aff_ref=%%%" } }))).toBeNull();
    const forged = `aff_ref=${encodeURIComponent(btoa(JSON.stringify("<script>")))}`;
    expect(await readAttributionReference(new Request("http://localhost/", { headers: { cookie: forged } }))).toBeNull();
  });
});
