// Reads a form action's body. A form posts url-encoded or multipart fields; anything else (JSON,
// plain text, an unreadable body) is refused with a plain 400 instead of surfacing as a 500.
//
// Parsing must not be a way to stall the server: Conform's parseWithZod costs the square of the
// times one name repeats (50,000 repeats of one field: 19.5 s of CPU, the whole server waiting).
// So the fields are counted before anything parses them (more than the route's `maxFields`, from
// the route table: 400), and a name the action's schema does not know, or one it does not take
// more than once, is refused with a 400 too. What reaches the schema is at most a few dozen fields.
import { data } from "react-router";
import type { z } from "zod";
import { NO_STORE } from "./cache-headers";
import { ruleFor } from "./route-access";

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;
const MULTIPART_BOUNDARY = /;\s*boundary=(?:"([^"]+)"|([^\s;]+))/i;

export const NOT_A_FORM_MESSAGE = "Bad request: this address accepts form submissions only.";
export const UNREADABLE_FORM_MESSAGE = "Bad request: the form could not be read. Please try again.";
export const TOO_MANY_FIELDS_MESSAGE = "Bad request: the form has more fields than this address takes.";
export const UNKNOWN_FIELDS_MESSAGE = "Bad request: the form has fields this address does not take, or one field twice.";

const refuse = (message: string): never => {
  throw data(message, { status: 400, headers: NO_STORE });
};

type FormSchema = z.ZodType;
/** The names a form may post: each once, or (an array field) up to the field limit. */
type FieldNames = { once: ReadonlySet<string>; repeated: ReadonlySet<string> };

const fieldNamesOf = new WeakMap<FormSchema, FieldNames>();

/** The top-level field names of an object schema (through pipes, refinements and unions). */
function collectFields(schema: FormSchema, into: { once: Set<string>; repeated: Set<string> }) {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  if (def.type === "pipe") return collectFields(def.in as FormSchema, into);
  if (def.type === "union") return (def.options as FormSchema[]).forEach((option) => collectFields(option, into));
  if (def.type === "intersection") {
    collectFields(def.left as FormSchema, into);
    return collectFields(def.right as FormSchema, into);
  }
  if (def.type !== "object") throw new Error(`readFormData: a form schema must be an object schema (got ${def.type})`);
  for (const [name, field] of Object.entries(def.shape as Record<string, FormSchema>)) {
    (isArrayField(field) ? into.repeated : into.once).add(name);
  }
}

function isArrayField(field: FormSchema): boolean {
  const def = field._zod.def as unknown as Record<string, unknown> & { type: string };
  if (def.type === "array") return true;
  if (["optional", "nullable", "default", "prefault", "catch", "readonly", "nonoptional"].includes(def.type)) {
    return isArrayField(def.innerType as FormSchema);
  }
  return def.type === "pipe" ? isArrayField(def.in as FormSchema) : false;
}

function fieldNames(schemas: readonly FormSchema[]): FieldNames {
  const names = { once: new Set<string>(), repeated: new Set<string>() };
  for (const schema of schemas) {
    let known = fieldNamesOf.get(schema);
    if (!known) {
      const collected = { once: new Set<string>(), repeated: new Set<string>() };
      collectFields(schema, collected);
      known = collected;
      fieldNamesOf.set(schema, known);
    }
    known.once.forEach((name) => names.once.add(name));
    known.repeated.forEach((name) => names.repeated.add(name));
  }
  return names;
}

/** How many times `needle` occurs in `bytes` (a linear scan, before any parsing). */
function occurrences(bytes: Buffer, needle: Buffer | number) {
  let count = 0;
  for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + 1)) count += 1;
  return count;
}

/**
 * The number of fields the body can hold, counted without decoding any of it: url-encoded, one
 * per "&"-separated piece (empty pieces too); multipart, one per delimiter line but the closing one.
 */
function fieldCount(bytes: Buffer, boundary: string | undefined): number {
  if (boundary === undefined) return bytes.length === 0 ? 0 : occurrences(bytes, 0x26) + 1;
  return Math.max(occurrences(bytes, Buffer.from(`--${boundary}`)) - 1, 0);
}

export type ReadFormOptions = {
  /** The action's schema (or the schemas of its intents): the only field names it takes. */
  schema: FormSchema | readonly FormSchema[];
};

/**
 * The submitted form, or a thrown 400 when it is not a form, has more fields than the route's
 * rule allows, or has a field the schema does not take (or takes once) — all decided before any
 * parser that costs more than the bytes runs.
 */
export async function readFormData(request: Request, { schema }: ReadFormOptions): Promise<FormData> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!FORM_TYPES.test(contentType)) refuse(NOT_A_FORM_MESSAGE);
  const { rule } = ruleFor(new URL(request.url).pathname);
  if (rule.body.kind !== "form" && rule.body.kind !== "upload") return refuse(NOT_A_FORM_MESSAGE);
  const { maxFields } = rule.body;
  const maxFiles = rule.body.kind === "upload" ? rule.body.maxFiles : 0;

  let body: ArrayBuffer;
  try {
    body = await request.arrayBuffer();
  } catch {
    return refuse(UNREADABLE_FORM_MESSAGE);
  }
  const bytes = Buffer.from(body);
  const multipart = /^\s*multipart\//i.test(contentType);
  const boundary = MULTIPART_BOUNDARY.exec(contentType);
  if (multipart && !boundary) refuse(UNREADABLE_FORM_MESSAGE);
  if (fieldCount(bytes, multipart ? (boundary![1] ?? boundary![2]) : undefined) > maxFields) refuse(TOO_MANY_FIELDS_MESSAGE);

  let form: FormData;
  if (multipart) {
    try {
      form = await new Response(body, { headers: { "content-type": contentType } }).formData();
    } catch {
      return refuse(UNREADABLE_FORM_MESSAGE);
    }
  } else {
    form = new FormData();
    for (const [name, value] of new URLSearchParams(bytes.toString("utf8"))) form.append(name, value);
  }

  const names = fieldNames(Array.isArray(schema) ? schema : [schema as FormSchema]);
  const seen = new Set<string>();
  let files = 0;
  for (const [name, value] of form) {
    if (typeof value !== "string" && ++files > maxFiles) refuse(UNKNOWN_FIELDS_MESSAGE);
    if (names.repeated.has(name)) continue;
    if (!names.once.has(name) || seen.has(name)) refuse(UNKNOWN_FIELDS_MESSAGE);
    seen.add(name);
  }
  return form;
}
