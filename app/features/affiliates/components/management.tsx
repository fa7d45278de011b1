// /affiliate-management (SPEC.md section 2): the program's stat cards, the affiliates as a table
// (cards on small screens) with the actions each status allows, the edit dialog and payouts.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Download, MoreHorizontal, Search } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { Field, FormError, SubmitButton, TextareaField, useFetcherToast, VALIDATION_TIMING } from "~/components/form";
import { Pagination } from "~/components/pagination";
import { StatusBadge } from "~/components/status-badge";
import { StatusFilter, type StatusFilterOption } from "~/components/status-filter";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "~/components/ui/dropdown-menu";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { centralDate } from "~/lib/central-time";
import { listSearch } from "~/lib/list-query";
import { centsAsDecimal } from "~/lib/money";
import type { SocialMediaHandles } from "../schema";
import type { ManagementActionResult } from "../admin-actions.server";
import { EDIT_INTENT, editAffiliateSchema, PAYOUT_INTENT, payoutSchema, STATUS_INTENT } from "../schemas";
import { ADMIN_STATUS_LOOKS, AFFILIATE_STATUSES, STATUS_ACTIONS, type AffiliateStatus, type StatusAction } from "../status";

const PATH = "/affiliate-management";

export type AffiliateRowView = {
  id: string;
  code: string;
  status: AffiliateStatus;
  actions: StatusAction[];
  payoutEmail: string | null;
  accountEmail: string;
  ratePercent: number;
  rateLabel: string;
  earnings: string;
  balance: string;
  balanceCents: number;
  clicks: number;
  conversions: number;
  appliedLabel: string;
  application: SocialMediaHandles | null;
};

export type ManagementFilters = { status: AffiliateStatus | null; q: string };

export function ProgramStats({ stats }: { stats: { total: number; active: number; revenueCommissions: string; clicks: number } }) {
  const cards = [
    ["Total affiliates", String(stats.total)],
    ["Active partners", String(stats.active)],
    ["Revenue commissions", stats.revenueCommissions],
    ["Total clicks", String(stats.clicks)],
  ] as const;
  return (
    <section aria-label="Program totals" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {cards.map(([label, value]) => (
        <div key={label} className="rounded-xl border bg-card p-4 shadow-sm sm:p-5">
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="mt-2 text-2xl font-semibold tabular-nums">{value}</p>
        </div>
      ))}
    </section>
  );
}

export function AffiliateFilters({ filters, countByStatus, busy }: { filters: ManagementFilters; countByStatus: Record<AffiliateStatus, number>; busy: boolean }) {
  const total = AFFILIATE_STATUSES.reduce((sum, status) => sum + countByStatus[status], 0);
  const options: StatusFilterOption[] = [
    { label: "All", count: total, href: `${PATH}${listSearch({ q: filters.q })}`, active: filters.status === null },
    ...AFFILIATE_STATUSES.map((status) => ({
      label: ADMIN_STATUS_LOOKS[status].label,
      count: countByStatus[status],
      href: `${PATH}${listSearch({ status, q: filters.q })}`,
      active: filters.status === status,
      alarming: status === "pending",
    })),
  ];
  return (
    <div className="space-y-4">
      <StatusFilter options={options} />
      <Form method="get" action={PATH} role="search" aria-label="Search affiliates" className="flex flex-wrap items-end gap-3">
        {filters.status ? <input type="hidden" name="status" value={filters.status} /> : null}
        <div className="grid w-full gap-2 sm:w-80">
          <Label htmlFor="affiliate-search">Code or e-mail contains</Label>
          <Input id="affiliate-search" name="q" type="search" maxLength={100} defaultValue={filters.q} autoComplete="off" />
        </div>
        <Button type="submit" variant="outline" disabled={busy} aria-busy={busy}>
          <Search aria-hidden="true" />
          {busy ? "Searching..." : "Search"}
        </Button>
        {filters.q ? (
          <Button asChild variant="ghost">
            <Link to={`${PATH}${listSearch({ status: filters.status })}`}>Clear search</Link>
          </Button>
        ) : null}
      </Form>
    </div>
  );
}

export function ExportLinks() {
  return (
    <div className="flex flex-wrap gap-2">
      {(["affiliates", "referrals", "payouts"] as const).map((file) => (
        <Button key={file} asChild variant="outline" size="sm">
          <a href={`${PATH}/export/${file}.csv`} download>
            <Download aria-hidden="true" />
            {file[0]!.toUpperCase() + file.slice(1)} CSV
          </a>
        </Button>
      ))}
    </div>
  );
}

type Dialogs = { kind: "edit" | "payout" | "details"; affiliate: AffiliateRowView } | null;

export function AffiliateList({ affiliates, page, pageCount, filters }: { affiliates: AffiliateRowView[]; page: number; pageCount: number; filters: ManagementFilters }) {
  const [dialog, setDialog] = useState<Dialogs>(null);
  const close = () => setDialog(null);
  if (affiliates.length === 0) {
    return <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">No affiliates found.</p>;
  }
  return (
    <>
      {/* Wide screens: the spec's table. */}
      <div className="hidden rounded-xl border bg-card shadow-sm md:block">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Affiliate</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Commission Rate</TableHead>
              <TableHead className="text-right">Clicks</TableHead>
              <TableHead className="text-right">Earnings</TableHead>
              <TableHead className="text-right">Balance</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {affiliates.map((affiliate) => (
              <TableRow key={affiliate.id} data-testid="affiliate-row">
                <TableCell>
                  <p className="font-medium">{affiliate.payoutEmail ?? "No email"}</p>
                  <p className="font-mono text-xs text-muted-foreground">{affiliate.code}</p>
                </TableCell>
                <TableCell>
                  <StatusBadge look={ADMIN_STATUS_LOOKS[affiliate.status]} />
                </TableCell>
                <TableCell className="tabular-nums">{affiliate.rateLabel}</TableCell>
                <TableCell className="text-right tabular-nums">{affiliate.clicks}</TableCell>
                <TableCell className="text-right tabular-nums">{affiliate.earnings}</TableCell>
                <TableCell className="text-right tabular-nums">{affiliate.balance}</TableCell>
                <TableCell className="text-right">
                  <ActionsMenu affiliate={affiliate} open={setDialog} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {/* Small screens: one card per affiliate. */}
      <ul className="grid gap-4 md:hidden" aria-label="Affiliates">
        {affiliates.map((affiliate) => (
          <li key={affiliate.id} className="rounded-xl border bg-card p-4 shadow-sm" data-testid="affiliate-card">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium break-all">{affiliate.payoutEmail ?? "No email"}</p>
                <p className="font-mono text-xs text-muted-foreground">{affiliate.code}</p>
              </div>
              <StatusBadge look={ADMIN_STATUS_LOOKS[affiliate.status]} />
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
              <dt className="text-muted-foreground">Commission Rate</dt>
              <dd className="text-right tabular-nums">{affiliate.rateLabel}</dd>
              <dt className="text-muted-foreground">Clicks</dt>
              <dd className="text-right tabular-nums">{affiliate.clicks}</dd>
              <dt className="text-muted-foreground">Earnings</dt>
              <dd className="text-right tabular-nums">{affiliate.earnings}</dd>
              <dt className="text-muted-foreground">Balance</dt>
              <dd className="text-right tabular-nums">{affiliate.balance}</dd>
            </dl>
            <div className="mt-3 flex justify-end">
              <ActionsMenu affiliate={affiliate} open={setDialog} />
            </div>
          </li>
        ))}
      </ul>
      <Pagination
        page={page}
        pageCount={pageCount}
        hrefFor={(to) => `${PATH}${listSearch({ status: filters.status, q: filters.q, page: to })}`}
        labels={{ previous: "Newer affiliates", next: "Older affiliates" }}
      />
      {dialog?.kind === "edit" ? <EditDialog affiliate={dialog.affiliate} onClose={close} /> : null}
      {dialog?.kind === "payout" ? <PayoutDialog affiliate={dialog.affiliate} onClose={close} /> : null}
      {dialog?.kind === "details" ? <DetailsDialog affiliate={dialog.affiliate} onClose={close} /> : null}
    </>
  );
}

function ActionsMenu({ affiliate, open }: { affiliate: AffiliateRowView; open: (dialog: Dialogs) => void }) {
  const fetcher = useFetcher<ManagementActionResult>();
  useFetcherToast(fetcher);
  const busy = fetcher.state !== "idle";
  const act = (action: StatusAction) => fetcher.submit({ intent: STATUS_INTENT, affiliateId: affiliate.id, action }, { method: "post", action: PATH });
  // Not modal: a modal menu hides the rest of the page with aria-hidden while its links and
  // buttons stay focusable (axe: aria-hidden-focus). Focus still moves into the menu; Escape and a
  // click outside close it.
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="ghost" size="sm" aria-label={`Actions for ${affiliate.code}`} disabled={busy} aria-busy={busy}>
          <MoreHorizontal aria-hidden="true" />
          {busy ? "Updating..." : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {affiliate.actions.map((action) => (
          <DropdownMenuItem key={action} onSelect={() => act(action)} className={action === "reject" || action === "suspend" ? "text-destructive" : undefined}>
            {STATUS_ACTIONS[action].label}
          </DropdownMenuItem>
        ))}
        {affiliate.actions.length > 0 ? <DropdownMenuSeparator /> : null}
        <DropdownMenuItem onSelect={() => open({ kind: "edit", affiliate })}>Edit</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => open({ kind: "payout", affiliate })}>Record payout</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => open({ kind: "details", affiliate })}>Application details</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Closes the dialog once its fetcher's answer is a success. */
function useCloseOnSuccess(fetcher: { state: string; data?: ManagementActionResult }, onClose: () => void) {
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onClose();
  }, [fetcher.state, fetcher.data, onClose]);
}

function EditDialog({ affiliate, onClose }: { affiliate: AffiliateRowView; onClose: () => void }) {
  const fetcher = useFetcher<ManagementActionResult>();
  useFetcherToast(fetcher);
  useCloseOnSuccess(fetcher, onClose);
  const [form, fields] = useForm({
    id: `edit-${affiliate.id}`,
    lastResult: fetcher.state === "idle" ? fetcher.data?.reply : undefined,
    constraint: getZodConstraint(editAffiliateSchema),
    defaultValue: { commissionPercent: String(Math.round(affiliate.ratePercent * 100) / 100), payoutEmail: affiliate.payoutEmail ?? "" },
    ...VALIDATION_TIMING,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: editAffiliateSchema }),
  });
  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen ? null : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit {affiliate.code}</DialogTitle>
          <DialogDescription>The rate applies to sales from now on; past referrals keep the rate they were earned at.</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" action={PATH} {...getFormProps(form)} className="grid gap-4">
          <input type="hidden" name="intent" value={EDIT_INTENT} />
          <input type="hidden" name="affiliateId" value={affiliate.id} />
          <FormError id={form.errorId} errors={form.errors} />
          <Field field={fields.commissionPercent} label="Commission Rate (%)" type="number" min={0} max={100} step={0.1} inputMode="decimal" />
          <Field field={fields.payoutEmail} label="Payout Email" type="email" autoComplete="off" />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton busy={fetcher.state !== "idle"} busyText="Saving...">
              Save
            </SubmitButton>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function PayoutDialog({ affiliate, onClose }: { affiliate: AffiliateRowView; onClose: () => void }) {
  const fetcher = useFetcher<ManagementActionResult>();
  useFetcherToast(fetcher);
  useCloseOnSuccess(fetcher, onClose);
  const today = centralDate(new Date());
  const [form, fields] = useForm({
    id: `payout-${affiliate.id}`,
    lastResult: fetcher.state === "idle" ? fetcher.data?.reply : undefined,
    constraint: getZodConstraint(payoutSchema),
    defaultValue: { amount: affiliate.balanceCents > 0 ? centsAsDecimal(affiliate.balanceCents) : "", paidOn: today },
    ...VALIDATION_TIMING,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: payoutSchema }),
  });
  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen ? null : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Record payout to {affiliate.code}</DialogTitle>
          <DialogDescription>
            Current balance {affiliate.balance}. A payout lowers it and can never exceed it.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" action={PATH} {...getFormProps(form)} className="grid gap-4">
          <input type="hidden" name="intent" value={PAYOUT_INTENT} />
          <input type="hidden" name="affiliateId" value={affiliate.id} />
          <FormError id={form.errorId} errors={form.errors} />
          <Field field={fields.amount} label="Amount (USD)" inputMode="decimal" placeholder="1125.00" />
          <Field field={fields.paidOn} label="Paid on" type="date" />
          <Field field={fields.method} label="Method" placeholder="Bank transfer, PayPal..." />
          <Field field={fields.reference} label="Reference" placeholder="Transaction id" />
          <TextareaField field={fields.note} label="Note" rows={2} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton busy={fetcher.state !== "idle"} busyText="Recording...">
              Record payout
            </SubmitButton>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

const APPLICATION_LABELS: Array<[keyof SocialMediaHandles, string]> = [
  ["experience", "Experience"],
  ["audience", "Audience"],
  ["promotion_plan", "Promotion plan"],
  ["website", "Website"],
  ["twitter", "X / Twitter"],
  ["instagram", "Instagram"],
  ["linkedin", "LinkedIn"],
  ["youtube", "YouTube"],
];

function DetailsDialog({ affiliate, onClose }: { affiliate: AffiliateRowView; onClose: () => void }) {
  const answers = APPLICATION_LABELS.filter(([key]) => affiliate.application?.[key]);
  return (
    <Dialog open onOpenChange={(isOpen) => (isOpen ? null : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{affiliate.code}</DialogTitle>
          <DialogDescription>
            Account {affiliate.accountEmail} · applied {affiliate.appliedLabel} · {affiliate.conversions} conversion{affiliate.conversions === 1 ? "" : "s"}
          </DialogDescription>
        </DialogHeader>
        {answers.length === 0 ? (
          <p className="text-sm text-muted-foreground">Applied with the dashboard's quick apply: no answers to show.</p>
        ) : (
          <dl className="grid gap-3 text-sm">
            {answers.map(([key, label]) => (
              <div key={key}>
                <dt className="font-medium">{label}</dt>
                <dd className="whitespace-pre-wrap break-words text-muted-foreground">{affiliate.application![key]}</dd>
              </div>
            ))}
          </dl>
        )}
      </DialogContent>
    </Dialog>
  );
}
