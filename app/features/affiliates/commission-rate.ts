// A commission rate is stored as a fraction with four decimals ("0.1250"); people type and read percents.

/** The stored fraction "0.1250" → "12.5%" (one decimal). */
export function formatRate(rate: string | number): string {
  return `${(Number(rate) * 100).toFixed(1)}%`;
}

/** A percent as typed (12.5) → the stored fraction "0.1250"; exact to the hundredth of a percent. */
export function percentToRate(percent: number): string {
  return (Math.round(percent * 100) / 10_000).toFixed(4);
}
