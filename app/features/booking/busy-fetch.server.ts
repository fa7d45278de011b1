// Fetches one of the owner's calendar addresses: http or https only (webcal:// is https), a time
// limit for the whole answer, a size limit, at most three redirects, and no private, loopback or
// link-local address unless CALENDAR_ALLOW_PRIVATE is set. The address is checked where the
// connection is made (the socket's own DNS lookup), so a name cannot resolve to a public address
// for the check and a private one for the request.
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import type { LookupFunction } from "node:net";

export class CalendarFetchError extends Error {}

export type FetchLimits = { timeoutMs: number; maxBytes: number; allowPrivate: boolean };

const MAX_REDIRECTS = 3;

// Addresses no calendar provider serves from: this network, private ranges, loopback, link-local,
// shared and benchmark ranges, multicast and reserved (IPv4 and IPv6).
const blocked = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, "ipv4");
  return blocked.check(address, net.isIPv6(address) ? "ipv6" : "ipv4");
}

/** The address as it is fetched: webcal:// becomes https://; anything but http(s) is refused. */
export function calendarUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim().replace(/^webcals?:\/\//i, "https://"));
  } catch {
    throw new CalendarFetchError("This is not a web address.");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new CalendarFetchError("Only http and https addresses can be fetched.");
  if (url.username || url.password) throw new CalendarFetchError("An address with a user name or password is not accepted.");
  return url;
}

const PRIVATE_REFUSAL = "The address points into a private network; only public calendar addresses are fetched.";

/** The socket's lookup: every address the name resolves to must be public. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 4);
    const list = addresses as dns.LookupAddress[];
    if (list.length === 0 || list.some((entry) => isPrivateAddress(entry.address))) {
      return callback(Object.assign(new CalendarFetchError(PRIVATE_REFUSAL), { code: "EPRIVATE" }), "", 4);
    }
    if (options.all) return callback(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

function getOnce(url: URL, limits: FetchLimits, deadline: number): Promise<{ redirect: string } | { body: string }> {
  if (!limits.allowPrivate && net.isIP(url.hostname.replace(/^\[|\]$/g, "")) && isPrivateAddress(url.hostname.replace(/^\[|\]$/g, ""))) {
    return Promise.reject(new CalendarFetchError(PRIVATE_REFUSAL));
  }
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    // The first reason wins: destroying the request also errors the response with a plain reset.
    let failure: CalendarFetchError | undefined;
    const fail = (error: CalendarFetchError) => {
      failure ??= error;
      request.destroy(failure);
    };
    const rejectWith = (error: NodeJS.ErrnoException) =>
      reject(failure ?? (error instanceof CalendarFetchError ? error : new CalendarFetchError(`The calendar could not be fetched (${error.code ?? error.message}).`)));
    const request = client.get(
      url,
      {
        headers: { accept: "text/calendar, */*;q=0.5", "user-agent": "calendar-busy-times/1" },
        lookup: limits.allowPrivate ? undefined : publicOnlyLookup,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          return resolve({ redirect: response.headers.location });
        }
        if (status !== 200) {
          response.resume();
          return reject(new CalendarFetchError(`The calendar's server answered ${status}.`));
        }
        const tooLarge = () => new CalendarFetchError(`The calendar is larger than ${Math.round(limits.maxBytes / 1024 / 1024)} MB.`);
        if (Number(response.headers["content-length"] ?? 0) > limits.maxBytes) return fail(tooLarge());
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxBytes) fail(tooLarge());
          else chunks.push(chunk);
        });
        response.on("end", () => (failure ? reject(failure) : resolve({ body: Buffer.concat(chunks).toString("utf8") })));
        response.on("error", rejectWith);
      },
    );
    const timer = setTimeout(
      () => fail(new CalendarFetchError(`The calendar did not answer within ${Math.round(limits.timeoutMs / 1000)} seconds.`)),
      Math.max(1, deadline - Date.now()),
    );
    request.on("close", () => clearTimeout(timer));
    request.on("error", rejectWith);
  });
}

/** The calendar's text, or a CalendarFetchError whose message the owner can read. */
export async function fetchCalendar(address: string, limits: FetchLimits): Promise<string> {
  const deadline = Date.now() + limits.timeoutMs;
  let url = calendarUrl(address);
  for (let redirects = 0; ; redirects++) {
    const answer = await getOnce(url, limits, deadline);
    if ("body" in answer) return answer.body;
    if (redirects === MAX_REDIRECTS) throw new CalendarFetchError("The calendar's address redirects too often.");
    url = calendarUrl(new URL(answer.redirect, url).toString());
  }
}
