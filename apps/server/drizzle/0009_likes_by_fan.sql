-- Every post list says whether the viewer liked each post: PostgreSQL reads the viewer's likes once and probes
-- them per row. Keyed by (user_id, post_id) that read is an index-only scan of a page or two; keyed by
-- (user_id, created_at) it fetched every liked row from the table (about a fifth of the feed query's cost).
-- Nothing lists a fan's likes by time.
DROP INDEX IF EXISTS "likes_user_idx";
--> statement-breakpoint
CREATE INDEX "likes_user_idx" ON "likes" USING btree ("user_id","post_id");
