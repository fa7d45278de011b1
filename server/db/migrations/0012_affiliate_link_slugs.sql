-- Links saved without a slug had no address to share: give each one made from its id (12 hex
-- digits; the whole id in the unlikely case that a chosen slug already reads so).
UPDATE "affiliate_links" AS "link" SET "custom_slug" = CASE
  WHEN EXISTS (SELECT FROM "affiliate_links" AS "other" WHERE "other"."custom_slug" = 'link-' || substr(replace("link"."id"::text, '-', ''), 1, 12))
  THEN 'link-' || replace("link"."id"::text, '-', '')
  ELSE 'link-' || substr(replace("link"."id"::text, '-', ''), 1, 12)
END
WHERE "link"."custom_slug" IS NULL;--> statement-breakpoint
ALTER TABLE "affiliate_links" ALTER COLUMN "custom_slug" SET NOT NULL;
