-- The fans a text's mentions stand for, by their current nicknames. A function rather than a subquery in each
-- post list's select list: the planner charged that subquery's cost to every candidate row and swapped the club
-- join for a filtered loop over all clubs (3x the feed's time at 1M posts). STRICT: a text without mentions
-- (null) costs nothing.
CREATE FUNCTION burti_mention_view(p_mentions jsonb) RETURNS json LANGUAGE sql STABLE STRICT PARALLEL SAFE COST 10 AS $$
  SELECT json_agg(json_build_object('handle', m.key, 'id', u.id, 'nickname', u.nickname))
  FROM jsonb_each_text(p_mentions) m JOIN profiles u ON u.id = m.value
$$;
