ALTER TABLE "affiliate_referrals" DROP CONSTRAINT "affiliate_referrals_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ALTER COLUMN "order_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ALTER COLUMN "status" SET DEFAULT 'earned';--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD COLUMN "amount_cents" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD COLUMN "paid_on" date NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD COLUMN "recorded_by" text;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ADD COLUMN "sale_amount_cents" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ADD COLUMN "commission_rate" numeric(5, 4) NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ADD COLUMN "commission_cents" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ADD COLUMN "reversed_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_user_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "affiliate_payouts_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ADD CONSTRAINT "affiliate_referrals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affiliate_clicks_link_id_idx" ON "affiliate_clicks" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "affiliate_payouts_affiliate_idx" ON "affiliate_payouts" USING btree ("affiliate_id","paid_on");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "webhook_events_order_idx" ON "webhook_events" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "affiliate_clicks" DROP COLUMN "is_bot";--> statement-breakpoint
ALTER TABLE "affiliate_payouts" DROP COLUMN "amount";--> statement-breakpoint
ALTER TABLE "affiliate_payouts" DROP COLUMN "paid_at";--> statement-breakpoint
ALTER TABLE "affiliate_referrals" DROP COLUMN "sale_amount";--> statement-breakpoint
ALTER TABLE "affiliate_referrals" DROP COLUMN "commission_amount";--> statement-breakpoint
ALTER TABLE "affiliates" DROP COLUMN "total_earnings";--> statement-breakpoint
ALTER TABLE "affiliates" DROP COLUMN "total_clicks";--> statement-breakpoint
ALTER TABLE "affiliates" DROP COLUMN "total_conversions";--> statement-breakpoint
ALTER TABLE "affiliates" DROP COLUMN "current_balance";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_provider_payment_id_unique" UNIQUE("provider_payment_id");--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "affiliate_payouts_amount_check" CHECK ("affiliate_payouts"."amount_cents" > 0);--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ADD CONSTRAINT "affiliate_referrals_amounts_check" CHECK ("affiliate_referrals"."commission_cents" >= 0 and "affiliate_referrals"."reversed_cents" between 0 and "affiliate_referrals"."commission_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_check" CHECK ("orders"."amount_cents" >= 0 and "orders"."refunded_cents" between 0 and "orders"."amount_cents");