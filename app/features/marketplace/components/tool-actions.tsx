import { ExternalLink, FolderGit2, Share2 } from "lucide-react";
import { toast } from "~/components/toast";
import { Button } from "~/components/ui/button";
import { openSharePopup } from "~/lib/share";

/** Opens the X share intent in a fixed-size popup and says so. */
export function openShareIntent(intentUrl: string) {
  openSharePopup(intentUrl);
  toast("Share on X", { description: "Opening X to share this manufacturing tool!" });
}

type ShareButtonProps = {
  /** What is shared, for the accessible name ("Share {title} on X"). */
  title: string;
  intentUrl: string;
  /** Icon-only in the compact table; labelled elsewhere. */
  iconOnly?: boolean;
  className?: string;
};

export function ShareButton({ title, intentUrl, iconOnly = false, className }: ShareButtonProps) {
  return (
    <Button
      type="button"
      variant="outline"
      size={iconOnly ? "icon" : "sm"}
      className={className}
      aria-label={iconOnly ? `Share ${title} on X` : `Share on X: ${title}`}
      title={iconOnly ? "Share on X" : undefined}
      onClick={() => openShareIntent(intentUrl)}
    >
      <Share2 aria-hidden="true" />
      {iconOnly ? null : "Share on X"}
    </Button>
  );
}

type UseToolLinkProps = {
  title: string;
  /** No url, no button (SPEC: "only if it has a url"). */
  url?: string;
  label?: string;
  /** Runs after the tool opens, e.g. to close the drawer it was chosen in. */
  onOpen?: () => void;
  className?: string;
};

export function UseToolLink({ title, url, label = "Use Tool", onOpen, className }: UseToolLinkProps) {
  if (!url) return null;
  return (
    <Button asChild variant="brand" size="sm" className={className}>
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`${label}: ${title} (opens in a new tab)`}
        onClick={() => {
          toast("Opening Tool", { description: `Redirecting to ${title}` });
          onOpen?.();
        }}
      >
        <ExternalLink aria-hidden="true" />
        {label}
      </a>
    </Button>
  );
}

type RepositoryLinkProps = {
  title: string;
  githubUrl: string;
  iconOnly?: boolean;
  className?: string;
};

export function RepositoryLink({ title, githubUrl, iconOnly = false, className }: RepositoryLinkProps) {
  return (
    <Button asChild variant="outline" size={iconOnly ? "icon" : "sm"} className={className}>
      <a
        href={githubUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={
          iconOnly
            ? `${title} source code on GitHub (opens in a new tab)`
            : `Repository: ${title} source code on GitHub (opens in a new tab)`
        }
        title={iconOnly ? "Source code on GitHub" : undefined}
      >
        <FolderGit2 aria-hidden="true" />
        {iconOnly ? null : "Repository"}
      </a>
    </Button>
  );
}
