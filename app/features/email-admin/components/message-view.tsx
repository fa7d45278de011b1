// One outbox message: delivery facts, the HTML part in a sandboxed frame, the text part,
// attachments and the provider's template parameters.
import { AlertCircle, Paperclip } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/utils";
import { EmailStatusBadge, isFailureStatus, kindLabel, type EmailStatus } from "./email-status-badge";

export type MessageViewData = {
  kind: string;
  from: string;
  to: string;
  cc: string | null;
  subject: string;
  html: string;
  text: string;
  status: EmailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string | null;
  attachments: Array<{ filename: string; contentType: string; size: number; text: string | null }>;
  templateParams: Array<[string, string]> | null;
};

/** Links in the preview open in a new tab instead of inside the frame. */
function previewDocument(html: string) {
  const base = '<base target="_blank">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}${base}`) : `${base}${html}`;
}

function formatSize(bytes: number) {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** How the last error is introduced: a problem, history (sent), or the reason (dropped). */
function lastErrorLabel(status: EmailStatus) {
  if (status === "sent") return "Error before it was sent:";
  if (status === "dropped") return "Reason:";
  return "Last error:";
}

export function DeliveryFacts({ message }: { message: MessageViewData }) {
  const failure = isFailureStatus(message.status);
  const rows: Array<[string, ReactNode]> = [
    ["Status", <EmailStatusBadge key="status" status={message.status} />],
    ["Kind", kindLabel(message.kind)],
    ["From", message.from],
    ["To", message.to],
    ...(message.cc ? ([["Cc", message.cc]] as Array<[string, ReactNode]>) : []),
    ["Created", message.createdAt],
    ["Sent", message.sentAt ?? (message.status === "dropped" ? "Never (dropped)" : "Not yet")],
    ["Attempts", message.attempts],
    ...(message.nextAttemptAt ? ([["Next attempt", message.nextAttemptAt]] as Array<[string, ReactNode]>) : []),
  ];
  return (
    <div className="rounded-xl border bg-card p-5 shadow-sm">
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {message.lastError ? (
        <div
          role="note"
          className={cn(
            "mt-4 flex gap-2 rounded-lg border p-3 text-sm",
            failure ? "border-destructive/40 bg-destructive/5" : "bg-muted/40 text-muted-foreground",
          )}
        >
          <AlertCircle
            className={cn("mt-0.5 size-4 shrink-0", failure && "text-destructive")}
            aria-hidden="true"
          />
          <p className="min-w-0 break-words">
            <span className="font-medium">{lastErrorLabel(message.status)}</span>{" "}
            {message.lastError}
          </p>
        </div>
      ) : null}
    </div>
  );
}

export function MessageParts({ message }: { message: MessageViewData }) {
  return (
    <>
      <Section id="html-version" title="HTML version">
        <iframe
          title={`HTML version of “${message.subject}”`}
          srcDoc={previewDocument(message.html)}
          // No scripts, no same-origin access: the message is someone else's markup.
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          className="h-[640px] w-full rounded-xl border bg-white"
        />
      </Section>
      <Section id="text-version" title="Plain-text version">
        <pre className="overflow-x-auto rounded-xl border bg-muted/40 p-4 text-sm whitespace-pre-wrap break-words">
          {message.text}
        </pre>
      </Section>
      {message.attachments.length > 0 ? (
        <Section id="attachments" title={`Attachments (${message.attachments.length})`}>
          <ul className="space-y-3">
            {message.attachments.map((attachment) => (
              <li key={attachment.filename} className="rounded-xl border bg-card p-4 text-sm">
                <p className="flex flex-wrap items-center gap-x-2">
                  <Paperclip className="size-4 text-muted-foreground" aria-hidden="true" />
                  <span className="font-medium">{attachment.filename}</span>
                  <span className="text-muted-foreground">
                    {attachment.contentType.split(";")[0]} · {formatSize(attachment.size)}
                  </span>
                </p>
                {attachment.text !== null ? (
                  <details className="mt-2">
                    <summary className="cursor-pointer text-primary">Show contents</summary>
                    <pre className="mt-2 overflow-x-auto rounded-lg bg-muted/40 p-3 text-xs">{attachment.text}</pre>
                  </details>
                ) : null}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {message.templateParams ? (
        <Section id="template-params" title="Provider template parameters">
          <dl className="grid gap-x-6 gap-y-2 rounded-xl border bg-card p-5 text-sm sm:grid-cols-[14rem_1fr]">
            {message.templateParams.map(([name, value]) => (
              <div key={name} className="contents">
                <dt className="font-mono text-xs text-muted-foreground sm:text-sm">{name}</dt>
                <dd className="min-w-0 break-words">{value}</dd>
              </div>
            ))}
          </dl>
        </Section>
      ) : null}
    </>
  );
}
