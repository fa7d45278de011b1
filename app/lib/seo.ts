// Every route's `meta` goes through seo(): title, description, canonical (SITE_URL + path), Open
// Graph, Twitter card and JSON-LD, all rendered on the server.
import type { MetaDescriptor } from "react-router";
import { BUSINESS_NAME } from "~/content/site-name";
import type { PublicEnv } from "./env.server";

export const SITE_NAME = BUSINESS_NAME;
export const DEFAULT_OG_IMAGE = "/images/og-default.png";

type MetaArgs = {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  location: { pathname: string };
};

export type SeoInput = {
  title: string;
  description: string;
  /** Canonical path; defaults to the current path. */
  path?: string;
  image?: string | null;
  type?: "website" | "article";
  jsonLd?: Record<string, unknown> | Array<Record<string, unknown>>;
  noIndex?: boolean;
};

export function siteUrlFrom(matches: MetaArgs["matches"]): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { env?: PublicEnv }
    | undefined;
  return root?.env?.siteUrl ?? "";
}

export function absoluteUrl(siteUrl: string, pathOrUrl: string) {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${siteUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

export function organizationJsonLd(siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: SITE_NAME,
    url: siteUrl,
    logo: absoluteUrl(siteUrl, "/favicon.svg"),
  };
}

export function seo({ matches, location }: MetaArgs, input: SeoInput): MetaDescriptor[] {
  const siteUrl = siteUrlFrom(matches);
  const canonical = absoluteUrl(siteUrl, input.path ?? location.pathname);
  const image = absoluteUrl(siteUrl, input.image || DEFAULT_OG_IMAGE);
  const title = input.title.includes(SITE_NAME) ? input.title : `${input.title} | ${SITE_NAME}`;
  const jsonLd = [organizationJsonLd(siteUrl), ...[input.jsonLd ?? []].flat()];
  return [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: canonical },
    ...(input.noIndex ? [{ name: "robots", content: "noindex, nofollow" }] : []),
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
    ...jsonLd.map((data) => ({ "script:ld+json": data })),
  ];
}
