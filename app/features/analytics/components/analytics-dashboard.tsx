// /admin/analytics (decision 020): the range picker, the figures against the previous period, the
// daily chart and its table, the breakdowns, the business events and the two funnels.
import { Download } from "lucide-react";
import { lazy, Suspense } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { useHydrated } from "~/components/use-hydrated";
import { listSearch } from "~/lib/list-query";
import { formatWholeDollars } from "~/lib/money";
import { cn } from "~/lib/utils";
import type { AnalyticsPage, AnalyticsReport, RangeName } from "../admin-pages.server";

const Charts = {
  Daily: lazy(() => import("./charts").then((module) => ({ default: module.DailyChart }))),
  Steps: lazy(() => import("./charts").then((module) => ({ default: module.StepsChart }))),
};

const PATH = "/admin/analytics";
const number = new Intl.NumberFormat("en-US");
const oneDecimal = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1, minimumFractionDigits: 1 });
const percent = (value: number) => `${oneDecimal.format(value * 100)}%`;

const RANGE_LABELS: Record<Exclude<RangeName, "custom">, string> = { today: "Today", "7d": "7 days", "30d": "30 days", "90d": "90 days" };

function change(now: number, before: number): { text: string; tone: "up" | "down" | "flat" } {
  if (before === 0) return now === 0 ? { text: "no change", tone: "flat" } : { text: "new", tone: "up" };
  const delta = (now - before) / before;
  if (Math.abs(delta) < 0.0005) return { text: "no change", tone: "flat" };
  return { text: `${delta > 0 ? "+" : "−"}${oneDecimal.format(Math.abs(delta) * 100)}%`, tone: delta > 0 ? "up" : "down" };
}

export function RangePicker({ page }: { page: AnalyticsPage }) {
  const base = { source: page.source };
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <nav aria-label="Range">
        <ul className="flex flex-wrap gap-2">
          {(Object.keys(RANGE_LABELS) as Array<keyof typeof RANGE_LABELS>).map((range) => (
            <li key={range}>
              <Link
                to={`${PATH}${listSearch({ ...base, range })}`}
                aria-current={page.range === range ? "page" : undefined}
                className={cn(
                  "inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium",
                  page.range === range ? "border-primary bg-primary text-primary-foreground" : "bg-background hover:bg-accent",
                )}
              >
                {RANGE_LABELS[range]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" action={PATH} className="flex flex-wrap items-end gap-3" aria-label="Custom range">
        <input type="hidden" name="range" value="custom" />
        {page.source ? <input type="hidden" name="source" value={page.source} /> : null}
        <div className="grid gap-1">
          <Label htmlFor="range-from">From</Label>
          <Input id="range-from" name="from" type="date" defaultValue={page.picked.from ?? undefined} className="w-40" />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="range-to">To</Label>
          <Input id="range-to" name="to" type="date" defaultValue={page.picked.to ?? undefined} className="w-40" />
        </div>
        <Button type="submit" variant="outline">
          Apply
        </Button>
        {page.report ? (
          <Button asChild variant="outline">
            <a href={`${PATH}/export.csv${listSearch({ range: page.range, from: page.report.current.from, to: page.report.current.to })}`} download>
              <Download aria-hidden="true" />
              Daily CSV
            </a>
          </Button>
        ) : null}
      </Form>
    </div>
  );
}

function Figure({ label, value, now, before, shown }: { label: string; value: string; now: number; before: number; shown: string }) {
  const delta = change(now, before);
  return (
    <div className="rounded-xl border bg-card p-4 shadow-sm">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
      <dd className={cn("mt-1 text-xs", delta.tone === "up" ? "text-emerald-700" : delta.tone === "down" ? "text-red-700" : "text-muted-foreground")}>
        {delta.text} <span className="text-muted-foreground">(previous: {shown})</span>
      </dd>
    </div>
  );
}

export function Figures({ report }: { report: AnalyticsReport }) {
  const { totals: t, previousTotals: p, events: e, previousEvents: pe } = report;
  const figures = [
    { label: "Unique visitors", value: number.format(t.visitors), now: t.visitors, before: p.visitors, shown: number.format(p.visitors) },
    { label: "Page views", value: number.format(t.views), now: t.views, before: p.views, shown: number.format(p.views) },
    { label: "Views per visit", value: oneDecimal.format(t.viewsPerVisit), now: t.viewsPerVisit, before: p.viewsPerVisit, shown: oneDecimal.format(p.viewsPerVisit) },
    { label: "Bounce rate", value: percent(t.bounceRate), now: t.bounceRate, before: p.bounceRate, shown: percent(p.bounceRate) },
    { label: "Bookings", value: number.format(e.booking_submitted), now: e.booking_submitted, before: pe.booking_submitted, shown: number.format(pe.booking_submitted) },
    { label: "Checkouts started", value: number.format(e.checkout_started), now: e.checkout_started, before: pe.checkout_started, shown: number.format(pe.checkout_started) },
    { label: "Orders paid", value: number.format(e.order_paid), now: e.order_paid, before: pe.order_paid, shown: number.format(pe.order_paid) },
    { label: "Revenue", value: formatWholeDollars(e.revenueCents), now: e.revenueCents, before: pe.revenueCents, shown: formatWholeDollars(pe.revenueCents) },
    { label: "Newsletter sign-ups", value: number.format(e.newsletter_subscribed), now: e.newsletter_subscribed, before: pe.newsletter_subscribed, shown: number.format(pe.newsletter_subscribed) },
    { label: "Affiliate clicks", value: number.format(e.affiliate_click), now: e.affiliate_click, before: pe.affiliate_click, shown: number.format(pe.affiliate_click) },
    { label: "Affiliate conversions", value: number.format(e.affiliate_conversion), now: e.affiliate_conversion, before: pe.affiliate_conversion, shown: number.format(pe.affiliate_conversion) },
  ];
  return (
    <section aria-labelledby="figures-heading">
      <h2 id="figures-heading" className="sr-only">
        Figures against the previous period
      </h2>
      <dl className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-4">
        {figures.map((figure) => (
          <Figure key={figure.label} {...figure} />
        ))}
      </dl>
    </section>
  );
}

export function DailySection({ report }: { report: AnalyticsReport }) {
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="daily-heading" className="rounded-xl border bg-card p-5 shadow-sm">
      <h2 id="daily-heading" className="text-lg font-semibold">
        Visitors and page views per day (CT)
      </h2>
      <div className="mt-4">
        {hydrated ? (
          <Suspense fallback={<div className="h-64 animate-pulse rounded bg-muted" />}>
            <Charts.Daily days={report.days} />
          </Suspense>
        ) : (
          <div className="h-64 rounded bg-muted" />
        )}
      </div>
      <details className="mt-4">
        <summary className="cursor-pointer text-sm font-medium">The numbers of this chart</summary>
        <Table className="mt-2" data-testid="daily-table" scrollLabel="Visitors and page views per day">
          <TableHeader>
            <TableRow>
              <TableHead>Day</TableHead>
              <TableHead className="text-right">Visitors</TableHead>
              <TableHead className="text-right">Page views</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {report.days.map((day) => (
              <TableRow key={day.day}>
                <TableCell>{day.day}</TableCell>
                <TableCell className="text-right tabular-nums">{number.format(day.visitors)}</TableCell>
                <TableCell className="text-right tabular-nums">{number.format(day.views)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </details>
    </section>
  );
}

const BREAKDOWNS = [
  ["pages", "Top pages", "Page", "(none)"],
  ["referrers", "Top referrers", "Referrer", "Direct / none"],
  ["campaigns", "UTM campaigns", "Source / medium / campaign", "No campaign"],
  ["devices", "Devices", "Device", "(unknown)"],
  ["countries", "Countries", "Country", "Unknown"],
] as const;

export function Breakdowns({ report }: { report: AnalyticsReport }) {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 [&>*]:min-w-0">
      {BREAKDOWNS.map(([key, title, column, empty]) => (
        <section key={key} aria-labelledby={`${key}-heading`} className="rounded-xl border bg-card p-5 shadow-sm">
          <h2 id={`${key}-heading`} className="text-lg font-semibold">
            {title}
          </h2>
          {report.breakdowns[key].length === 0 ? (
            <p className="mt-3 text-sm text-muted-foreground">No page views in this range.</p>
          ) : (
            <Table className="mt-3" data-testid={`${key}-table`} scrollLabel={title}>
              <TableHeader>
                <TableRow>
                  <TableHead>{column}</TableHead>
                  <TableHead className="text-right">Visitors</TableHead>
                  <TableHead className="text-right">Views</TableHead>
                  <TableHead className="text-right">Views before</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {report.breakdowns[key].map((row) => (
                  <TableRow key={row.key ?? "none"}>
                    <TableCell className="max-w-64 truncate">{row.key ?? empty}</TableCell>
                    <TableCell className="text-right tabular-nums">{number.format(row.visitors)}</TableCell>
                    <TableCell className="text-right tabular-nums">{number.format(row.views)}</TableCell>
                    <TableCell className="text-right text-muted-foreground tabular-nums">
                      {row.previousViews === null ? "—" : `${number.format(row.previousViews)} (${change(row.views, row.previousViews).text})`}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </section>
      ))}
    </div>
  );
}

function FunnelTable({ id, title, steps }: { id: string; title: string; steps: Array<{ label: string; count: number; before: number }> }) {
  const hydrated = useHydrated();
  const first = steps[0]!.count;
  return (
    <div className="rounded-lg border p-4">
      <h3 className="font-semibold">{title}</h3>
      {hydrated ? (
        <Suspense fallback={<div className="h-48 animate-pulse rounded bg-muted" />}>
          <Charts.Steps steps={steps} testId={`${id}-chart`} />
        </Suspense>
      ) : (
        <div className="h-48 rounded bg-muted" />
      )}
      <Table data-testid={`${id}-table`} scrollLabel={title}>
        <TableHeader>
          <TableRow>
            <TableHead>Step</TableHead>
            <TableHead className="text-right">Visitors</TableHead>
            <TableHead className="text-right">From the first step</TableHead>
            <TableHead className="text-right">Previous period</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {steps.map((step) => (
            <TableRow key={step.label}>
              <TableCell>{step.label}</TableCell>
              <TableCell className="text-right tabular-nums">{number.format(step.count)}</TableCell>
              <TableCell className="text-right tabular-nums">{first ? percent(step.count / first) : "—"}</TableCell>
              <TableCell className="text-right tabular-nums">{number.format(step.before)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

export function FunnelsSection({ page, report }: { page: AnalyticsPage; report: AnalyticsReport }) {
  const { funnel: f, previousFunnel: p } = report;
  return (
    <section aria-labelledby="funnels-heading" className="rounded-xl border bg-card p-5 shadow-sm">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="funnels-heading" className="text-lg font-semibold">
            Funnels
          </h2>
          <p className="text-sm text-muted-foreground">A step counts when the visitor took it on the day of the visit (a visitor is a day's hash, no cookie).</p>
        </div>
        <Form method="get" action={PATH} className="flex items-end gap-2" aria-label="Filter the funnels by source">
          <input type="hidden" name="range" value={page.range} />
          {page.range === "custom" ? (
            <>
              <input type="hidden" name="from" value={report.current.from} />
              <input type="hidden" name="to" value={report.current.to} />
            </>
          ) : null}
          <div className="grid gap-1">
            <Label htmlFor="funnel-source">Source</Label>
            <NativeSelect id="funnel-source" name="source" defaultValue={page.source ?? ""}>
              <option value="">All sources</option>
              {report.sources.map((source) => (
                <option key={source} value={source}>
                  {source}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" variant="outline">
            Filter
          </Button>
        </Form>
      </div>
      <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2 [&>*]:min-w-0">
        <FunnelTable
          id="booking-funnel"
          title="Page view → booking"
          steps={[
            { label: "Visitors", count: f.visitors, before: p.visitors },
            { label: "Booked", count: f.booked, before: p.booked },
          ]}
        />
        <FunnelTable
          id="checkout-funnel"
          title="Page view → checkout → paid"
          steps={[
            { label: "Visitors", count: f.visitors, before: p.visitors },
            { label: "Checkout started", count: f.checkedOut, before: p.checkedOut },
            { label: "Paid", count: f.paid, before: p.paid },
          ]}
        />
      </div>
    </section>
  );
}
