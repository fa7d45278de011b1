// The toast of a refused application names its problem: the spec's 'Please fill in all required
// fields' when one is missing, else the first field's own message (an invalid payout e-mail, a
// field too long), as the field says it. Browser-safe: the form and its action both use it.
import { REQUIRED_FIELDS_MESSAGE } from "./schemas";

export function applicationProblem(fieldErrors: Record<string, string[] | null> | null | undefined): string {
  const messages = Object.values(fieldErrors ?? {}).flatMap((messages) => messages ?? []);
  if (messages.length === 0 || messages.includes(REQUIRED_FIELDS_MESSAGE)) return REQUIRED_FIELDS_MESSAGE;
  return messages[0]!;
}
