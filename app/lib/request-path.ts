// The page a request is about. React Router's data requests carry the page in a `.data` URL
// (`/admin.data`, `/_.data` for the root, with a `_routes` parameter); a guard that stores a
// return target, or looks up the route's access, needs the document's path instead.

/** The document path and query of `request` (`/admin.data?_routes=…` → `/admin`). */
export function documentPath(request: Request): string {
  const url = new URL(request.url);
  const pathname = url.pathname.endsWith("/_.data")
    ? url.pathname.slice(0, -"_.data".length)
    : url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return search ? `${pathname}?${search}` : pathname;
}
