import type { SocialLink, SocialPlatform } from "~/content/site";
import { cn } from "~/lib/utils";

// Simple original glyphs for the three networks (lucide-react no longer ships brand icons).
function SocialGlyph({ platform }: { platform: SocialPlatform }) {
  const common = { "aria-hidden": true, viewBox: "0 0 24 24", className: "size-5", fill: "currentColor" } as const;
  switch (platform) {
    case "linkedin":
      return (
        <svg {...common}>
          <rect x="2" y="2" width="20" height="20" rx="3" />
          <rect x="6" y="10" width="3" height="8" fill="var(--glyph-cut)" />
          <circle cx="7.5" cy="6.8" r="1.7" fill="var(--glyph-cut)" />
          <path d="M11 10h2.8v1.2c.6-.9 1.6-1.5 3-1.5 2.2 0 3.2 1.4 3.2 3.8V18h-3v-4c0-1.1-.4-1.8-1.4-1.8S14 13 14 14v4h-3z" fill="var(--glyph-cut)" />
        </svg>
      );
    case "youtube":
      return (
        <svg {...common}>
          <rect x="1.5" y="4.5" width="21" height="15" rx="4.5" />
          <path d="M10 8.8v6.4l5.6-3.2z" fill="var(--glyph-cut)" />
        </svg>
      );
    case "x":
      return (
        <svg {...common}>
          <path d="M3 3h5.2l4.3 6 5.1-6H20l-6.4 7.6L21 21h-5.2l-4.6-6.4L5.7 21H3.3l6.8-8z" />
        </svg>
      );
  }
}

/** The consultant's profiles, opened in a new tab; each link names its network and handle. */
export function SocialLinks({ links, inverted = false, className }: { links: readonly SocialLink[]; inverted?: boolean; className?: string }) {
  return (
    <ul className={cn("flex flex-wrap gap-2", className)}>
      {links.map((link) => (
        <li key={link.platform}>
          <a
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${link.label}: ${link.handle} (opens in a new tab)`}
            className={cn(
              "inline-flex items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium transition-colors",
              inverted
                ? "border-primary-foreground/30 text-primary-foreground [--glyph-cut:var(--primary)] hover:bg-primary-foreground/10"
                : "border-border bg-background text-primary [--glyph-cut:var(--background)] hover:bg-secondary",
            )}
          >
            <SocialGlyph platform={link.platform} />
            <span>{link.label}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
