-- A photo's size (so clients reserve its box before it loads) and a smaller copy for feeds (so phones do not
-- download a 2048 px photo to show it 360 px wide). Videos and older photos have none of these.
ALTER TABLE "posts" ADD COLUMN "media_width" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "media_height" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "media_feed_url" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "media_feed_path" text;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_media_size_check" CHECK (("posts"."media_width" is null) = ("posts"."media_height" is null) and ("posts"."media_width" is null or ("posts"."media_width" > 0 and "posts"."media_height" > 0)));
