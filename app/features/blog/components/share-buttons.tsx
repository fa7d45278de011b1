import { Link2, Share2 } from "lucide-react";
import { toast } from "~/components/toast";
import { Button } from "~/components/ui/button";
import { openSharePopup } from "~/lib/share";
import { postShareLinks } from "../metadata";

type ShareButtonsProps = { title: string; description: string; url: string };

async function copyLink(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast.success("Link copied!", { description: "The post URL has been copied to your clipboard." });
  } catch {
    toast.error("Copy failed", { description: "Unable to copy link. Please try again." });
  }
}

/**
 * X, Facebook and LinkedIn in fixed-size popups (plain links in a new tab without JavaScript), and
 * 'Copy link'.
 */
export function ShareButtons({ title, description, url }: ShareButtonsProps) {
  const links = postShareLinks({ title, description, url });
  const networks = [
    { label: "X", href: links.x },
    { label: "Facebook", href: links.facebook },
    { label: "LinkedIn", href: links.linkedin },
  ];
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Share this post">
      <span className="mr-1 text-sm font-medium text-muted-foreground">Share:</span>
      {networks.map((network) => (
        <Button key={network.label} asChild variant="outline" size="sm">
          <a
            href={network.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Share on ${network.label} (opens a new window)`}
            onClick={(event) => {
              event.preventDefault();
              openSharePopup(network.href);
            }}
          >
            <Share2 aria-hidden="true" />
            {network.label}
          </a>
        </Button>
      ))}
      <Button type="button" variant="outline" size="sm" onClick={() => void copyLink(url)}>
        <Link2 aria-hidden="true" />
        Copy link
      </Button>
    </div>
  );
}
