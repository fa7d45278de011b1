import { createReadableStreamFromReadable } from "@react-router/node";
import type { Route } from "./+types/media";
import { getMediaStore, IMMUTABLE_CACHE_CONTROL } from "#server/uploads/media-store.server";

// Uploaded media (server/uploads), from disk or the bucket, under names that never change meaning.
export async function loader({ params }: Route.LoaderArgs) {
  const stored = await getMediaStore().get(params["*"] ?? "");
  if (!stored) return new Response("Not found.\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const headers = new Headers({
    "Content-Type": stored.contentType,
    "Cache-Control": IMMUTABLE_CACHE_CONTROL,
    "X-Content-Type-Options": "nosniff",
  });
  if (stored.length !== undefined) headers.set("Content-Length", String(stored.length));
  return new Response(createReadableStreamFromReadable(stored.body), { headers });
}
