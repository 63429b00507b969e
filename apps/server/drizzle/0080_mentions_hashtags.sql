-- Mentions: the fans a post or comment mentions, by id, keyed by the handle as written (normalised), so the
-- text shows each fan's current nickname after a rename. Null when the text mentions nobody.
ALTER TABLE "posts" ADD COLUMN "mentions" jsonb;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "mentions" jsonb;--> statement-breakpoint

-- Autocomplete of `@nickname`: a prefix of the lower-case nickname, by byte order whatever the collation.
CREATE INDEX "profiles_nickname_prefix_idx" ON "profiles" (lower("nickname") text_pattern_ops);--> statement-breakpoint

-- Hashtags: one row per post and tag. A tag's page is a keyset walk of post_hashtags_tag_idx.
CREATE TABLE "post_hashtags" (
	"post_id" uuid NOT NULL REFERENCES "posts"("id") ON DELETE CASCADE,
	"tag" text NOT NULL,
	"club_id" integer NOT NULL,
	-- The post's own time (the page's order) and when the tag was added (the trending bucket it counts in).
	"created_at" timestamp with time zone NOT NULL,
	"tagged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_hashtags_pk" PRIMARY KEY ("post_id", "tag"),
	CONSTRAINT "post_hashtags_tag_check" CHECK (char_length("tag") between 1 and 50)
);--> statement-breakpoint
CREATE INDEX "post_hashtags_tag_idx" ON "post_hashtags" ("tag", "created_at" DESC NULLS FIRST, "post_id" DESC NULLS FIRST);--> statement-breakpoint

-- Trending: uses of each tag per hour, per club and overall (scope 0), kept by a trigger on post_hashtags.
-- The last 24 hours of a scope are at most 25 buckets of one index range: no request scans posts.
CREATE TABLE "hashtag_hourly" (
	"scope" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"tag" text NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "hashtag_hourly_pk" PRIMARY KEY ("scope", "hour", "tag")
);--> statement-breakpoint
CREATE FUNCTION burti_hashtag_hourly() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO hashtag_hourly AS h (scope, hour, tag, uses)
      VALUES (0, date_trunc('hour', NEW.tagged_at), NEW.tag, 1), (NEW.club_id, date_trunc('hour', NEW.tagged_at), NEW.tag, 1)
      ON CONFLICT (scope, hour, tag) DO UPDATE SET uses = h.uses + 1;
  ELSE
    UPDATE hashtag_hourly SET uses = uses - 1
      WHERE scope IN (0, OLD.club_id) AND hour = date_trunc('hour', OLD.tagged_at) AND tag = OLD.tag;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER post_hashtags_hourly AFTER INSERT OR DELETE ON post_hashtags FOR EACH ROW EXECUTE FUNCTION burti_hashtag_hourly();
--> statement-breakpoint
-- A deleted post (by its author or a moderator) leaves its tags' pages and the trending counts.
CREATE FUNCTION burti_post_deleted_hashtags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM post_hashtags WHERE post_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_deleted_hashtags AFTER UPDATE OF deleted_at ON posts FOR EACH ROW
  WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL) EXECUTE FUNCTION burti_post_deleted_hashtags();
--> statement-breakpoint

-- Grouped notifications: likes and shares of one post, and follows of one day, are one row whose dedupe_key
-- names the group; notification_actors holds who is in it (once each), actor_id the latest of them.
ALTER TABLE "notifications" ADD COLUMN "actor_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- When the group's push last went out: one push per group per few minutes.
ALTER TABLE "notifications" ADD COLUMN "pushed_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "notification_actors" (
	"notification_id" uuid NOT NULL REFERENCES "notifications"("id") ON DELETE CASCADE,
	"actor_id" text NOT NULL REFERENCES "profiles"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_actors_pk" PRIMARY KEY ("notification_id", "actor_id")
);--> statement-breakpoint
CREATE INDEX "notification_actors_actor_idx" ON "notification_actors" ("actor_id");--> statement-breakpoint
CREATE INDEX "notification_actors_latest_idx" ON "notification_actors" ("notification_id", "created_at" DESC);--> statement-breakpoint

-- The rows written before grouping join their groups: the newest row of each group stays and stands for it.
CREATE TEMPORARY TABLE "notification_regroup" AS
  SELECT k.id, k.actor_id, k.created_at, k.group_key,
    first_value(k.id) OVER w AS keep_id,
    count(*) OVER (PARTITION BY k.group_key) AS actor_count,
    bool_or(k.read_at IS NULL) OVER (PARTITION BY k.group_key) AS any_unread
  FROM (
    SELECT n.id, n.actor_id, n.created_at, n.read_at,
      CASE WHEN n.type = 'follow' THEN 'follow:' || n.user_id || ':' || to_char(n.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')
        ELSE n.type || ':' || n.user_id || ':' || n.post_id END AS group_key
    FROM notifications n
    WHERE n.actor_id IS NOT NULL AND (n.type = 'follow' OR (n.type IN ('like', 'share') AND n.post_id IS NOT NULL))
  ) k
  WINDOW w AS (PARTITION BY k.group_key ORDER BY k.created_at DESC, k.id DESC);--> statement-breakpoint
INSERT INTO notification_actors (notification_id, actor_id, created_at)
  SELECT keep_id, actor_id, created_at FROM notification_regroup ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM notifications n USING notification_regroup r WHERE n.id = r.id AND r.id <> r.keep_id;--> statement-breakpoint
UPDATE notifications n SET dedupe_key = r.group_key, actor_count = r.actor_count,
    read_at = CASE WHEN r.any_unread THEN NULL ELSE n.read_at END
  FROM notification_regroup r WHERE n.id = r.id AND r.id = r.keep_id;--> statement-breakpoint
DROP TABLE "notification_regroup";
