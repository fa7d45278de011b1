// Commission maths in integer cents (DESIGN.md section 5). A rate is stored as a fraction with four
// decimals ("0.1500"), so it is read as ten-thousandths and multiplied exactly; the one rounding
// is half up, to the cent.

/** "0.1500" → 1500 ten-thousandths. */
export function rateInTenThousandths(rate: string | number): number {
  return Math.round(Number(rate) * 10_000);
}

function roundedDivision(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The commission on a sale: 750000 at "0.1500" is 112500 (1,125.00 USD). */
export function commissionCents(saleCents: number, rate: string | number): number {
  return roundedDivision(saleCents * rateInTenThousandths(rate), 10_000);
}

/**
 * The part of a commission taken back when `refundedCents` of a `saleCents` sale have been refunded
 * in all: in proportion, never more than the commission. It is computed from the running total, not
 * from each refund, so a refund reported twice or out of order lands on the same figure.
 */
export function reversedCommissionCents(commission: number, refundedCents: number, saleCents: number): number {
  if (saleCents <= 0 || refundedCents <= 0) return 0;
  if (refundedCents >= saleCents) return commission;
  return Math.min(commission, roundedDivision(commission * refundedCents, saleCents));
}
