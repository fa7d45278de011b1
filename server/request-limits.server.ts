// Plain answers, before any route runs, to requests the site does not take: an address with a
// control character or longer than any of the site's (404, 400 or 414: no route or query ever
// sees them), a method its route does not answer (405 with Allow, instead of an error page or a
// 500), a body larger than its route allows (413, without reading the rest of it), and a form with
// more fields than its route takes (400, counted as the bytes arrive: the form parsers downstream
// cost more per field than per byte). The limits are the route's rule in app/lib/route-access.ts;
// the body they checked is the one React Router reads (checkedBodyOf).
import { Transform, type Readable } from "node:stream";
import type { Request, RequestHandler, Response } from "express";
import { TOO_MANY_FIELDS_MESSAGE } from "~/lib/form-data.server";
import { getEnv } from "~/lib/env.server";
import { loggedPath } from "~/lib/request-path";
import { ruleFor, type BodyRule } from "~/lib/route-access";
import { logger } from "./logger.server";

/** The longest path and query the site's own addresses come near, with room to spare. */
export const MAX_PATH_LENGTH = 2_048;
export const MAX_QUERY_LENGTH = 4_096;

// A C0 control character or DEL, raw or percent-encoded: the only spellings that decode to one
// (each is a single byte in UTF-8), so the address needs no decoding to be checked. No route takes
// one, and PostgreSQL cannot even store a NUL: a query with it failed as a 500.
const CONTROL_CHARACTER = /[\x00-\x1f\x7f]|%(?:[01][0-9a-f]|7f)/i;

export type AddressRefusal = { status: 400 | 404 | 414; message: string };

/** Why the site will not look up this address (a request's raw URL), or null when it will. */
export function addressRefusal(url: string): AddressRefusal | null {
  const queryStart = url.indexOf("?");
  const pathLength = queryStart === -1 ? url.length : queryStart;
  if (pathLength > MAX_PATH_LENGTH) {
    return { status: 414, message: `The address is longer than this site's addresses: ${MAX_PATH_LENGTH} characters at most.\n` };
  }
  if (queryStart !== -1 && url.length - queryStart - 1 > MAX_QUERY_LENGTH) {
    return { status: 414, message: `The address's query is longer than this site's: ${MAX_QUERY_LENGTH} characters at most.\n` };
  }
  const control = CONTROL_CHARACTER.exec(url);
  if (!control) return null;
  // In the path no page has it; in the query the page exists but the request cannot be right.
  return queryStart === -1 || control.index < queryStart
    ? { status: 404, message: "Page not found.\n" }
    : { status: 400, message: "Bad request: the address holds a control character.\n" };
}

export function refuseUnreadableAddresses(): RequestHandler {
  return (req, res, next) => {
    const refusal = addressRefusal(req.originalUrl);
    if (!refusal) return next();
    logger.info({ method: req.method, path: loggedPath(req.originalUrl.split("?")[0]!), status: refusal.status }, "address refused");
    res.status(refusal.status).type("text/plain").send(refusal.message);
  };
}

export function refuseOtherMethods(): RequestHandler {
  return (req, res, next) => {
    const { methods } = ruleFor(req.path).rule;
    // TRACE nowhere: it would echo the request (cookies included) back.
    if (req.method !== "TRACE" && (methods as readonly string[]).includes(req.method)) return next();
    res.set("Allow", methods.join(", "));
    res.status(405).type("text/plain").send(`${req.method} is not allowed here.\n`);
  };
}

/** How long a refused body may go on arriving (and being dropped) after the answer was sent. */
const LINGER_MS = 5_000;

/**
 * Answers before the body has arrived, and drops the rest of it: nothing more is handed on. The
 * answer is written at once but ended only when the body has ended, the client stops sending, or
 * after LINGER_MS (a lingering close, as nginx does): closing while the client still sends resets
 * the connection, and the reset can wipe the answer from the client's buffer before it reads it.
 */
function refuseBody(req: Request, res: Response, status: 400 | 413, message: string) {
  if (res.headersSent) return;
  const text = Buffer.from(message);
  // The rest of the body is never handed on, so this connection cannot carry another request.
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Content-Length": text.length, Connection: "close" });
  res.write(text);
  const end = () => {
    clearTimeout(timer);
    if (!res.writableEnded) res.end();
  };
  const timer = setTimeout(end, LINGER_MS).unref();
  if (req.complete) return end();
  req.once("end", end);
  req.once("close", end);
  req.resume();
}

function refuseTooLarge(req: Request, res: Response, maxBytes: number) {
  refuseBody(req, res, 413, `The request body is larger than ${maxBytes} bytes.\n`);
}

/** A route's body limit: an upload's files may add UPLOAD_MAX_BYTES to its other fields. */
export function bodyLimitOf(body: BodyRule): number {
  return body.kind === "upload" ? body.maxBytes + getEnv().UPLOAD_MAX_BYTES : body.maxBytes;
}

/** What React Router reads as a request's body, when it is not the request itself. */
type CheckedBody = { held: Buffer<ArrayBuffer> } | { counted: number };
const checkedBodies = new WeakMap<Request, CheckedBody>();

/**
 * The body a route reads (server/react-router-handler.server.ts): a form held whole and checked,
 * a body of undeclared length counted as it is read (past the route's limit: 413, and the stream
 * fails, so no route acts on a truncated body), or the request itself (Node never delivers more
 * than a declared length, which was checked before).
 */
export function checkedBodyOf(req: Request, res: Response): Buffer<ArrayBuffer> | Readable {
  const checked = checkedBodies.get(req);
  if (!checked) return req;
  if ("held" in checked) return checked.held;
  const maxBytes = checked.counted;
  let received = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received <= maxBytes) return done(null, chunk);
      req.unpipe(counted);
      refuseTooLarge(req, res, maxBytes);
      done(new Error(`The request body is larger than ${maxBytes} bytes.`));
    },
  });
  return req.pipe(counted);
}

const MULTIPART_BOUNDARY = /^\s*multipart\/form-data\s*;.*?\bboundary=(?:"([^"]+)"|([^\s;]+))/i;
const URL_ENCODED = /^\s*application\/x-www-form-urlencoded\s*(;|$)/i;

/** The separator between a form's fields, and how many separators a form of no fields has; null for no form. */
function formSeparator(body: BodyRule, contentType: string): { separator: Buffer; fieldsBefore: number } | null {
  if (body.kind !== "form" && body.kind !== "upload") return null;
  const boundary = MULTIPART_BOUNDARY.exec(contentType);
  // A url-encoded body's first piece has no separator before it; a multipart body's closing delimiter is no part.
  if (boundary) return { separator: Buffer.from(`--${boundary[1] ?? boundary[2]}`), fieldsBefore: -1 };
  return URL_ENCODED.test(contentType) ? { separator: Buffer.from("&"), fieldsBefore: 1 } : null;
}

/**
 * Refuses a body larger than its route allows (413, without reading it into memory) and a form
 * with more fields than its route takes (400). A form's fields are counted as its bytes arrive
 * (url-encoded: "&"-separated pieces; multipart: the delimiter lines, one per part plus the
 * closing one), and the form is held until it has all arrived, so no route starts on a form that
 * is then refused (the route would wait for the rest of it, then render its error for nobody).
 * readFormData counts again and checks the names against the action's schema.
 */
export function limitRequestBodies(): RequestHandler {
  return (req, res, next) => {
    const { body } = ruleFor(req.path).rule;
    const maxBytes = bodyLimitOf(body);
    const declared = req.headers["content-length"];
    if (declared !== undefined && Number(declared) > maxBytes) return refuseTooLarge(req, res, maxBytes);
    if (declared === undefined && req.headers["transfer-encoding"] === undefined) return next();
    const form = formSeparator(body, req.headers["content-type"] ?? "");
    if (form) return holdForm(req, res, next, { maxBytes, maxFields: (body as { maxFields: number }).maxFields, ...form });
    if (declared === undefined) checkedBodies.set(req, { counted: maxBytes });
    next();
  };
}

function holdForm(
  req: Request,
  res: Response,
  next: () => void,
  { maxBytes, maxFields, separator, fieldsBefore }: { maxBytes: number; maxFields: number; separator: Buffer; fieldsBefore: number },
) {
  let fields = fieldsBefore;
  // The end of the previous chunk, where a separator may have begun.
  let carry: Buffer = Buffer.alloc(0);
  const held: Buffer[] = [];
  let heldBytes = 0;
  let refused = false;
  const onData = (chunk: Buffer) => {
    if (refused) return;
    heldBytes += chunk.length;
    if (heldBytes > maxBytes) {
      refused = true;
      held.length = 0;
      return refuseTooLarge(req, res, maxBytes);
    }
    const bytes = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    for (let at = bytes.indexOf(separator); at !== -1 && fields <= maxFields; at = bytes.indexOf(separator, at + separator.length)) {
      fields += 1;
    }
    if (separator.length > 1) carry = bytes.subarray(Math.max(bytes.length - separator.length + 1, 0));
    if (fields > maxFields) {
      refused = true;
      held.length = 0;
      return refuseBody(req, res, 400, `${TOO_MANY_FIELDS_MESSAGE}\n`);
    }
    held.push(chunk);
  };
  req.on("data", onData);
  req.once("end", () => {
    req.off("data", onData);
    if (refused) return;
    // The whole form has arrived within the limits: the routes get it.
    checkedBodies.set(req, { held: Buffer.concat(held, heldBytes) });
    next();
  });
}
