import { Home, Sparkles, ArrowLeft, Newspaper } from "lucide-react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/admin-blog";
import { AdminPageHeader } from "~/components/admin-page-header";
import { SubmitButton, useToast } from "~/components/form";
import { Button } from "~/components/ui/button";
import { requireAdmin } from "~/features/auth/guards.server";
import { blogActionFromAdmin } from "~/features/blog/admin-actions.server";
import { getBlogAdminPage } from "~/features/blog/admin-pages.server";
import { DELETE_POST_INTENT, SAVE_POST_INTENT, SEED_POSTS_INTENT } from "~/features/blog/admin-schema";
import { PostForm } from "~/features/blog/components/admin/post-form";
import { PostList } from "~/features/blog/components/admin/post-list";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Blog Management",
    description: "Create, edit and publish blog posts.",
    noIndex: true,
  });

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return getBlogAdminPage(new URL(args.request.url));
}

export async function action(args: Route.ActionArgs) {
  const { user } = await requireAdmin(args);
  return blogActionFromAdmin(args.request, user.id);
}

export default function AdminBlog({ loaderData, actionData }: Route.ComponentProps) {
  const { posts, editing, confirmDeleteId } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const intent = navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  useToast(actionData?.toast);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <AdminPageHeader
        title="Blog Management"
        description="Create, edit and publish blog posts. Drafts are visible only here."
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/admin">
                <ArrowLeft aria-hidden="true" />
                Back to Admin
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/">
                <Home aria-hidden="true" />
                Site
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/admin/newsletter">
                <Newspaper aria-hidden="true" />
                Send as newsletter
              </Link>
            </Button>
            <Form method="post" action="/admin/blog">
              <input type="hidden" name="intent" value={SEED_POSTS_INTENT} />
              <SubmitButton busy={intent === SEED_POSTS_INTENT} busyText="Seeding...">
                <Sparkles aria-hidden="true" />
                Seed 5 viral posts
              </SubmitButton>
            </Form>
          </>
        }
      />
      <div className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <PostForm
          // A fresh form per post, and per visit of the create form: a saved post's redirect is a new
          // location, so the form is a blank draft again (a refused save keeps what was typed: the
          // reply carries it).
          key={editing?.id ?? location.key}
          editing={editing}
          lastResult={actionData?.intent === SAVE_POST_INTENT ? actionData.reply : undefined}
          busy={intent === SAVE_POST_INTENT}
        />
        <PostList
          posts={posts}
          confirmDeleteId={confirmDeleteId}
          busyDeleteId={intent === DELETE_POST_INTENT ? String(navigation.formData?.get("id")) : null}
        />
      </div>
    </div>
  );
}
