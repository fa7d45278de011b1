/** A referred customer's e-mail as the partner sees it: the first 3 characters, then stars. */
export function maskCustomerEmail(email: string | null | undefined): string {
  const value = email?.trim();
  if (!value) return "N/A";
  return `${value.slice(0, 3)}***`;
}
