import { ShieldCheck } from "lucide-react";
import { Link } from "react-router";

/**
 * The home page's floating 'Admin' button, bottom right (SPEC.md "Global elements"). It sits in a
 * row of its own at the end of <main>, so at the bottom of the page it rests above the footer
 * instead of over its links. On wide screens the row sticks to the bottom of the viewport, so the
 * button floats while the page scrolls; below `lg` the hero's stat cards span the width, so there
 * it stays in that row rather than float over them.
 */
export function FloatingAdminButton() {
  return (
    <div className="pointer-events-none flex justify-end p-4 lg:sticky lg:bottom-0 lg:z-30">
      <Link
        to="/admin-login"
        className="pointer-events-auto inline-flex items-center gap-2 rounded-full bg-primary px-4 py-2.5 text-sm font-medium text-primary-foreground shadow-lg ring-2 ring-primary-foreground/70 transition hover:bg-primary/90"
      >
        <ShieldCheck aria-hidden="true" className="size-4" />
        Admin
      </Link>
    </div>
  );
}
