// The posts the e2e server starts with (written by seed-blog.ts before it starts, since PGlite lets
// one process open the database): one published post for the reader and one draft.
export const READER_POST = {
  slug: "e2e-reader-post",
  title: "Spindle Warm-Up Before the First Part",
  excerpt: "Why a ten-minute warm-up program saves the first part of the shift.",
  seoDescription: "A warm-up routine keeps the first part of the shift in tolerance: what to run, for how long, and what to check.",
  content:
    "<h2>Thermal growth is real</h2><p>A cold spindle grows as it warms, and the first part of the shift pays for it.</p>" +
    "<ul><li>Run the warm-up program</li><li>Check the probe</li></ul>" +
    '<table><thead><tr><th scope="col">Step</th><th scope="col">Minutes</th></tr></thead><tbody><tr><td>Warm-up</td><td>10</td></tr></tbody></table>' +
    "<blockquote><p>Measure twice.</p></blockquote><pre><code>G28 G91 Z0</code></pre>",
  featuredImageUrl: "/images/blog/reshoring-cnc-shop-floor-playbook.webp",
} as const;

export const DRAFT_POST = {
  slug: "e2e-draft-post",
  title: "Unpublished Thoughts on Fixtures",
  content: "<p>Not ready yet.</p>",
} as const;
