import { ArrowRight, Lock } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { container } from "../shared/section-heading";
import { portalLinks } from "./portal-links";

function StatusRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="font-semibold break-all">{children}</dd>
    </div>
  );
}

/** A test portal for the affiliate flow: every page of it in one place, plus who is signed in. */
export function AffiliateTestPage({ user, isAdmin: userIsAdmin }: { user: { email: string } | null; isAdmin: boolean }) {
  const signedIn = user !== null;
  const email = user?.email ?? null;
  const isAdmin = signedIn && userIsAdmin;

  return (
    <div className={`${container} py-12 sm:py-16`}>
      <h1 className="text-3xl font-bold tracking-tight text-primary sm:text-4xl">Affiliate Test Portal</h1>
      <p className="mt-3 max-w-2xl text-lg text-muted-foreground">
        Try every step of the affiliate program: apply, open the dashboard, follow a sample link and check the admin tools.
      </p>

      <section aria-labelledby="current-user-title" className="mt-10 max-w-xl rounded-xl border bg-card p-6 shadow-sm">
        <h2 id="current-user-title" className="text-lg font-semibold text-primary">
          Current user
        </h2>
        <dl className="mt-2 divide-y">
          <StatusRow label="Signed in as">{email ?? (signedIn ? "Unknown e-mail" : "Not signed in")}</StatusRow>
          <StatusRow label="Admin">{isAdmin ? "Yes" : "No"}</StatusRow>
        </dl>
      </section>

      <div className="mt-10 grid gap-8 lg:grid-cols-3">
        {portalLinks({ signedIn, isAdmin }).map((group) => (
          <section key={group.id} aria-labelledby={`${group.id}-title`} className="rounded-xl border bg-card p-6 shadow-sm">
            <h2 id={`${group.id}-title`} className="text-lg font-semibold text-primary">
              {group.title}
            </h2>
            <ul className="mt-4 space-y-5">
              {group.links.map((link) => {
                const noteId = `note-${link.to.replace(/[^a-z0-9]/gi, "-")}`;
                return (
                  <li key={link.to}>
                    {link.disabledReason ? (
                      <Button type="button" variant="outline" className="h-auto w-full justify-start py-2 text-left whitespace-normal" disabled aria-describedby={noteId}>
                        <Lock aria-hidden="true" />
                        {link.label}
                      </Button>
                    ) : (
                      <Button asChild variant="outline" className="h-auto w-full justify-start py-2 text-left whitespace-normal">
                        <Link to={link.to} aria-describedby={noteId}>
                          <ArrowRight aria-hidden="true" />
                          {link.label}
                        </Link>
                      </Button>
                    )}
                    <p id={noteId} className="mt-1.5 text-sm text-muted-foreground">
                      {link.disabledReason ?? link.description}
                    </p>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
