import { ArrowRight, Factory } from "lucide-react";
import { Link } from "react-router";
import { featuredImageSources } from "../featured-image";
import { FEATURED_IMAGE_SIZE } from "../metadata";
import type { BlogCard } from "../pages.server";
import { BLOG_TITLE } from "../seo";
import { AiNotice } from "./ai-notice";

const container = "mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8";

/** /blog: published posts as cards, newest first, or the spec's empty state. */
export function BlogIndexPage({ posts }: { posts: BlogCard[] }) {
  return (
    <>
      <section className="border-b bg-secondary/60" aria-labelledby="blog-title">
        <div className={`${container} py-12 sm:py-16`}>
          <p className="text-sm font-semibold tracking-wide text-brand uppercase">From the shop floor</p>
          <h1 id="blog-title" className="mt-2 text-3xl font-bold tracking-tight text-balance text-primary sm:text-4xl">
            {BLOG_TITLE}
          </h1>
          <p className="mt-4 max-w-3xl text-lg text-pretty text-muted-foreground">
            Field notes on CNC machining, aerospace manufacturing, reshoring, tariffs and AI on the shop floor.
          </p>
          <AiNotice className="mt-6" />
        </div>
      </section>

      <div className={`${container} py-12 sm:py-16`}>
        {posts.length === 0 ? (
          <div className="mx-auto flex max-w-xl flex-col items-center py-12 text-center">
            <Factory aria-hidden="true" className="size-12 text-muted-foreground" />
            <h2 className="mt-4 text-2xl font-semibold text-primary">Manufacturing Intelligence Coming Soon</h2>
            <p className="mt-2 text-muted-foreground">The first articles are being written. Check back soon.</p>
          </div>
        ) : (
          <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post, index) => (
              <li key={post.slug}>
                <BlogPostCard post={post} priority={index === 0} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function BlogPostCard({ post, priority }: { post: BlogCard; priority: boolean }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm">
      <img
        {...featuredImageSources(post.image, "(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw")}
        alt=""
        width={FEATURED_IMAGE_SIZE.width}
        height={FEATURED_IMAGE_SIZE.height}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "auto" : "async"}
        fetchPriority={priority ? "high" : "auto"}
        className="aspect-[1200/630] w-full bg-muted object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <h2 className="text-xl font-semibold text-balance text-primary">{post.title}</h2>
        {post.excerpt ? <p className="mt-3 line-clamp-4 text-muted-foreground">{post.excerpt}</p> : null}
        <Link
          to={`/blog/${encodeURIComponent(post.slug)}`}
          aria-label={`Read Intelligence: ${post.title}`}
          className="mt-auto inline-flex items-center gap-1.5 pt-6 font-semibold text-brand underline-offset-4 hover:underline"
        >
          Read Intelligence
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </article>
  );
}
