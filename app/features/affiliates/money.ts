// Money is integer cents everywhere; these only format it and read the stored rate.
const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const wholeDollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0, minimumFractionDigits: 0 });

/** 112500 → "$1,125.00" (earnings: two decimals). */
export function formatCents(cents: number): string {
  return dollars.format(cents / 100);
}

/** 112550 → "$1,126" (the admin's revenue card: whole dollars). */
export function formatWholeDollars(cents: number): string {
  return wholeDollars.format(Math.round(cents / 100));
}

/** The stored fraction "0.1250" → "12.5%" (one decimal). */
export function formatRate(rate: string | number): string {
  return `${(Number(rate) * 100).toFixed(1)}%`;
}

/** A percent as typed (12.5) → the stored fraction "0.1250"; exact to the hundredth of a percent. */
export function percentToRate(percent: number): string {
  return (Math.round(percent * 100) / 10_000).toFixed(4);
}

/** "12.50" dollars as typed → 1250 cents, or null when it is not an amount of money. */
export function dollarsToCents(value: string): number | null {
  const match = /^\s*\$?\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(value.replace(/,/g, ""));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
