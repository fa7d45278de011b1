// Plain answers, before any route runs, to requests the site does not take: an address with a
// control character or longer than any of the site's (404, 400 or 414: no route or query ever
// sees them), a method its route does not answer (405 with Allow, instead of an error page or a
// 500), a body larger than its route allows (413, without reading the rest of it), and a form with
// more fields than its route takes (400, counted as the bytes arrive: the form parsers downstream
// cost more per field than per byte). The limits are the route's rule in app/lib/route-access.ts.
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

/** Answers before the body has arrived: the rest of it is dropped, and nothing is handed on. */
function refuseBody(req: Request, res: Response, status: 400 | 413, message: string) {
  if (res.headersSent) return;
  // The rest of the body is never handed on, so this connection cannot carry another request.
  res.set("Connection", "close");
  // Node closes the socket as soon as the answer is written. With the client still sending, the
  // unread bytes make that close a reset, which can wipe the 413 from the client's buffer before it
  // reads it. Instead (a lingering close, as nginx does): half-close, drop whatever still arrives,
  // and close when the client does, or after LINGER_MS.
  const socket = req.socket;
  socket.destroySoon = () => {
    socket.end();
    req.resume();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
  res.status(status).type("text/plain").send(message);
}

function refuseTooLarge(req: Request, res: Response, maxBytes: number) {
  refuseBody(req, res, 413, `The request body is larger than ${maxBytes} bytes.\n`);
}

/** A route's body limit: an upload's files may add UPLOAD_MAX_BYTES to its other fields. */
export function bodyLimitOf(body: BodyRule): number {
  return body.kind === "upload" ? body.maxBytes + getEnv().UPLOAD_MAX_BYTES : body.maxBytes;
}

export function limitRequestBodies(): RequestHandler {
  return (req, res, next) => {
    const maxBytes = bodyLimitOf(ruleFor(req.path).rule.body);
    const declared = req.headers["content-length"];
    // Node never delivers more than a declared length, so only an undeclared (chunked) one is counted.
    if (declared !== undefined) {
      return Number(declared) > maxBytes ? refuseTooLarge(req, res, maxBytes) : next();
    }
    if (req.headers["transfer-encoding"] === undefined) return next();
    // Count the bytes as the HTTP parser hands them over (before anyone buffers them). Past the
    // limit: answer 413 and drop the rest, handing nothing more on (not even the end); the reader
    // of the body then fails when the connection closes, so no route acts on a truncated body.
    let received = 0;
    const push = req.push.bind(req);
    req.push = (chunk: Buffer | null, encoding?: BufferEncoding) => {
      if (chunk === null) return received > maxBytes ? false : push(chunk, encoding);
      received += chunk.length;
      if (received <= maxBytes) return push(chunk, encoding);
      refuseTooLarge(req, res, maxBytes);
      return true;
    };
    next();
  };
}

const MULTIPART_BOUNDARY = /^\s*multipart\/form-data\s*;.*?\bboundary=(?:"([^"]+)"|([^\s;]+))/i;
const URL_ENCODED = /^\s*application\/x-www-form-urlencoded\s*(;|$)/i;

/**
 * Counts a form's fields as its bytes arrive (url-encoded: "&"-separated pieces; multipart: the
 * delimiter lines, one per part plus the closing one) and answers 400 past the route's maxFields.
 * The body is held back until it has all arrived, so no route starts on a form that is then
 * refused (the route would wait for the rest of it, then render its error for nobody).
 * readFormData counts again and checks the names against the action's schema.
 */
export function limitFormFields(): RequestHandler {
  return (req, res, next) => {
    const { body } = ruleFor(req.path).rule;
    if (body.kind !== "form" && body.kind !== "upload") return next();
    const contentType = req.headers["content-type"] ?? "";
    const boundary = MULTIPART_BOUNDARY.exec(contentType);
    if (!boundary && !URL_ENCODED.test(contentType)) return next();
    // Bytes the parser handed over before this ran cannot be held back (readFormData still counts).
    if (req.complete || req.readableLength > 0) return next();
    const separator = Buffer.from(boundary ? `--${boundary[1] ?? boundary[2]}` : "&");
    // A url-encoded body's first piece has no separator before it; a multipart body's closing delimiter is no part.
    let fields = boundary ? -1 : 1;
    // The end of the previous chunk, where a separator may have begun.
    let carry: Buffer = Buffer.alloc(0);
    const held: Buffer[] = [];
    // What is held is counted against the size limit here: the size counter of limitRequestBodies
    // sits behind this one and sees the bytes only when they are handed on.
    const maxBytes = bodyLimitOf(body);
    let heldBytes = 0;
    let refused = false;
    const push = req.push.bind(req);
    req.push = (chunk: Buffer | null, encoding?: BufferEncoding) => {
      if (refused) return chunk === null ? false : true;
      if (chunk !== null) {
        heldBytes += chunk.length;
        if (heldBytes > maxBytes) {
          refused = true;
          refuseTooLarge(req, res, maxBytes);
          return true;
        }
        const bytes = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
        for (let at = bytes.indexOf(separator); at !== -1 && fields <= body.maxFields; at = bytes.indexOf(separator, at + separator.length)) {
          fields += 1;
        }
        if (separator.length > 1) carry = bytes.subarray(Math.max(bytes.length - separator.length + 1, 0));
        if (fields > body.maxFields) {
          refused = true;
          refuseBody(req, res, 400, `${TOO_MANY_FIELDS_MESSAGE}\n`);
          return true;
        }
        held.push(chunk);
        return true;
      }
      // The whole form has arrived within the limit: hand it on, and the request to the routes.
      req.push = push;
      for (const part of held) push(part, encoding);
      push(null);
      next();
      return false;
    };
  };
}
