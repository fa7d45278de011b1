import { describe, expect, it } from "vitest";
import { portalLinks } from "./portal-links";

const disabled = (state: { signedIn: boolean; isAdmin: boolean }) =>
  Object.fromEntries(
    portalLinks(state)
      .flatMap((group) => group.links)
      .map((link) => [link.to, link.disabledReason !== null]),
  );

describe("portalLinks", () => {
  it("lists the spec's seven targets", () => {
    expect(Object.keys(disabled({ signedIn: false, isAdmin: false }))).toEqual([
      "/affiliate-application",
      "/affiliate-dashboard",
      "/a/SAMPLE001",
      "/bootcamp?ref=SAMPLE001",
      "/admin-login",
      "/affiliate-management",
      "/admin",
    ]);
  });

  it("disables the admin pages for an anonymous visitor", () => {
    expect(disabled({ signedIn: false, isAdmin: false })).toMatchObject({
      "/admin-login": false,
      "/affiliate-management": true,
      "/admin": true,
      "/affiliate-application": false,
    });
  });

  it("disables admin login and the admin pages for a signed-in non-admin", () => {
    expect(disabled({ signedIn: true, isAdmin: false })).toMatchObject({
      "/admin-login": true,
      "/affiliate-management": true,
      "/admin": true,
    });
  });

  it("enables the admin pages for an admin, but not admin login", () => {
    expect(disabled({ signedIn: true, isAdmin: true })).toMatchObject({
      "/admin-login": true,
      "/affiliate-management": false,
      "/admin": false,
      "/a/SAMPLE001": false,
    });
  });
});
