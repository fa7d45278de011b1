// /admin/newsletter's forms: write an issue (or start it from a published post), send a test to one
// address, send it to every active subscriber. One Zod schema per form. Browser-safe.
import { z } from "~/lib/zod";
import type { StatusLook } from "~/components/status-badge";
import { emailAddressField } from "~/lib/email-address";
import { plainText } from "~/lib/plain-text";
import type { newsletterIssueStatuses } from "./schema";

export const CREATE_ISSUE_INTENT = "create-issue";
export const SEND_TEST_INTENT = "send-test";
export const SEND_ISSUE_INTENT = "send-issue";

export const SUBJECT_REQUIRED = "Please enter a subject, or pick a post.";
export const BODY_REQUIRED = "Please write the issue, or pick a post.";

/** A written issue needs its subject and body; a post gives both (its title and its text). */
export const createIssueSchema = z
  .object({
    intent: z.literal(CREATE_ISSUE_INTENT),
    subject: plainText().trim().max(200, { error: "Keep the subject under 200 characters." }).optional(),
    html: plainText().max(200_000, { error: "The issue is too long." }).optional(),
    postSlug: plainText().trim().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.postSlug) return;
    if (!value.subject) ctx.addIssue({ code: "custom", path: ["subject"], message: SUBJECT_REQUIRED });
    if (!value.html?.trim()) ctx.addIssue({ code: "custom", path: ["html"], message: BODY_REQUIRED });
  });

export const sendTestSchema = z.object({
  intent: z.literal(SEND_TEST_INTENT),
  issueId: z.uuid({ error: "Unknown issue." }),
  email: emailAddressField({ required: "Please enter a valid email address", invalid: "Please enter a valid email address" }),
});

export const sendIssueSchema = z.object({
  intent: z.literal(SEND_ISSUE_INTENT),
  issueId: z.uuid({ error: "Unknown issue." }),
});

export type IssueStatus = (typeof newsletterIssueStatuses)[number];

export const issueStatusLooks: Record<IssueStatus, StatusLook> = {
  draft: { label: "Draft", tone: "muted" },
  sending: { label: "Sending", tone: "warning" },
  sent: { label: "Sent", tone: "success" },
};
