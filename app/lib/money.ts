// Money is integer cents everywhere; this is the one place that writes it for people and files, and
// reads an amount typed in dollars.
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const wholeUsd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0, minimumFractionDigits: 0 });

/** 112500 → "$1,125.00"; in another currency (a Stripe payment's, "eur") → "€1,125.00". */
export function formatCents(cents: number, currency = "USD"): string {
  const code = currency.toUpperCase();
  const format = code === "USD" ? usd : new Intl.NumberFormat("en-US", { style: "currency", currency: code });
  return format.format(cents / 100);
}

/** 112550 → "$1,126" (revenue cards: whole dollars, halves up). */
export function formatWholeDollars(cents: number): string {
  return wholeUsd.format(cents / 100);
}

/** 112500 → "1125.00": CSV columns, form fields and log lines, no symbol or grouping. */
export function centsAsDecimal(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** "12.50" dollars as typed → 1250 cents, or null when it is not an amount of money. */
export function dollarsToCents(value: string): number | null {
  const match = /^\s*\$?\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(value.replace(/,/g, ""));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
