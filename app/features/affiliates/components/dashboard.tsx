// /affiliate-dashboard (SPEC.md section 2): the no-record state with both ways to apply, and the
// partner's code, status, totals, quick actions, custom links, latest referrals and payouts.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Copy, ExternalLink, Link2, MousePointerClick, Plus, ShoppingCart, Wallet, DollarSign } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { Field, FormError, SubmitButton, useFetcherToast, VALIDATION_TIMING } from "~/components/form";
import { StatusBadge } from "~/components/status-badge";
import { toast } from "~/components/toast";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { DashboardActionResult } from "../dashboard.server";
import { DEFAULT_LINK_TARGET } from "../link-target";
import { CREATE_LINK_INTENT, createLinkSchema, DEACTIVATE_LINK_INTENT, QUICK_APPLY_INTENT } from "../schemas";
import { dashboardStatusLook } from "../status";

/** Quick apply is a page form: its answer's toast outlives this section, which it replaces. */
export function BecomeAnAffiliate({ busy }: { busy: boolean }) {
  return (
    <section aria-labelledby="become-heading" className="mx-auto max-w-xl rounded-xl border bg-card p-8 text-center shadow-sm">
      <h2 id="become-heading" className="text-2xl font-semibold">
        Become an Affiliate
      </h2>
      <p className="mt-3 text-muted-foreground">
        Earn 15% commission on every bootcamp enrollment you refer. Apply in one click, or tell us more with the detailed form.
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Form method="post" action="/affiliate-dashboard">
          <input type="hidden" name="intent" value={QUICK_APPLY_INTENT} />
          <SubmitButton busy={busy} busyText="Submitting..." className="w-full sm:w-auto">
            Apply to Become an Affiliate
          </SubmitButton>
        </Form>
        <Button asChild variant="outline">
          <Link to="/affiliate-application">Detailed Application Form</Link>
        </Button>
      </div>
    </section>
  );
}

export type DashboardView = {
  affiliate: { code: string; status: string; rateLabel: string; affiliateUrl: string; previewPath: string; appliedLabel: string };
  totals: { clicks: number; conversions: number; earnings: string; balance: string; paid: string };
  links: Array<{ id: string; name: string; target: string; url: string; isActive: boolean; clicks: number }>;
  referrals: Array<{ id: string; dateLabel: string; saleAmount: string; commission: string; status: string; customer: string }>;
  payouts: Array<{ id: string; amount: string; paidOnLabel: string; method: string | null; reference: string | null }>;
};

export function AffiliateOverview({ view }: { view: DashboardView }) {
  const { affiliate, totals } = view;
  return (
    // min-w-0: a grid item is at least as wide as its content, so a wide table would widen the page.
    <div className="grid gap-8 *:min-w-0">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-lg">
          Your code: <strong className="font-mono tracking-wider">{affiliate.code}</strong>
        </p>
        <StatusBadge look={dashboardStatusLook(affiliate.status)} />
        <span className="text-sm text-muted-foreground">
          {affiliate.rateLabel} commission · applied {affiliate.appliedLabel}
        </span>
      </div>
      {affiliate.status === "pending" ? (
        <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          Your application is under review (2-3 business days). Clicks and sales count once it is approved.
        </p>
      ) : null}
      {affiliate.status === "suspended" || affiliate.status === "rejected" ? (
        <p role="note" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          Your affiliate account is {affiliate.status}: your links still lead to the bootcamp, but new clicks and sales are not credited.
        </p>
      ) : null}

      <section aria-label="Totals" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard icon={<MousePointerClick aria-hidden="true" />} label="Total Clicks" value={String(totals.clicks)} />
        <StatCard icon={<ShoppingCart aria-hidden="true" />} label="Conversions" value={String(totals.conversions)} />
        <StatCard icon={<DollarSign aria-hidden="true" />} label="Total Earnings" value={totals.earnings} />
        <StatCard icon={<Wallet aria-hidden="true" />} label="Current Balance" value={totals.balance} note={`${totals.paid} paid out`} />
      </section>

      <QuickActions affiliate={affiliate} canCreateLinks={affiliate.status === "pending" || affiliate.status === "approved"} />
      <CustomLinks links={view.links} />
      <RecentReferrals referrals={view.referrals} />
      <Payouts payouts={view.payouts} totals={totals} />
    </div>
  );
}

function StatCard({ icon, label, value, note }: { icon: React.ReactNode; label: string; value: string; note?: string }) {
  return (
    <div className="rounded-xl border bg-card p-4 shadow-sm sm:p-5">
      <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
        <span>{label}</span>
        <span className="text-brand [&_svg]:size-4">{icon}</span>
      </div>
      <p className="mt-2 text-2xl font-semibold tabular-nums">{value}</p>
      {note ? <p className="mt-1 text-xs text-muted-foreground">{note}</p> : null}
    </div>
  );
}

async function copyText(text: string, success: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(success);
  } catch {
    toast.error("Copy failed", { description: "Unable to copy link. Please try again." });
  }
}

function QuickActions({ affiliate, canCreateLinks }: { affiliate: DashboardView["affiliate"]; canCreateLinks: boolean }) {
  return (
    <section aria-labelledby="quick-actions-heading" className="rounded-xl border bg-card p-5 shadow-sm">
      <h2 id="quick-actions-heading" className="text-lg font-semibold">
        Quick Actions
      </h2>
      <p className="mt-1 text-sm text-muted-foreground break-all">
        Your link: <span className="font-mono text-foreground">{affiliate.affiliateUrl}</span>
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="button" onClick={() => copyText(affiliate.affiliateUrl, "Affiliate URL copied to clipboard!")}>
          <Copy aria-hidden="true" />
          Copy Affiliate Link
        </Button>
        {canCreateLinks ? <CreateLinkDialog /> : null}
        <Button asChild variant="outline">
          <a href={affiliate.previewPath} target="_blank" rel="noopener">
            <ExternalLink aria-hidden="true" />
            Preview Landing Page
          </a>
        </Button>
      </div>
    </section>
  );
}

function CreateLinkDialog() {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<DashboardActionResult>();
  useFetcherToast(fetcher);
  const [form, fields] = useForm({
    id: "create-link",
    lastResult: fetcher.state === "idle" ? fetcher.data?.reply : undefined,
    constraint: getZodConstraint(createLinkSchema),
    defaultValue: { targetUrl: DEFAULT_LINK_TARGET },
    ...VALIDATION_TIMING,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createLinkSchema }),
  });
  // Closes once the link is saved (the list reloads behind it).
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.intent === CREATE_LINK_INTENT && fetcher.data.ok) setOpen(false);
  }, [fetcher.state, fetcher.data]);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline">
          <Plus aria-hidden="true" />
          Create Custom Link
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create Custom Link</DialogTitle>
          <DialogDescription>A named link to any page of the site, with a short address of its own.</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" action="/affiliate-dashboard" {...getFormProps(form)} className="grid gap-4">
          <input type="hidden" name="intent" value={CREATE_LINK_INTENT} />
          <FormError id={form.errorId} errors={form.errors} />
          <Field field={fields.name} label="Link Name *" placeholder="Spring newsletter" />
          <Field field={fields.targetUrl} label="Target URL *" placeholder={DEFAULT_LINK_TARGET} description="A page of this site, like /bootcamp or /booking." />
          <Field field={fields.customSlug} label="Custom Slug" placeholder="spring-promo" description="Optional: your link becomes /a/spring-promo. Left empty, one is made from the name." />
          <div className="flex justify-end gap-2">
            <SubmitButton busy={fetcher.state !== "idle"} busyText="Creating...">
              Create Link
            </SubmitButton>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function CustomLinks({ links }: { links: DashboardView["links"] }) {
  if (links.length === 0) return null;
  return (
    <section aria-labelledby="links-heading" className="rounded-xl border bg-card p-5 shadow-sm">
      <h2 id="links-heading" className="text-lg font-semibold">
        Your Links
      </h2>
      <ul className="mt-4 divide-y">
        {links.map((link) => (
          <LinkRow key={link.id} link={link} />
        ))}
      </ul>
    </section>
  );
}

function LinkRow({ link }: { link: DashboardView["links"][number] }) {
  const fetcher = useFetcher<DashboardActionResult>();
  useFetcherToast(fetcher);
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="affiliate-link">
      <div className="min-w-0">
        <p className="font-medium">
          <Link2 aria-hidden="true" className="mr-1 inline size-4 text-brand" />
          {link.name} {link.isActive ? null : <span className="text-sm font-normal text-muted-foreground">(inactive)</span>}
        </p>
        <p className="text-sm break-all text-muted-foreground">
          <span className="font-mono text-foreground">{link.url}</span> → {link.target}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <span className="text-sm tabular-nums" aria-label={`${link.clicks} clicks`}>
          {link.clicks} click{link.clicks === 1 ? "" : "s"}
        </span>
        {link.isActive ? (
          <Button type="button" size="sm" variant="outline" onClick={() => copyText(link.url, "Affiliate URL copied to clipboard!")} aria-label={`Copy ${link.name}`}>
            <Copy aria-hidden="true" />
          </Button>
        ) : null}
        {link.isActive ? (
          confirming ? (
            <fetcher.Form method="post" action="/affiliate-dashboard" className="flex items-center gap-2" role="group" aria-label={`Deactivate ${link.name}?`}>
              <input type="hidden" name="intent" value={DEACTIVATE_LINK_INTENT} />
              <input type="hidden" name="linkId" value={link.id} />
              <span className="text-sm">Deactivate?</span>
              <SubmitButton size="sm" variant="destructive" busy={fetcher.state !== "idle"} busyText="Deactivating...">
                Yes, deactivate
              </SubmitButton>
              <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                Keep
              </Button>
            </fetcher.Form>
          ) : (
            <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(true)}>
              Deactivate
            </Button>
          )
        ) : null}
      </div>
    </li>
  );
}

/**
 * A table wider than a phone scrolls sideways inside a region of its own, which a keyboard can
 * focus and scroll (the table's own container then stays as wide as its table).
 */
function ScrollableTable({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="mt-4 overflow-x-auto rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [&>[data-slot=table-container]]:overflow-visible"
    >
      {children}
    </div>
  );
}

function RecentReferrals({ referrals }: { referrals: DashboardView["referrals"] }) {
  return (
    <section aria-labelledby="referrals-heading" className="rounded-xl border bg-card p-5 shadow-sm">
      <h2 id="referrals-heading" className="text-lg font-semibold">
        Recent Referrals
      </h2>
      {referrals.length === 0 ? (
        <p className="mt-4 text-muted-foreground">No referrals yet. Start promoting your affiliate link!</p>
      ) : (
        <ScrollableTable label="Recent Referrals table">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Date</TableHead>
                <TableHead>Sale Amount</TableHead>
                <TableHead>Commission</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Customer</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {referrals.map((referral) => (
                <TableRow key={referral.id}>
                  <TableCell>{referral.dateLabel}</TableCell>
                  <TableCell className="tabular-nums">{referral.saleAmount}</TableCell>
                  <TableCell className="tabular-nums">{referral.commission}</TableCell>
                  <TableCell>{referral.status}</TableCell>
                  <TableCell>{referral.customer}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollableTable>
      )}
    </section>
  );
}

function Payouts({ payouts, totals }: { payouts: DashboardView["payouts"]; totals: DashboardView["totals"] }) {
  return (
    <section aria-labelledby="payouts-heading" className="rounded-xl border bg-card p-5 shadow-sm">
      <h2 id="payouts-heading" className="text-lg font-semibold">
        Payouts
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Paid: <strong className="text-foreground">{totals.paid}</strong> · Unpaid: <strong className="text-foreground">{totals.balance}</strong> · Paid monthly.
      </p>
      {payouts.length === 0 ? (
        <p className="mt-4 text-muted-foreground">No payouts yet.</p>
      ) : (
        <ScrollableTable label="Payouts table">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Paid on</TableHead>
                <TableHead>Amount</TableHead>
                <TableHead>Method</TableHead>
                <TableHead>Reference</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {payouts.map((payout) => (
                <TableRow key={payout.id}>
                  <TableCell>{payout.paidOnLabel}</TableCell>
                  <TableCell className="tabular-nums">{payout.amount}</TableCell>
                  <TableCell>{payout.method ?? "—"}</TableCell>
                  <TableCell>{payout.reference ?? "—"}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollableTable>
      )}
    </section>
  );
}
