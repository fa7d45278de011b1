// The one allow-list for post HTML, applied when a post is saved and again when it is rendered
// (SPEC: admin-authored HTML is shown publicly). Anything not listed is dropped: scripts, styles,
// event handlers, forms, frames, SVG/MathML, style and id attributes, and every URL scheme but
// http(s) (plus mailto/tel on links); relative URLs stay. External links open in a new tab with
// rel="noopener noreferrer". The output is stable: sanitizing it again changes nothing.
// With a base URL (the feed, newsletter issues: read where no page resolves them) every relative
// link and image is made absolute.
// Not for public pages' bundles (sanitize-html is heavy): the server sanitizes before rendering;
// the admin editor's preview may import it.
import sanitizeHtml from "sanitize-html";

// Another site: an absolute http(s) URL (protocol-relative ones are dropped, so never reach this).
const isExternal = (href: string) => /^https?:\/\//i.test(href.trim());
const isProtocolRelative = (href: string) => /^\s*[/\\]{2}/.test(href);

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2", "h3", "h4", "h5", "h6",
    "p", "br", "hr", "blockquote", "pre", "code", "kbd", "samp",
    "strong", "b", "em", "i", "u", "s", "del", "ins", "mark", "small", "sub", "sup", "abbr", "cite", "q", "span",
    "ul", "ol", "li", "dl", "dt", "dd",
    "a", "img", "figure", "figcaption",
    "table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td", "colgroup", "col",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "srcset", "sizes", "alt", "title", "width", "height", "loading"],
    abbr: ["title"],
    ol: ["start", "reversed"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
    col: ["span"],
    colgroup: ["span"],
    code: ["class"],
    pre: ["class"],
  },
  // Syntax-highlighting hints only.
  allowedClasses: { code: ["language-*"], pre: ["language-*"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  // The page's own <h1> is the post title: a heading 1 in the body becomes a heading 2.
  transformTags: linkTransforms(),
  // Dropped with everything inside them, not just their tags.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "template", "title", "svg", "math", "select", "xmp", "noembed", "noframes"],
};

/**
 * `url` resolved against `base` when it is relative (a path, `#anchor`, `../x`). One with a scheme
 * is left to the allow-list, and so is anything resolving to another origin (`/\\evil`, `/\t/evil`):
 * only the site's own addresses are rewritten.
 */
const onOrigin = (base: URL | undefined, url: string) => base !== undefined && URL.parse(url)?.origin === base.origin;

function absoluteOn(base: URL | undefined, url: string): string {
  if (!base || /^\s*[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  try {
    const resolved = new URL(url, base);
    return resolved.origin === base.origin ? resolved.href : url;
  } catch {
    return url;
  }
}

/** "a.webp 480w, b.webp 800w": each candidate's URL resolved (URLs with ", " in them are not supported). */
const absoluteSrcset = (base: URL | undefined, srcset: string) =>
  srcset
    .split(/,\s+/)
    .map((candidate) => candidate.trim().replace(/^\S+/, (url) => absoluteOn(base, url)))
    .join(", ");

function linkTransforms(base?: URL): sanitizeHtml.IOptions["transformTags"] {
  return {
    h1: "h2",
    a: (tagName, attribs) => {
      const { href, title } = attribs;
      const kept: Record<string, string> = {};
      if (href !== undefined && !isProtocolRelative(href)) kept.href = absoluteOn(base, href);
      if (title !== undefined) kept.title = title;
      // Another site's: the base's own links (written absolute or made so) open in place.
      if (kept.href !== undefined && isExternal(kept.href) && !onOrigin(base, kept.href)) {
        kept.target = "_blank";
        kept.rel = "noopener noreferrer";
      }
      return { tagName, attribs: kept };
    },
    img: (tagName, attribs) => {
      if (!base) return { tagName, attribs };
      const { src, srcset } = attribs;
      const kept = { ...attribs };
      if (src !== undefined && !isProtocolRelative(src)) kept.src = absoluteOn(base, src);
      if (srcset !== undefined) kept.srcset = absoluteSrcset(base, srcset);
      return { tagName, attribs: kept };
    },
  };
}

/** `baseUrl`: the address the HTML is read at (a post's URL, the site's root), to make its links absolute. */
export function sanitizePostHtml(html: string, { baseUrl }: { baseUrl?: string } = {}): string {
  return sanitizeHtml(html, baseUrl ? { ...options, transformTags: linkTransforms(new URL(baseUrl)) } : options);
}

// Block boundaries become spaces in the text ("<p>a</p><p>b</p>" reads "a b", not "ab").
const BLOCK_TAG = /<\/?(?:h[1-6]|p|br|hr|blockquote|pre|ul|ol|li|dl|dt|dd|figure|figcaption|table|caption|thead|tbody|tfoot|tr|th|td|div)\b[^>]*>/gi;
const ESCAPED = { "&lt;": "<", "&gt;": ">", "&quot;": '"', "&amp;": "&" } as const;

/**
 * A post's text, for the meta description and the feed's summary: tags dropped (scripts and
 * styles with their content), entities decoded, whitespace collapsed.
 */
export function postPlainText(html: string): string {
  const text = sanitizeHtml(sanitizePostHtml(html).replace(BLOCK_TAG, " $&"), { allowedTags: [], allowedAttributes: {} });
  // sanitize-html escapes exactly these four in text; everything else arrives decoded.
  return text
    .replace(/&(?:lt|gt|quot|amp);/g, (entity) => ESCAPED[entity as keyof typeof ESCAPED])
    .replace(/\s+/g, " ")
    .trim();
}
