// Post slugs (SPEC section 5): lowercase, remove everything except letters, digits, spaces and
// hyphens, trim, spaces to hyphens, collapse repeated hyphens. "Letters" are any script's letters
// (Unicode), so a title in Russian or Japanese keeps a readable slug; a title with no letters or
// digits at all ("!!!", emoji only) yields "", and saving then falls back to `post-<time>` so a
// post always has an address. Importable by the browser bundle (the editor generates as you type).

/** The slug generated from a title (may be "" when the title has no letters or digits). */
export function slugify(title: string): string {
  return title
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s-]/gu, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-");
}

/**
 * The slug a post is saved under: the one typed (cleaned by the same rules), else the one generated
 * from the title, else `post-<base-36 time>`.
 */
export function slugForSave(typedSlug: string, title: string, now: Date = new Date()): string {
  return slugify(typedSlug) || slugify(title) || `post-${now.getTime().toString(36)}`;
}

/** True when the rules leave `slug` unchanged (and it is not empty). */
export function isValidSlug(slug: string): boolean {
  return slug !== "" && slugify(slug) === slug;
}
