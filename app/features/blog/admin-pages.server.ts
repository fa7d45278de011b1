// What /admin/blog shows: every post, the post being edited (?edit=<id>) and the post whose
// deletion is being asked about (?delete=<id>): both are page states, so they work without scripts.
import { isUuid } from "~/lib/list-query";
import { findPost, listAllPosts } from "./admin-data.server";

export async function getBlogAdminPage(url: URL) {
  const editId = url.searchParams.get("edit");
  const deleteId = url.searchParams.get("delete");
  const [posts, editing] = await Promise.all([listAllPosts(), editId && isUuid(editId) ? findPost(editId) : null]);
  return {
    posts,
    editing,
    confirmDeleteId: posts.some((post) => post.id === deleteId) ? deleteId : null,
  };
}

export type BlogAdminPage = Awaited<ReturnType<typeof getBlogAdminPage>>;
export type BlogAdminListItem = BlogAdminPage["posts"][number];
