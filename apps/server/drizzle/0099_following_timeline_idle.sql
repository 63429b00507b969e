-- A timeline stops being written once its fan has no live session (signed out everywhere, or away for the 30
-- days a session lasts): the pruner drops it, so posts fan out only to fans who may read them. Their next read,
-- after signing in, builds it again. Returns how many rows went: items, and the marks of the timelines dropped.
CREATE OR REPLACE FUNCTION burti_following_timeline_prune(p_viewers integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_viewer text;
  v_cut timestamptz;
  v_count integer;
  removed integer := 0;
BEGIN
  FOR v_viewer IN
    SELECT f.viewer_id FROM following_timeline_from f
    WHERE NOT EXISTS (SELECT 1 FROM session s WHERE s.user_id = f.viewer_id AND s.expires_at > now())
    LIMIT p_viewers
  LOOP
    DELETE FROM following_timeline_from WHERE viewer_id = v_viewer;
    DELETE FROM following_timeline WHERE viewer_id = v_viewer;
    GET DIAGNOSTICS v_count = ROW_COUNT;
    removed := removed + v_count + 1;
  END LOOP;
  FOR v_viewer IN
    SELECT viewer_id FROM following_timeline GROUP BY viewer_id
    HAVING count(*) > 2 * burti_following_timeline_keep() LIMIT p_viewers
  LOOP
    PERFORM 1 FROM following_timeline_from WHERE viewer_id = v_viewer FOR UPDATE;
    v_cut := (SELECT activity_at FROM following_timeline WHERE viewer_id = v_viewer
      ORDER BY activity_at DESC, post_id DESC, shared_by DESC OFFSET burti_following_timeline_keep() LIMIT 1);
    CONTINUE WHEN v_cut IS NULL;
    UPDATE following_timeline_from SET at = greatest(at, v_cut + interval '1 microsecond') WHERE viewer_id = v_viewer;
    DELETE FROM following_timeline WHERE viewer_id = v_viewer AND activity_at <= v_cut;
    GET DIAGNOSTICS v_count = ROW_COUNT;
    removed := removed + v_count;
  END LOOP;
  RETURN removed;
END $$;
