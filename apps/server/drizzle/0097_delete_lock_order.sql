-- Deletes take a post's row lock before its notifications' rows, as every other writer does. A post's soft delete
-- or edit locks the post and then rewrites its notifications' previews (0093); a like, share or comment locks the
-- post and then writes its notification. Deleting a comment outright ran the other way: the foreign keys' cascade
-- (whose triggers fire before the counters') removed the comment's notifications first and only then updated the
-- post's comment count, so a comment removed while its post was being deleted could deadlock, and one of the two
-- requests failed. Now the comment locks its post first.
CREATE FUNCTION burti_comment_delete_lock_post() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM posts WHERE id = OLD.post_id FOR NO KEY UPDATE;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER comment_delete_lock_post BEFORE DELETE ON comments
  FOR EACH ROW EXECUTE FUNCTION burti_comment_delete_lock_post();
--> statement-breakpoint
-- An account's removal cascades through notifications it acted in, likes, shares, comments and its own posts in
-- the order of the foreign keys, taking notification rows before the posts they are about. It first locks every
-- post it will touch, in the order of their ids, so it neither deadlocks with a post being deleted or edited nor
-- with another account's removal.
CREATE FUNCTION burti_profile_delete_lock_posts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM posts p
    WHERE p.id IN (
      SELECT id FROM posts WHERE author_id = OLD.id
      UNION SELECT post_id FROM likes WHERE user_id = OLD.id
      UNION SELECT post_id FROM shares WHERE user_id = OLD.id
      UNION SELECT post_id FROM comments WHERE author_id = OLD.id
      UNION SELECT post_id FROM notifications WHERE actor_id = OLD.id AND post_id IS NOT NULL
      UNION SELECT n.post_id FROM notification_actors a JOIN notifications n ON n.id = a.notification_id
        WHERE a.actor_id = OLD.id AND n.post_id IS NOT NULL
    )
    ORDER BY p.id
    FOR NO KEY UPDATE OF p;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER profile_delete_lock_posts BEFORE DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION burti_profile_delete_lock_posts();
