// Reads a form action's body. A form posts url-encoded or multipart fields; anything else (JSON,
// plain text, an unreadable body) is refused with a plain 400 instead of surfacing as a 500.
import { data } from "react-router";

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

export const NOT_A_FORM_MESSAGE = "Bad request: this address accepts form submissions only.";
export const UNREADABLE_FORM_MESSAGE = "Bad request: the form could not be read. Please try again.";

export async function readFormData(request: Request): Promise<FormData> {
  if (!FORM_TYPES.test(request.headers.get("content-type") ?? "")) {
    throw data(NOT_A_FORM_MESSAGE, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  try {
    return await request.formData();
  } catch {
    throw data(UNREADABLE_FORM_MESSAGE, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
}
