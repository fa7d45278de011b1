ALTER TABLE "newsletter_issues" ADD COLUMN "paced_until" timestamp with time zone;--> statement-breakpoint
-- Issues already queued: their last copy's due time, so one being sent now keeps its place in the pace.
UPDATE "newsletter_issues" SET "paced_until" = (
	SELECT max("email_outbox"."next_attempt_at") FROM "newsletter_deliveries"
	JOIN "email_outbox" ON "email_outbox"."id" = "newsletter_deliveries"."outbox_id"
	WHERE "newsletter_deliveries"."issue_id" = "newsletter_issues"."id"
);
