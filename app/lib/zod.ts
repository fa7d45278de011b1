// Zod as the shared form schemas use it, in the browser and on the server. In the browser Zod must
// not compile its parsers with `new Function`: the site's CSP forbids eval, and Zod's probe for it
// is reported as a CSP violation on every page with a form (Lighthouse's best practices). The
// server keeps the compiled parsers.
import { z } from "zod";

if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
