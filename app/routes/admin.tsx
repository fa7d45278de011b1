import { Link } from "react-router";
import type { Route } from "./+types/admin";
import { adminAreas } from "~/components/admin-areas";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { BackupStatusLine } from "~/features/admin-dashboard/backup-line";
import { getBackupLine } from "~/features/admin-dashboard/backup.server";
import { getAdminOverview } from "~/features/admin-dashboard/overview.server";
import { requireAdmin } from "~/features/auth/guards.server";
import { formatWholeDollars } from "~/lib/money";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Admin Dashboard",
    description: "Manage the blog, affiliates, bookings and analytics.",
    noIndex: true,
  });

export async function loader(args: Route.LoaderArgs) {
  const { user } = await requireAdmin(args);
  const [overview, backup] = await Promise.all([getAdminOverview(), getBackupLine()]);
  return { email: user.email, overview, backup };
}

// Every area but the dashboard itself, as a card.
const sections = adminAreas.flatMap((area) => (area.card ? [{ ...area.card, to: area.to, icon: area.icon }] : []));

const number = new Intl.NumberFormat("en-US");

export default function Admin({ loaderData }: Route.ComponentProps) {
  const { email, overview, backup } = loaderData;
  const stats = [
    { label: "Total Blog Posts", value: number.format(overview.totalPosts) },
    { label: "Active Affiliates", value: number.format(overview.activeAffiliates) },
    { label: "This Month's Conversions", value: number.format(overview.conversionsThisMonth) },
    { label: "Revenue This Month", value: formatWholeDollars(overview.revenueThisMonthCents) },
    { label: "Upcoming Bookings", value: number.format(overview.upcomingBookings) },
    { label: "Active Subscribers", value: number.format(overview.activeSubscribers) },
  ];

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      {/* 'Back to Site' and 'Sign Out' are in the admin shell, on every admin page. */}
      <h1 className="text-3xl font-bold tracking-tight text-primary">Admin Dashboard</h1>
      <p className="mt-2 text-muted-foreground">
        Welcome back, <span className="font-medium text-foreground break-all">{email}</span>
      </p>

      <section aria-labelledby="admin-sections" className="mt-10">
        <h2 id="admin-sections" className="sr-only">
          Sections
        </h2>
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {sections.map((section) => (
            <li key={section.to}>
              <Card className="h-full">
                <CardHeader>
                  <div className="flex size-10 items-center justify-center rounded-lg bg-secondary" aria-hidden="true">
                    <section.icon className="size-5 text-primary" />
                  </div>
                  <CardTitle className="mt-3 text-lg">
                    <h3>{section.title}</h3>
                  </CardTitle>
                  <CardDescription>{section.description}</CardDescription>
                </CardHeader>
                <CardContent className="mt-auto">
                  <Button asChild className="w-full">
                    <Link to={section.to}>{section.cta}</Link>
                  </Button>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="quick-overview" className="mt-10">
        <h2 id="quick-overview" className="text-xl font-semibold">
          Quick Overview
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
          {stats.map((stat) => (
            <div key={stat.label} className="rounded-xl border bg-card p-5 shadow-sm">
              <dt className="text-sm text-muted-foreground">{stat.label}</dt>
              <dd className="mt-1 text-3xl font-bold text-primary">
                {stat.value}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="backups" className="mt-10">
        <h2 id="backups" className="text-xl font-semibold">
          Backups
        </h2>
        <BackupStatusLine backup={backup} />
      </section>
    </div>
  );
}
