// The mail a production server wrote to DATA_DIR/mail (the file transport, one .eml per message),
// read back as a person would read it: kind, recipient, subject and the text part.
import fs from "node:fs";
import path from "node:path";

export type Mail = { file: string; kind: string; to: string; subject: string; text: string };

function decodeQuotedPrintable(value: string) {
  const bytes = value
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`)
    .replace(/%(?![0-9A-F]{2})/gi, "%25");
  return decodeURIComponent(bytes);
}

function parseMail(file: string): Mail {
  const raw = fs.readFileSync(file, "utf8");
  const [head = ""] = raw.split(/\r?\n\r?\n/, 1);
  const header = (name: string) => head.match(new RegExp(`^${name}: (.*)$`, "mi"))?.[1]?.trim() ?? "";
  // The text/plain part: from its headers to the next MIME boundary.
  const part = raw.match(/Content-Type: text\/plain[^]*?\r?\n\r?\n([^]*?)\r?\n--/i);
  const body = part?.[1] ?? "";
  const quoted = /Content-Transfer-Encoding: quoted-printable/i.test(raw.slice(raw.search(/Content-Type: text\/plain/i)));
  return {
    file,
    kind: header("X-Outbox-Kind"),
    to: header("To"),
    subject: header("Subject"),
    text: quoted ? decodeQuotedPrintable(body) : body,
  };
}

/** Every message in `dataDir`/mail, oldest first. */
export function listMail(dataDir: string): Mail[] {
  const dir = path.join(dataDir, "mail");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => parseMail(path.join(dir, name)));
}

/** The first link in a message's text that contains `pathPart`. */
export function linkIn(mail: Mail, pathPart: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(pathPart));
  if (!link) throw new Error(`No link containing ${pathPart} in:\n${mail.text}`);
  return link;
}
