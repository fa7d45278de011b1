// Sign-out is a POST to /logout, which redirects with the spec's toast. A plain form: it works
// without JavaScript, and no page has to hold back its revalidation around it.
import { LogOut } from "lucide-react";
import { Form, useLocation, useNavigation } from "react-router";
import { SubmitButton } from "~/components/form";
import { SIGN_OUT_FIELDS } from "../forms";

export function SignOutButton({
  redirectTo,
  page,
  variant = "default",
  children = "Sign Out",
}: {
  redirectTo: string;
  /** The admin dashboard words a failure more briefly than /admin-login (SPEC.md section 8). */
  page?: "admin";
  variant?: "default" | "outline" | "secondary" | "ghost";
  children?: React.ReactNode;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/logout";
  return (
    <Form method="post" action="/logout">
      <input type="hidden" name={SIGN_OUT_FIELDS.redirectTo} value={redirectTo} />
      <input type="hidden" name={SIGN_OUT_FIELDS.from} value={`${location.pathname}${location.search}`} />
      {page ? <input type="hidden" name={SIGN_OUT_FIELDS.page} value={page} /> : null}
      <SubmitButton variant={variant} busy={busy} busyText="Signing out...">
        <LogOut aria-hidden="true" />
        {children}
      </SubmitButton>
    </Form>
  );
}
