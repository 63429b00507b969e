-- Comments belong to their authors: edited (edited_at), deleted, and liked.
--
-- A comment deleted while it has replies stays as a tombstone (deleted_at set, text and mentions cleared) so the
-- replies keep their thread; it still counts in the post's comment count, as the thread still shows it. Any other
-- comment is removed outright and the counters' triggers (0001) take it back.
ALTER TABLE comments
  ADD COLUMN edited_at timestamptz,
  ADD COLUMN deleted_at timestamptz,
  ADD COLUMN likes_count integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE comments DROP CONSTRAINT comments_body_check;
--> statement-breakpoint
ALTER TABLE comments ADD CONSTRAINT comments_body_check
  CHECK ((deleted_at IS NOT NULL AND body = '') OR char_length(btrim(body)) BETWEEN 1 AND 1000);
--> statement-breakpoint
ALTER TABLE comments ADD CONSTRAINT comments_likes_count_check CHECK (likes_count >= 0);
--> statement-breakpoint
CREATE TABLE comment_likes (
  comment_id uuid NOT NULL REFERENCES comments(id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (comment_id, user_id)
);
--> statement-breakpoint
CREATE INDEX comment_likes_user_idx ON comment_likes (user_id, comment_id);
--> statement-breakpoint
-- The exact like count, kept in the transaction of the like, as posts' likes are (0001). A like removed by its
-- comment's own deletion finds no comment to update.
CREATE FUNCTION burti_comment_likes_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE comments SET likes_count = likes_count + 1 WHERE id = NEW.comment_id;
  ELSE
    UPDATE comments SET likes_count = likes_count - 1 WHERE id = OLD.comment_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER comment_likes_count AFTER INSERT OR DELETE ON comment_likes
  FOR EACH ROW EXECUTE FUNCTION burti_comment_likes_count();
