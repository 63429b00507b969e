-- Counters are kept by the database itself, in the same transaction as the row that changes them, so they
-- stay exact under concurrency and through cascading deletes (an account deletion, a post removal).

CREATE FUNCTION burti_likes_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE posts SET likes_count = likes_count + 1 WHERE id = NEW.post_id;
  ELSE
    UPDATE posts SET likes_count = likes_count - 1 WHERE id = OLD.post_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER likes_count AFTER INSERT OR DELETE ON likes FOR EACH ROW EXECUTE FUNCTION burti_likes_count();
--> statement-breakpoint
CREATE FUNCTION burti_shares_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE posts SET shares_count = shares_count + 1 WHERE id = NEW.post_id;
  ELSE
    UPDATE posts SET shares_count = shares_count - 1 WHERE id = OLD.post_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER shares_count AFTER INSERT OR DELETE ON shares FOR EACH ROW EXECUTE FUNCTION burti_shares_count();
--> statement-breakpoint
CREATE FUNCTION burti_comments_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE posts SET comments_count = comments_count + 1 WHERE id = NEW.post_id;
    IF NEW.parent_comment_id IS NOT NULL THEN
      UPDATE comments SET reply_count = reply_count + 1 WHERE id = NEW.parent_comment_id;
    END IF;
  ELSE
    UPDATE posts SET comments_count = comments_count - 1 WHERE id = OLD.post_id;
    IF OLD.parent_comment_id IS NOT NULL THEN
      UPDATE comments SET reply_count = reply_count - 1 WHERE id = OLD.parent_comment_id;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER comments_count AFTER INSERT OR DELETE ON comments FOR EACH ROW EXECUTE FUNCTION burti_comments_count();
--> statement-breakpoint
CREATE FUNCTION burti_follows_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE profiles SET followers_count = followers_count + 1 WHERE id = NEW.following_id;
    UPDATE profiles SET following_count = following_count + 1 WHERE id = NEW.follower_id;
  ELSE
    UPDATE profiles SET followers_count = followers_count - 1 WHERE id = OLD.following_id;
    UPDATE profiles SET following_count = following_count - 1 WHERE id = OLD.follower_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER follows_count AFTER INSERT OR DELETE ON follows FOR EACH ROW EXECUTE FUNCTION burti_follows_count();
--> statement-breakpoint
-- Live posts per author and per club: a post counts while deleted_at is null.
CREATE FUNCTION burti_posts_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_live boolean := TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL;
  is_live boolean := TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL;
BEGIN
  IF was_live AND NOT is_live THEN
    UPDATE profiles SET posts_count = posts_count - 1 WHERE id = OLD.author_id;
    UPDATE clubs SET posts_count = posts_count - 1 WHERE id = OLD.club_id;
  ELSIF is_live AND NOT was_live THEN
    UPDATE profiles SET posts_count = posts_count + 1 WHERE id = NEW.author_id;
    UPDATE clubs SET posts_count = posts_count + 1 WHERE id = NEW.club_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_count AFTER INSERT OR DELETE OR UPDATE OF deleted_at ON posts FOR EACH ROW EXECUTE FUNCTION burti_posts_count();
--> statement-breakpoint
-- Fans of a club: profiles whose primary club it is.
CREATE FUNCTION burti_fans_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.primary_club_id IS NOT NULL
     AND (TG_OP = 'DELETE' OR NEW.primary_club_id IS DISTINCT FROM OLD.primary_club_id) THEN
    UPDATE clubs SET fans_count = fans_count - 1 WHERE id = OLD.primary_club_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.primary_club_id IS NOT NULL
     AND (TG_OP = 'INSERT' OR NEW.primary_club_id IS DISTINCT FROM OLD.primary_club_id) THEN
    UPDATE clubs SET fans_count = fans_count + 1 WHERE id = NEW.primary_club_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER fans_count AFTER INSERT OR DELETE OR UPDATE OF primary_club_id ON profiles FOR EACH ROW EXECUTE FUNCTION burti_fans_count();
