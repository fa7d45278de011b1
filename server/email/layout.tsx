// Shared pieces of every e-mail: table layout and inline styles, because mail clients ignore
// stylesheets and most of modern CSS.
import type { ReactNode } from "react";
import { getEnv } from "~/lib/env.server";
import { site } from "~/content/site";

const colors = {
  primary: "#1f3a5c",
  brand: "#b4501c",
  text: "#1f2937",
  muted: "#4b5563",
  border: "#e5e7eb",
  background: "#f3f4f6",
};
const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export function EmailLayout({
  preview,
  children,
  footerNote,
}: {
  /** The line mail clients show next to the subject. */
  preview: string;
  children: ReactNode;
  /** Why the recipient got this message. */
  footerNote: string;
}) {
  const { SITE_URL } = getEnv();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: colors.background, fontFamily: font }}>
        <div style={{ display: "none", maxHeight: 0, overflow: "hidden" }}>{preview}</div>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ backgroundColor: colors.background }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: "24px 12px" }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ maxWidth: 600, backgroundColor: "#ffffff", borderRadius: 8, overflow: "hidden" }}
                >
                  <tbody>
                    <tr>
                      <td style={{ backgroundColor: colors.primary, padding: "20px 28px" }}>
                        <a href={SITE_URL} style={{ color: "#ffffff", fontSize: 18, fontWeight: 700, textDecoration: "none" }}>
                          {site.businessName}
                        </a>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: "28px", color: colors.text, fontSize: 16, lineHeight: "24px" }}>{children}</td>
                    </tr>
                    <tr>
                      <td
                        style={{
                          padding: "20px 28px",
                          borderTop: `1px solid ${colors.border}`,
                          color: colors.muted,
                          fontSize: 13,
                          lineHeight: "20px",
                        }}
                      >
                        <p style={{ margin: "0 0 8px" }}>{footerNote}</p>
                        <p style={{ margin: 0 }}>
                          {site.businessName} · {site.location.city}, {site.location.regionCode} ·{" "}
                          <a href={SITE_URL} style={{ color: colors.muted }}>
                            {SITE_URL.replace(/^https?:\/\//, "")}
                          </a>
                        </p>
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

export function Heading({ children }: { children: ReactNode }) {
  return <h1 style={{ margin: "0 0 16px", fontSize: 22, lineHeight: "30px", color: colors.primary }}>{children}</h1>;
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <p style={{ margin: "0 0 16px" }}>{children}</p>;
}

export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} style={{ margin: "8px 0 24px" }}>
      <tbody>
        <tr>
          <td style={{ backgroundColor: colors.brand, borderRadius: 6 }}>
            <a
              href={href}
              style={{
                display: "inline-block",
                padding: "12px 22px",
                color: "#ffffff",
                fontWeight: 600,
                textDecoration: "none",
              }}
            >
              {children}
            </a>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/** The link spelled out, for clients that block buttons. */
export function FallbackLink({ href }: { href: string }) {
  return (
    <p style={{ margin: "0 0 16px", fontSize: 13, color: colors.muted }}>
      If the button does not work, paste this address into your browser:{" "}
      <a href={href} style={{ color: colors.primary, wordBreak: "break-all" }}>
        {href}
      </a>
    </p>
  );
}

export function DetailsTable({ rows }: { rows: ReadonlyArray<readonly [label: string, value: string]> }) {
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ margin: "0 0 20px", borderCollapse: "collapse", fontSize: 15 }}
    >
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th
              scope="row"
              style={{
                textAlign: "left",
                verticalAlign: "top",
                padding: "8px 12px 8px 0",
                borderBottom: `1px solid ${colors.border}`,
                color: colors.muted,
                fontWeight: 600,
                width: "40%",
              }}
            >
              {label}
            </th>
            <td
              valign="top"
              style={{ padding: "8px 0", borderBottom: `1px solid ${colors.border}`, whiteSpace: "pre-wrap" }}
            >
              {value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
