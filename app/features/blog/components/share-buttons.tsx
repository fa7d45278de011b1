import { Link2, Share2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { postShareLinks } from "../metadata";

type ShareButtonsProps = { title: string; description: string; url: string };

/**
 * X, Facebook and LinkedIn in fixed-size popups (plain links in a new tab without JavaScript), and
 * 'Copy link' (app/enhance/share.ts).
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
          <a href={network.href} target="_blank" rel="noopener noreferrer" data-share-popup="" aria-label={`Share on ${network.label} (opens a new window)`}>
            <Share2 aria-hidden="true" />
            {network.label}
          </a>
        </Button>
      ))}
      <Button type="button" variant="outline" size="sm" data-copy-link={url}>
        <Link2 aria-hidden="true" />
        Copy link
      </Button>
    </div>
  );
}
