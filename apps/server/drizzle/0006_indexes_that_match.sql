-- The feeds order by `created_at desc, id desc`, which PostgreSQL reads as DESC NULLS FIRST. The first indexes
-- were built DESC NULLS LAST, an order no query asks for, so every feed page scanned and sorted all posts.
-- These match the queries' order exactly (the columns are never null, so nothing else changes).
DROP INDEX "posts_feed_idx";--> statement-breakpoint
CREATE INDEX "posts_feed_idx" ON "posts" USING btree ("created_at" DESC, "id" DESC) WHERE "posts"."deleted_at" IS NULL;--> statement-breakpoint
DROP INDEX "posts_club_feed_idx";--> statement-breakpoint
CREATE INDEX "posts_club_feed_idx" ON "posts" USING btree ("club_id", "created_at" DESC, "id" DESC) WHERE "posts"."deleted_at" IS NULL;--> statement-breakpoint
DROP INDEX "notifications_user_idx";--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
-- Foreign keys whose cascades had no index: deleting an account (its posts, their comments) scanned all the
-- comments and notifications once per deleted row.
CREATE INDEX "comments_post_idx" ON "comments" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "notifications_post_idx" ON "notifications" USING btree ("post_id") WHERE "post_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_comment_idx" ON "notifications" USING btree ("comment_id") WHERE "comment_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_actor_idx" ON "notifications" USING btree ("actor_id");
