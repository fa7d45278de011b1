// The e2e affiliate written by seed-affiliates.ts before the server starts: approved, one sale
// credited (1,125.00 USD owed), an account with a password so tests can sign in as the partner.
export const PAID_PARTNER = {
  code: "SEEDPAY2",
  accountEmail: "paid-partner@example.test",
  payoutEmail: "payouts-seeded@example.test",
  password: "e2e-paid-partner-password",
} as const;
