-- A fan may follow other clubs' feeds without changing their own club (decision 023). The Clubs feed reads the
-- followed clubs' public posts through posts_club_feed_idx, one index range per club, merged by time.
CREATE TABLE "club_follows" (
  "user_id" text NOT NULL REFERENCES "profiles" ("id") ON DELETE CASCADE,
  "club_id" integer NOT NULL REFERENCES "clubs" ("id") ON DELETE CASCADE,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("user_id", "club_id")
);
