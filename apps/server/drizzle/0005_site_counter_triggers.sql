-- Users and blocked users for the admin dashboard, kept in the transaction of the profile change.
INSERT INTO site_counters (name, value)
SELECT 'users', count(*) FROM profiles
UNION ALL
SELECT 'blocked_users', count(*) FROM profiles WHERE is_blocked
ON CONFLICT (name) DO UPDATE SET value = excluded.value;
--> statement-breakpoint
CREATE FUNCTION burti_site_counters() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_blocked boolean := TG_OP <> 'INSERT' AND OLD.is_blocked;
  is_blocked boolean := TG_OP <> 'DELETE' AND NEW.is_blocked;
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE site_counters SET value = value + 1 WHERE name = 'users';
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE site_counters SET value = value - 1 WHERE name = 'users';
  END IF;
  IF was_blocked AND NOT is_blocked THEN
    UPDATE site_counters SET value = value - 1 WHERE name = 'blocked_users';
  ELSIF is_blocked AND NOT was_blocked THEN
    UPDATE site_counters SET value = value + 1 WHERE name = 'blocked_users';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER site_counters AFTER INSERT OR DELETE OR UPDATE OF is_blocked ON profiles FOR EACH ROW EXECUTE FUNCTION burti_site_counters();
