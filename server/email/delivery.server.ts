// The shapes every transport shares: the outbox row it sends, and the error it throws.
import type { emailOutbox } from "#server/db/schema";

export type OutboxMessage = typeof emailOutbox.$inferSelect;

/** A failed send. Permanent failures are not retried; temporary ones are, with back-off. */
export class DeliveryError extends Error {
  override name = "DeliveryError";
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export type Transport = {
  name: "file" | "smtp" | "provider-api";
  /** Resolves once the message is accepted; throws a DeliveryError otherwise. */
  send: (message: OutboxMessage) => Promise<void>;
  close?: () => void;
};

export type Transports = {
  forMessage: (message: OutboxMessage) => Transport;
  close: () => void;
};
