// The free tools' and applications' buttons. The marketplace runs without React (decision 040):
// app/enhance/share.ts opens a share in the fixed-size popup, and an element's data-toast-title
// (and -description) is the toast app/enhance/toasts.ts shows when it is clicked.
import { ExternalLink, FolderGit2, Share2 } from "lucide-react";
import { Button } from "~/components/ui/button";

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
      data-share-url={intentUrl}
      data-toast-title="Share on X"
      data-toast-description="Opening X to share this manufacturing tool!"
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
  className?: string;
};

/** In the drawer, opening the tool closes it (app/enhance/share.ts). */
export function UseToolLink({ title, url, label = "Use Tool", className }: UseToolLinkProps) {
  if (!url) return null;
  return (
    <Button asChild variant="brand" size="sm" className={className}>
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`${label}: ${title} (opens in a new tab)`}
        data-closes-dialog=""
        data-toast-title="Opening Tool"
        data-toast-description={`Redirecting to ${title}`}
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
