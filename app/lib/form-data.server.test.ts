import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  NOT_A_FORM_MESSAGE,
  readFormData,
  TOO_MANY_FIELDS_MESSAGE,
  UNKNOWN_FIELDS_MESSAGE,
  UNREADABLE_FORM_MESSAGE,
} from "./form-data.server";
import { routeAccess } from "./route-access";

const schema = z
  .object({ intent: z.literal("go"), email: z.email(), tags: z.array(z.string()).optional() })
  .refine(() => true);
const other = z.object({ intent: z.literal("stop"), reason: z.string() });

const post = (body: BodyInit, contentType?: string, path = "/booking") =>
  new Request(`http://site.test${path}`, { method: "POST", body, headers: contentType ? { "content-type": contentType } : {} });

/** The 400 message readFormData threw, or the fields it returned. */
async function outcome(request: Request, schemas: z.ZodType | z.ZodType[] = schema) {
  try {
    return [...(await readFormData(request, { schema: schemas }))];
  } catch (thrown) {
    const { data, init } = thrown as { data: string; init: { status: number } };
    return `${init.status} ${data}`;
  }
}

describe("readFormData", () => {
  it("returns the fields the schema (or any of the intents' schemas) names, each once; array fields may repeat", async () => {
    expect(await outcome(post(new URLSearchParams("intent=go&email=a%40b.test&tags=x&tags=y")))).toEqual([
      ["intent", "go"],
      ["email", "a@b.test"],
      ["tags", "x"],
      ["tags", "y"],
    ]);
    expect(await outcome(post(new URLSearchParams("intent=stop&reason=r")), [schema, other])).toEqual([
      ["intent", "stop"],
      ["reason", "r"],
    ]);
    const multipart = new FormData();
    multipart.append("intent", "go");
    multipart.append("email", "a@b.test");
    expect(await outcome(post(multipart))).toEqual([
      ["intent", "go"],
      ["email", "a@b.test"],
    ]);
  });

  it("refuses a field the schema does not name, a field twice, and a file, with a plain 400", async () => {
    expect(await outcome(post(new URLSearchParams("intent=go&isAdmin=1")))).toBe(`400 ${UNKNOWN_FIELDS_MESSAGE}`);
    expect(await outcome(post(new URLSearchParams("intent=go&email=a&email=b")))).toBe(`400 ${UNKNOWN_FIELDS_MESSAGE}`);
    const withFile = new FormData();
    withFile.append("email", new File(["x"], "x.txt"));
    expect(await outcome(post(withFile))).toBe(`400 ${UNKNOWN_FIELDS_MESSAGE}`);
  });

  it("refuses more fields than the route's rule allows before parsing, even of names it takes", async () => {
    const { maxFields } = routeAccess["/booking"].body as { maxFields: number };
    const tags = (count: number) => Array.from({ length: count }, () => "tags=x").join("&");
    expect(await outcome(post(new URLSearchParams(tags(maxFields))))).toHaveLength(maxFields);
    expect(await outcome(post(new URLSearchParams(tags(maxFields + 1))))).toBe(`400 ${TOO_MANY_FIELDS_MESSAGE}`);
    const parts = new FormData();
    for (let i = 0; i <= maxFields; i++) parts.append("tags", "x");
    expect(await outcome(post(parts))).toBe(`400 ${TOO_MANY_FIELDS_MESSAGE}`);
  });

  it("refuses what is not a form: JSON, no type, multipart without a boundary, a JSON route", async () => {
    expect(await outcome(post('{"intent":"go"}', "application/json"))).toBe(`400 ${NOT_A_FORM_MESSAGE}`);
    expect(await outcome(post("intent=go", ""))).toBe(`400 ${NOT_A_FORM_MESSAGE}`);
    expect(await outcome(post("intent=go", "multipart/form-data"))).toBe(`400 ${UNREADABLE_FORM_MESSAGE}`);
    const toJsonRoute = post(new URLSearchParams("intent=go"), undefined, "/api/auth/sign-in/email");
    expect(await outcome(toJsonRoute)).toBe(`400 ${NOT_A_FORM_MESSAGE}`);
  });
});
