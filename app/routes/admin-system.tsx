import { RefreshCw } from "lucide-react";
import { useRevalidator } from "react-router";
import type { Route } from "./+types/admin-system";
import { AdminPageHeader } from "~/components/admin-page-header";
import { StatusBadge } from "~/components/status-badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { requireAdmin } from "~/features/auth/guards.server";
import { getSystemOverview } from "~/features/system/index.server";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "System",
    description: "The site's health: database, e-mail, background tasks, backups and disk.",
    noIndex: true,
  });

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return getSystemOverview();
}

const number = new Intl.NumberFormat("en-US");

// Term above value on a phone: beside a long term, a value such as the schema's name broke mid-word.
function Facts({ rows }: { rows: Array<[string, React.ReactNode]> }) {
  return (
    <dl className="grid gap-x-4 text-sm sm:grid-cols-[auto_1fr] sm:gap-y-2">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="mb-2 min-w-0 font-medium break-words sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">{children}</CardContent>
    </Card>
  );
}

export default function AdminSystem({ loaderData }: Route.ComponentProps) {
  const { problems, site, database, outbox, jobs, backup, disk } = loaderData;
  const revalidator = useRevalidator();
  const refreshing = revalidator.state !== "idle";

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <AdminPageHeader
        title="System"
        description="How the site itself is doing: e-mail, background tasks, backups and disk space. Anything that needs you is listed first, with what to do."
        actions={
          <Button variant="outline" onClick={() => revalidator.revalidate()} disabled={refreshing}>
            <RefreshCw className={refreshing ? "animate-spin" : undefined} aria-hidden="true" />
            {refreshing ? "Refreshing..." : "Refresh"}
          </Button>
        }
      />

      <section aria-labelledby="system-problems" className="mt-8">
        <h2 id="system-problems" className="text-xl font-semibold">
          {problems.length === 0 ? "Everything looks fine" : problems.length === 1 ? "1 thing needs attention" : `${problems.length} things need attention`}
        </h2>
        {problems.length === 0 ? (
          <p className="mt-2 text-muted-foreground">E-mail is going out, background tasks are running, the latest backup is recent and the disk has room.</p>
        ) : (
          <ul className="mt-4 space-y-3">
            {problems.map((problem) => (
              <li
                key={problem.title}
                className={`rounded-lg border p-4 ${problem.severity === "critical" ? "border-red-200 bg-red-50" : "border-amber-200 bg-amber-50"}`}
              >
                <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
                  <StatusBadge look={problem.severity === "critical" ? { label: "Act now", tone: "danger" } : { label: "Check", tone: "warning" }} />
                  <div className="min-w-0">
                    <p className="font-medium break-words text-slate-900">{problem.title}</p>
                    <p className="mt-1 text-sm text-slate-800">{problem.action}</p>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="mt-10 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        <Section title="Site">
          <Facts
            rows={[
              ["Built", site.builtAt ?? "Unknown"],
              ["Database schema", site.schema ?? "Unknown"],
              ["Node.js", site.node],
              ["Running for", site.uptime],
            ]}
          />
        </Section>
        <Section title="Database">
          <Facts
            rows={[
              ["Kind", database.kind],
              ["Size", database.size],
            ]}
          />
        </Section>
        <Section title="E-mail outbox">
          <Facts
            rows={[
              ["Waiting", `${number.format(outbox.pending)} (${number.format(outbox.due)} due now)`],
              ["Failed", number.format(outbox.failed)],
              ["Oldest due", outbox.oldestDue ?? "None"],
            ]}
          />
        </Section>
        <Section title="Background tasks">
          <Facts
            rows={[
              ["Queued", number.format(jobs.queued)],
              ["Running", number.format(jobs.running)],
              ["Failed this week", number.format(jobs.failed)],
            ]}
          />
          {jobs.recentFailures.length > 0 ? (
            <div>
              <h3 className="text-sm font-semibold">Latest failures</h3>
              <ul className="mt-2 space-y-2 text-sm">
                {jobs.recentFailures.map((failure) => (
                  <li key={`${failure.name}-${failure.at}`} className="rounded-md border p-2">
                    <p className="font-medium break-words">{failure.name}</p>
                    <p className="text-muted-foreground">{failure.at}</p>
                    <p className="mt-1 break-words">{failure.lastError || "No error was recorded."}</p>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </Section>
        <Section title="Backups">
          <Facts
            rows={[
              ["Last backup", backup.last?.at ?? "None yet"],
              ...(backup.last
                ? ([
                    ["Size", backup.last.size],
                    ["Kept in", backup.last.location],
                  ] as Array<[string, string]>)
                : []),
              ...(backup.lastFailure ? ([["Last failure", `${backup.lastFailure.at}: ${backup.lastFailure.error}`]] as Array<[string, string]>) : []),
            ]}
          />
        </Section>
        <Section title="Disk">
          {disk ? (
            <Facts
              rows={[
                ["Free", `${disk.free} of ${disk.total}`],
                ["Data directory", disk.path],
              ]}
            />
          ) : (
            <p className="text-sm">The data directory could not be read, so its free space is unknown. Check that DATA_DIR exists and the site may read it.</p>
          )}
        </Section>
      </div>
    </div>
  );
}
