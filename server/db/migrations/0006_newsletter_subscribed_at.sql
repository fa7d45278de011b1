ALTER TABLE "newsletter_subscriptions" ADD COLUMN "subscribed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Rows from before this column joined when they were created (a re-subscription then was not recorded).
UPDATE "newsletter_subscriptions" SET "subscribed_at" = "created_at";
