ALTER TABLE "newsletter_deliveries" DROP CONSTRAINT "newsletter_deliveries_issue_id_newsletter_issues_id_fk";
--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" DROP CONSTRAINT "newsletter_deliveries_subscription_id_newsletter_subscriptions_id_fk";
