// The reschedule link: `<cancel token>.<version>`. The cancel token is the booking's secret (like
// the cancel link's); the version (bookings.sequence) rises with every move, so a link works once.
import { getEnv } from "~/lib/env.server";

// The token is 32 base64url characters, which never contain a dot.
const rescheduleTokenPattern = /^([A-Za-z0-9_-]{16,100})\.(\d{1,9})$/;

export function rescheduleToken(cancelToken: string, sequence: number) {
  return `${cancelToken}.${sequence}`;
}

export function rescheduleUrl(cancelToken: string, sequence: number) {
  return `${getEnv().SITE_URL}/booking/reschedule/${rescheduleToken(cancelToken, sequence)}`;
}

export function parseRescheduleToken(token: string) {
  const match = rescheduleTokenPattern.exec(token);
  return match ? { cancelToken: match[1]!, sequence: Number(match[2]) } : null;
}
