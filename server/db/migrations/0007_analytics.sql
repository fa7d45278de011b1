CREATE TABLE "analytics_days" (
	"day" date PRIMARY KEY NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL,
	"bounces" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funnel_days" (
	"day" date NOT NULL,
	"source" text NOT NULL,
	"visitors" integer NOT NULL,
	"booked" integer NOT NULL,
	"checked_out" integer NOT NULL,
	"paid" integer NOT NULL,
	CONSTRAINT "funnel_days_day_source_pk" PRIMARY KEY("day","source")
);
--> statement-breakpoint
CREATE TABLE "page_view_days" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "page_views" ADD COLUMN "country" text;--> statement-breakpoint
CREATE INDEX "page_view_days_dimension_day_idx" ON "page_view_days" USING btree ("dimension","day");--> statement-breakpoint
CREATE INDEX "events_created_at_idx" ON "events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "page_views_visitor_idx" ON "page_views" USING btree ("visitor_hash","created_at");