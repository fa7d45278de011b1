import { ShieldCheck } from "lucide-react";
import { Link } from "react-router";

/** The home page's floating 'Admin' button, bottom right (SPEC.md "Global elements"). */
export function FloatingAdminButton() {
  return (
    <Link
      to="/admin-login"
      className="fixed right-4 bottom-4 z-30 inline-flex items-center gap-2 rounded-full bg-primary px-4 py-2.5 text-sm font-medium text-primary-foreground shadow-lg ring-2 ring-primary-foreground/70 transition hover:bg-primary/90"
    >
      <ShieldCheck aria-hidden="true" className="size-4" />
      Admin
    </Link>
  );
}
