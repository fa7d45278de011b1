import { describe, expect, it } from "vitest";
import { sanitizePostHtml } from "./sanitize";

// [what it tries, hostile input, what must come out]
const hostile: Array<[string, string, string]> = [
  ["script tag", "<p>a</p><script>alert(1)</script>", "<p>a</p>"],
  ["mixed-case script", "<ScRiPt>alert(1)</sCrIpT>ok", "ok"],
  ["script split by a nested tag", "<scr<script>ipt>alert(1)</script>", "ipt&gt;alert(1)"],
  ["script with src", '<script src="https://evil.test/x.js"></script>', ""],
  ["img onerror", '<img src="x" onerror="alert(1)">', '<img src="x" />'],
  ["upper-case IMG OnError, unquoted", "<IMG SRC=/a.webp OnError=alert(1)>", '<img src="/a.webp" />'],
  ["onclick on a paragraph", '<p onclick="alert(1)">p</p>', "<p>p</p>"],
  ["onmouseover on a link", '<a href="/blog" onmouseover="alert(1)">a</a>', '<a href="/blog">a</a>'],
  ["javascript: link", '<a href="javascript:alert(1)">a</a>', "<a>a</a>"],
  ["mixed-case javascript: link", '<a href="JaVaScRiPt:alert(1)">a</a>', "<a>a</a>"],
  ["entity-encoded javascript:", '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">a</a>', "<a>a</a>"],
  ["hex entities in javascript:", '<a href="&#x6A;avascript&#x3A;alert(1)">a</a>', "<a>a</a>"],
  ["tab entity inside javascript:", '<a href="jav&#x09;ascript:alert(1)">a</a>', "<a>a</a>"],
  ["newline entity inside javascript:", '<a href="jav&#10;ascript:alert(1)">a</a>', "<a>a</a>"],
  ["leading space before javascript:", '<a href="  javascript:alert(1)">a</a>', "<a>a</a>"],
  ["NUL inside javascript:", '<a href="java\u0000script:alert(1)">a</a>', "<a>a</a>"],
  ["vbscript: link", '<a href="vbscript:msgbox(1)">a</a>', "<a>a</a>"],
  ["data: link", '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">a</a>', "<a>a</a>"],
  ["data: image", '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=" alt="x">', '<img alt="x" />'],
  ["javascript: in srcset", '<img src="/a.webp" srcset="javascript:alert(1) 1x, /b.webp 2x">', '<img src="/a.webp" srcset="/b.webp 2x" />'],
  ["protocol-relative link", '<a href="//evil.test/">a</a>', "<a>a</a>"],
  ["backslash protocol-relative link", '<a href="/\\evil.test/">a</a>', "<a>a</a>"],
  ["iframe", '<iframe src="https://evil.test"></iframe>after', "after"],
  ["iframe srcdoc", '<iframe srcdoc="<script>alert(1)</script>">inner</iframe>', ""],
  ["object and embed", '<object data="x.swf"></object><embed src="x.swf">', ""],
  ["style element", "<style>body{display:none}</style><p>x</p>", "<p>x</p>"],
  ["style attribute", '<p style="background:url(javascript:alert(1))">x</p>', "<p>x</p>"],
  ["svg with script", "<svg><script>alert(1)</script><text>t</text></svg>after", "after"],
  ["svg onload", '<svg onload="alert(1)"/>after', "after"],
  ["math payload", '<math><mtext><a xlink:href="javascript:alert(1)">m</a></mtext></math>', ""],
  ["form with inputs", '<form action="https://evil.test"><input name="card"><button>Pay</button></form>', "Pay"],
  ["formaction on a button", '<button formaction="javascript:alert(1)">b</button>', "b"],
  ["textarea content", "<textarea><script>alert(1)</script></textarea>", ""],
  ["base tag", '<base href="https://evil.test/"><a href="/booking">b</a>', '<a href="/booking">b</a>'],
  ["meta refresh", '<meta http-equiv="refresh" content="0;url=https://evil.test">', ""],
  ["link stylesheet", '<link rel="stylesheet" href="https://evil.test/x.css">', ""],
  ["id and name clobbering", '<p id="__proto__" name="location">x</p>', "<p>x</p>"],
  ["class injection", '<p class="fixed inset-0 z-50">x</p>', "<p>x</p>"],
  ["target and rel forged on an external link", '<a href="https://evil.test" target="_self" rel="opener">e</a>', '<a href="https://evil.test" target="_blank" rel="noopener noreferrer">e</a>'],
  ["target on an internal link", '<a href="/booking" target="_blank">b</a>', '<a href="/booking">b</a>'],
  ["comment hiding markup", "<!--<script>alert(1)</script>--><p>x</p>", "<p>x</p>"],
  ["CDATA", "<![CDATA[<script>alert(1)</script>]]><p>x</p>", "<p>x</p>"],
  ["unclosed nesting", "<p>unclosed <b>bold <i>it", "<p>unclosed <b>bold <i>it</i></b></p>"],
  ["attribute breaking out of quotes", '<img src="/a.webp" alt="x" " onerror="alert(1)">', '<img src="/a.webp" alt="x" />'],
  ["template element", "<template><img src=x onerror=alert(1)></template>", ""],
  ["noscript mXSS", '<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ""],
];

const forbidden = [/<script/i, /<iframe/i, /<style/i, /<form/i, /<svg/i, /<math/i, /<base/i, /<meta/i, /\son\w+=/i, /javascript:/i, /data:/i, /style=/i];

describe("sanitizePostHtml: hostile input", () => {
  it("has at least 30 cases", () => {
    expect(hostile.length).toBeGreaterThanOrEqual(30);
  });

  it.each(hostile)("%s", (_name, input, expected) => {
    const output = sanitizePostHtml(input);
    expect(output).toBe(expected);
    for (const pattern of forbidden) expect(output).not.toMatch(pattern);
    // Stable: what was saved sanitized renders unchanged.
    expect(sanitizePostHtml(output)).toBe(output);
  });
});

describe("sanitizePostHtml: what an article needs survives", () => {
  it.each([
    ["headings", "<h2>Two</h2><h3>Three</h3><h4>Four</h4>"],
    ["lists", "<ul><li>one</li></ul><ol start=\"3\"><li>three</li></ol>"],
    ["internal link", '<p>See <a href="/booking" title="Book">booking</a>.</p>'],
    ["external link with its rel", '<a href="https://www.nist.gov/" target="_blank" rel="noopener noreferrer">NIST</a>'],
    ["mail link", '<a href="mailto:owner@example.com">mail</a>'],
    ["image", '<img src="/images/blog/a.webp" alt="A part" width="1200" height="630" />'],
    ["figure", '<figure><img src="https://cdn.example.com/a.webp" alt="a" /><figcaption>Cap</figcaption></figure>'],
    ["table", '<table><caption>Cap</caption><thead><tr><th scope="col">A</th></tr></thead><tbody><tr><td colspan="2">1</td></tr></tbody></table>'],
    ["code", '<pre class="language-gcode"><code class="language-gcode">G0 X0 Y0</code></pre><p>Use <code>M30</code>.</p>'],
    ["blockquote", "<blockquote><p>Measure twice.</p></blockquote>"],
    ["inline emphasis", "<p><strong>b</strong> <em>i</em> <mark>m</mark> H<sub>2</sub>O x<sup>2</sup> <abbr title=\"Computer numerical control\">CNC</abbr></p>"],
    ["escaped text", "<p>a &amp; b &lt; c</p>"],
  ])("%s", (_name, html) => {
    expect(sanitizePostHtml(html)).toBe(html);
  });

  it("turns a heading 1 into a heading 2 (the page's h1 is the title)", () => {
    expect(sanitizePostHtml("<h1>Top</h1>")).toBe("<h2>Top</h2>");
  });

  it("gives an external link without rel its rel and a new tab", () => {
    expect(sanitizePostHtml('<a href="https://www.bls.gov/">BLS</a>')).toBe(
      '<a href="https://www.bls.gov/" target="_blank" rel="noopener noreferrer">BLS</a>',
    );
  });
});

describe("sanitizePostHtml with a base URL (the feed, newsletter issues)", () => {
  const base = { baseUrl: "https://www.example.com/blog/a-post" };

  it("makes the site's relative links and images absolute; the site's own links open in place", () => {
    expect(
      sanitizePostHtml(
        '<a href="/booking">b</a><a href="#part">p</a><a href="../about">a</a><a href="https://www.example.com/tools">t</a>' +
          '<img src="/i.webp" srcset="/i-480.webp 480w, https://cdn.example.com/i.webp 1200w" alt="i">',
        base,
      ),
    ).toBe(
      '<a href="https://www.example.com/booking">b</a><a href="https://www.example.com/blog/a-post#part">p</a>' +
        '<a href="https://www.example.com/about">a</a><a href="https://www.example.com/tools">t</a>' +
        '<img src="https://www.example.com/i.webp" srcset="https://www.example.com/i-480.webp 480w, https://cdn.example.com/i.webp 1200w" alt="i" />',
    );
  });

  it.each([
    ["protocol-relative link", '<a href="//evil.test/">a</a>', "<a>a</a>"],
    ["backslash protocol-relative link", '<a href="/\\evil.test/">a</a>', "<a>a</a>"],
    ["protocol-relative image", '<img src="//evil.test/x.png">', "<img />"],
    ["javascript: link", '<a href="javascript:alert(1)">a</a>', "<a>a</a>"],
    ["tab inside javascript:", '<a href="java&#x09;script:alert(1)">a</a>', "<a>a</a>"],
    ["data: image", '<img src="data:image/png;base64,AAAA">', "<img />"],
    ["another site's link", '<a href="https://other.example/">o</a>', '<a href="https://other.example/" target="_blank" rel="noopener noreferrer">o</a>'],
    ["mailto", '<a href="mailto:shop@example.com">m</a>', '<a href="mailto:shop@example.com">m</a>'],
  ])("rewrites no hostile or foreign URL onto the site: %s", (_name, html, expected) => {
    expect(sanitizePostHtml(html, base)).toBe(expected);
  });
});
