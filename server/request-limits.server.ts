// Plain answers, before any route runs, to requests the site does not take: a method its route
// does not answer (405 with Allow, instead of an error page or a 500), and a body larger than its
// route allows (413, without reading the rest of it). Both limits are the route's rule in
// app/lib/route-access.ts.
import type { Request, RequestHandler, Response } from "express";
import { ruleFor } from "~/lib/route-access";

export function refuseOtherMethods(): RequestHandler {
  return (req, res, next) => {
    const { methods } = ruleFor(req.path).rule;
    // TRACE nowhere: it would echo the request (cookies included) back.
    if (req.method !== "TRACE" && (methods as readonly string[]).includes(req.method)) return next();
    res.set("Allow", methods.join(", "));
    res.status(405).type("text/plain").send(`${req.method} is not allowed here.\n`);
  };
}

/** How long a refused body may go on arriving (and being dropped) after the 413 was sent. */
const LINGER_MS = 5_000;

function refuseTooLarge(req: Request, res: Response, maxBytes: number) {
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
  res.status(413).type("text/plain").send(`The request body is larger than ${maxBytes} bytes.\n`);
}

export function limitRequestBodies(): RequestHandler {
  return (req, res, next) => {
    const { maxBytes } = ruleFor(req.path).rule.body;
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
