// 'All Posts (count)': each post's title, /slug, status, excerpt, Edit and Delete. Delete asks
// first: with scripts in a dialog; without them the link opens the same question on the page
// (?delete=<id>), so it works either way.
import { FileText, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Form, Link } from "react-router";
import { SubmitButton } from "~/components/form";
import { StatusBadge } from "~/components/status-badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import type { AdminPostSummary } from "../../admin-data.server";
import { DELETE_POST_INTENT, postStatusLooks } from "../../admin-schema";

export const DELETE_QUESTION = "Are you sure you want to delete this post?";

function DeleteForm({ post, busy, children }: { post: AdminPostSummary; busy: boolean; children?: React.ReactNode }) {
  return (
    <Form method="post" action="/admin/blog" className="flex flex-wrap gap-2">
      <input type="hidden" name="intent" value={DELETE_POST_INTENT} />
      <input type="hidden" name="id" value={post.id} />
      <SubmitButton busy={busy} busyText="Deleting..." variant="destructive" size="sm">
        Delete post
      </SubmitButton>
      {children}
    </Form>
  );
}

function PostItem({
  post,
  asking,
  busyDelete,
  onAskDelete,
}: {
  post: AdminPostSummary;
  asking: boolean;
  busyDelete: boolean;
  onAskDelete: (post: AdminPostSummary) => void;
}) {
  return (
    <li id={`post-${post.id}`} className="rounded-xl border bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words">{post.title}</h3>
          <p className="text-sm break-all text-muted-foreground">/{post.slug}</p>
        </div>
        <StatusBadge look={postStatusLooks[post.status]} />
      </div>
      {post.excerpt ? <p className="mt-2 line-clamp-3 text-sm text-muted-foreground">{post.excerpt}</p> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to={`/admin/blog?edit=${post.id}`} aria-label={`Edit ${post.title}`}>
            <Pencil aria-hidden="true" />
            Edit
          </Link>
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link
            to={`/admin/blog?delete=${post.id}#post-${post.id}`}
            preventScrollReset
            aria-label={`Delete ${post.title}`}
            onClick={(event) => {
              // With scripts: the dialog; the link is the question's page for browsers without them.
              event.preventDefault();
              onAskDelete(post);
            }}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Link>
        </Button>
      </div>
      {asking ? (
        <div role="group" aria-label={DELETE_QUESTION} className="mt-3 rounded-lg border border-destructive/40 bg-destructive/5 p-3">
          <p className="text-sm font-medium">{DELETE_QUESTION}</p>
          <div className="mt-3">
            <DeleteForm post={post} busy={busyDelete}>
              <Button asChild variant="outline" size="sm">
                <Link to="/admin/blog">Keep it</Link>
              </Button>
            </DeleteForm>
          </div>
        </div>
      ) : null}
    </li>
  );
}

export function PostList({
  posts,
  confirmDeleteId,
  busyDeleteId,
}: {
  posts: AdminPostSummary[];
  confirmDeleteId: string | null;
  busyDeleteId: string | null;
}) {
  const [dialogPost, setDialogPost] = useState<AdminPostSummary | null>(null);
  return (
    <section aria-labelledby="all-posts-heading" className="grid content-start gap-4">
      <h2 id="all-posts-heading" className="text-xl font-semibold">
        All Posts ({posts.length})
      </h2>
      {posts.length === 0 ? (
        <div className="flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-10 text-center">
          <FileText className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="mt-3 font-medium">No posts yet. Create your first post above.</p>
        </div>
      ) : (
        <ul className="space-y-3">
          {posts.map((post) => (
            <PostItem
              key={post.id}
              post={post}
              asking={confirmDeleteId === post.id}
              busyDelete={busyDeleteId === post.id}
              onAskDelete={setDialogPost}
            />
          ))}
        </ul>
      )}
      <Dialog open={dialogPost !== null} onOpenChange={(open) => (open ? undefined : setDialogPost(null))}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Delete post</DialogTitle>
            <DialogDescription>{DELETE_QUESTION}</DialogDescription>
          </DialogHeader>
          {dialogPost ? (
            <DialogFooter>
              <DeleteForm post={dialogPost} busy={busyDeleteId === dialogPost.id}>
                <Button type="button" variant="outline" size="sm" onClick={() => setDialogPost(null)}>
                  Cancel
                </Button>
              </DeleteForm>
            </DialogFooter>
          ) : null}
        </DialogContent>
      </Dialog>
    </section>
  );
}
