// The blog feature's front door: what other features may use (published posts for a newsletter
// issue, the dashboard's count).
export { countPosts, findPublishedPost, listPublishedPosts } from "./posts.server";
