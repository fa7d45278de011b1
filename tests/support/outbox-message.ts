// An outbox row as a transport receives it, for the transports' own tests.
import type { OutboxMessage } from "#server/email/delivery.server";

export function outboxMessage(overrides: Partial<OutboxMessage> = {}): OutboxMessage {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    kind: "test",
    to: "visitor@example.com",
    cc: null,
    subject: "Subject",
    html: "<p>Hello</p>",
    text: "Hello",
    bodyId: null,
    bodyFill: null,
    attachments: [],
    templateParams: null,
    headers: null,
    status: "sending",
    attempts: 0,
    nextAttemptAt: new Date("2026-11-21T10:00:00Z"),
    lastError: null,
    createdAt: new Date("2026-11-21T10:00:00Z"),
    sentAt: null,
    ...overrides,
  };
}
