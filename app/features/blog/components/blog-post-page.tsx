import { ArrowLeft, CalendarCheck, Wrench } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { featuredImageSources } from "../featured-image";
import { FEATURED_IMAGE_SIZE } from "../metadata";
import type { BlogPostView } from "../pages.server";
import { AiNotice } from "./ai-notice";
import { ShareButtons } from "./share-buttons";

const narrow = "mx-auto w-full max-w-3xl px-4 sm:px-6";

function BackToBlog() {
  return (
    <Link to="/blog" className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to Blog
    </Link>
  );
}

/** 'Post not found.' for an unknown or draft slug (served with HTTP 404). */
export function PostNotFound() {
  return (
    <div className={`${narrow} flex flex-col items-center py-24 text-center`}>
      <h1 className="text-2xl font-semibold text-primary">Post not found.</h1>
      <div className="mt-6">
        <BackToBlog />
      </div>
    </div>
  );
}

/** /blog/{slug}: the article, its share buttons, the calls to action and the way back. */
export function BlogPostPage({ post }: { post: BlogPostView }) {
  return (
    <article className="py-10 sm:py-14">
      <header className={narrow}>
        <BackToBlog />
        <h1 className="mt-6 text-3xl font-bold tracking-tight text-balance text-primary sm:text-4xl">{post.title}</h1>
        <p className="mt-3 text-muted-foreground">
          <time dateTime={post.publishedAt}>{post.dateLabel}</time>
        </p>
      </header>

      {post.featuredImageUrl ? (
        <div className="mx-auto mt-8 w-full max-w-4xl sm:px-6">
          <img
            {...featuredImageSources(post.featuredImageUrl, "(min-width: 896px) 896px, 100vw")}
            alt=""
            width={FEATURED_IMAGE_SIZE.width}
            height={FEATURED_IMAGE_SIZE.height}
            fetchPriority="high"
            className="aspect-[1200/630] w-full bg-muted object-cover sm:rounded-xl"
          />
        </div>
      ) : null}

      <div className={`${narrow} mt-10`}>
        {/* Sanitized on the server with the blog's one allow-list (sanitize.ts), on save and here. */}
        <div className="article-prose" dangerouslySetInnerHTML={{ __html: post.contentHtml }} />

        <div className="mt-12 border-t pt-6">
          <ShareButtons title={post.title} description={post.meta.description} url={post.url} />
        </div>

        <aside aria-labelledby="post-cta" className="mt-10 rounded-2xl bg-primary p-6 text-primary-foreground sm:p-8">
          <h2 id="post-cta" className="text-2xl font-bold tracking-tight">Put this to work on your shop floor</h2>
          <p className="mt-2 text-primary-foreground/85">
            Book a free 30-minute manufacturing assessment, or try the tools built from twenty years of machining.
          </p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <Button asChild variant="brand" size="lg" className="h-12 px-6 text-base">
              <Link to="/booking">
                <CalendarCheck aria-hidden="true" />
                Book a Free Assessment
              </Link>
            </Button>
            <Button asChild variant="outline" size="lg" className="h-12 border-primary-foreground/40 bg-transparent px-6 text-base text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground">
              <Link to="/marketplace">
                <Wrench aria-hidden="true" />
                Explore Manufacturing Tools
              </Link>
            </Button>
          </div>
        </aside>

        <AiNotice className="mt-8" />
        <div className="mt-6">
          <BackToBlog />
        </div>
      </div>
    </article>
  );
}
