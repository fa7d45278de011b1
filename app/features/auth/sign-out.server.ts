// The /logout action: ends the session, forgets the 'Login Required' notice, and redirects with
// the spec's toast (SPEC.md section 8). A failure returns the visitor to the page they were on.
import { readFormData } from "~/lib/form-data.server";
import { redirectWithToast } from "~/lib/flash-toast.server";
import { signOut } from "./flows.server";
import { clearLoginRequired, safeLocalPath } from "./notice.server";
import { SIGN_OUT_FIELDS, signOutSchema } from "./forms";

export async function signOutAndRedirect(request: Request, clientIp: string | undefined) {
  const form = await readFormData(request, { schema: signOutSchema });
  const redirectTo = safeLocalPath(form.get(SIGN_OUT_FIELDS.redirectTo), "/");
  const from = safeLocalPath(form.get(SIGN_OUT_FIELDS.from), "/");
  const outcome = await signOut({ request, clientIp });
  if (!outcome.ok) {
    // The admin dashboard words it more briefly than /admin-login (SPEC.md section 8).
    const description =
      form.get(SIGN_OUT_FIELDS.page) === "admin" ? "Please try again." : "Failed to sign out. Please try again.";
    return redirectWithToast(from, { kind: "error", title: "Sign out failed", description });
  }
  const headers = new Headers();
  for (const cookie of outcome.setCookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await clearLoginRequired());
  return redirectWithToast(
    redirectTo,
    { kind: "success", title: "Signed out", description: "You have been signed out successfully." },
    headers,
    // Usually home, a content page; and nothing of the signed-in app should outlive the session.
    { document: true },
  );
}
