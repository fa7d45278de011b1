CREATE TABLE "booking_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_blocks_ends_after_start" CHECK ("booking_blocks"."ends_at" > "booking_blocks"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reminder_email_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "booking_blocks_range_idx" ON "booking_blocks" USING btree ("starts_at","ends_at");--> statement-breakpoint
CREATE INDEX "email_outbox_recipient_idx" ON "email_outbox" USING btree ("to_address","kind","created_at");