import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { outboxMessage } from "../../../tests/support/outbox-message";
import { createFileTransport, emlFileName } from "./file.server";

const message = (id: string) => outboxMessage({ id, subject: `Subject ${id}` });

describe("the file transport", () => {
  let root: string;
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it("writes each message as an owner-only .eml file, making the directory when it is missing, again after it was removed", async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "file-transport-"));
    const directory = path.join(root, "mail");
    const transport = createFileTransport({ directory, from: { name: "Site", address: "site@example.com" } });

    await transport.send(message("00000000-0000-4000-8000-000000000001"));
    const first = path.join(directory, emlFileName(message("00000000-0000-4000-8000-000000000001")));
    expect(fs.readFileSync(first, "utf8")).toContain("Subject: Subject 00000000-0000-4000-8000-000000000001");
    expect(fs.statSync(first).mode & 0o777).toBe(0o600);
    expect(fs.statSync(directory).mode & 0o777).toBe(0o700);

    fs.rmSync(directory, { recursive: true });
    await transport.send(message("00000000-0000-4000-8000-000000000002"));
    expect(fs.readdirSync(directory)).toEqual([emlFileName(message("00000000-0000-4000-8000-000000000002"))]);
  });

  it("ends every line in CRLF, the text and HTML parts' own lines too", async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "file-transport-"));
    const transport = createFileTransport({ directory: root, from: { name: "Site", address: "site@example.com" } });
    const multiline = {
      ...message("00000000-0000-4000-8000-000000000003"),
      text: "Hello,\n\nline two\nline three",
      html: "<p>Hello</p>\n<p>Bye</p>",
    };
    await transport.send(multiline);
    const eml = fs.readFileSync(path.join(root, emlFileName(multiline)), "latin1");
    expect(eml).toContain("line two\r\nline three");
    expect(eml.match(/(?<!\r)\n/g)).toBeNull();
  });

  it("writes the text and HTML parts quoted-printable, also when most of the text is not Latin", async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "file-transport-"));
    const transport = createFileTransport({ directory: root, from: { name: "Site", address: "site@example.com" } });
    const cyrillic = { ...message("00000000-0000-4000-8000-000000000004"), text: "Здравствуйте, Ада", html: "<p>Здравствуйте</p>" };
    await transport.send(cyrillic);
    const eml = fs.readFileSync(path.join(root, emlFileName(cyrillic)), "latin1");
    const parts = eml.split(/\r\n--/).filter((part) => /Content-Type: text\/(plain|html)/.test(part));
    expect(parts).toHaveLength(2);
    for (const part of parts) expect(part).toContain("Content-Transfer-Encoding: quoted-printable");
    const text = parts.find((part) => part.includes("text/plain"))!.split("\r\n\r\n")[1]!;
    const decoded = Buffer.from(text.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8");
    expect(decoded).toBe("Здравствуйте, Ада");
  });
});
