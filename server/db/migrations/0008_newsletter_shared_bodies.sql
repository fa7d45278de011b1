CREATE TABLE "email_bodies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"headers" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" DROP CONSTRAINT "newsletter_deliveries_outbox_id_email_outbox_id_fk";
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "body_id" uuid;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "body_fill" text;--> statement-breakpoint
ALTER TABLE "newsletter_issues" ADD COLUMN "email_body_id" uuid;--> statement-breakpoint
ALTER TABLE "newsletter_issues" ADD COLUMN "queuing_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_issues" ADD CONSTRAINT "newsletter_issues_email_body_id_email_bodies_id_fk" FOREIGN KEY ("email_body_id") REFERENCES "public"."email_bodies"("id") ON DELETE no action ON UPDATE no action;