-- Search (decision 017). Fans, posts and hashtags are found by search keys: the text folded the way
-- packages/shared/src/text searchKey() folds it (Georgian romanised, case, accents and punctuation gone, the
-- spellings fans mix up merged), so "დინამო", "Dinamo" and "DİNAMO" meet. The keys are stored generated columns:
-- they stay right through every write, bulk loads included (triggers can be switched off, generated columns not).
--
-- burti_search_key() is searchKey() in SQL. It must give the same key for the same text: the search terms are
-- folded by searchKey() in the server and compared with keys this function stored (a test holds the two
-- together on both databases). Letters are folded without the database's locale (PGlite has only "C"), so
-- separators are listed by range: ASCII, Latin-1, general punctuation, symbols, arrows, emoji.
-- No NFC step: romanising touches only Georgian letters, which no normalisation changes, and NFKD follows.
CREATE FUNCTION burti_search_key(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
  select regexp_replace(replace(replace(replace(translate(replace(btrim(regexp_replace(lower(case when t ~ '[^\x01-\x7f]' then regexp_replace(normalize(replace(replace(replace(replace(replace(replace(replace(replace(translate(case when t ~ '[\u10a0-\u10ff\u1c90-\u1cbf]' then replace(replace(replace(replace(replace(replace(replace(replace(replace(translate(translate(t, 'ᲐᲑᲒᲓᲔᲕᲖᲗᲘᲙᲚᲛᲜᲝᲞᲟᲠᲡᲢᲣᲤᲥᲦᲧᲨᲩᲪᲫᲬᲭᲮᲯᲰᲱᲲᲳᲴᲵᲶᲷᲸᲹᲺ᲻᲼ᲽᲾᲿႠႡႢႣႤႥႦႧႨႩႪႫႬႭႮႯႰႱႲႳႴႵႶႷႸႹႺႻႼႽႾႿჀჁჂჃჄჅ', 'აბგდევზთიკლმნოპჟრსტუფქღყშჩცძწჭხჯჰჱჲჳჴჵჶჷჸჹჺ჻ჼჽჾჿⴀⴁⴂⴃⴄⴅⴆⴇⴈⴉⴊⴋⴌⴍⴎⴏⴐⴑⴒⴓⴔⴕⴖⴗⴘⴙⴚⴛⴜⴝⴞⴟⴠⴡⴢⴣⴤⴥ'), 'აბგდევზთიკლმნოპრსტუფქყჯჰჱჲჳჴჵჶჷჸჹჺ', 'abgdevztiklmnoprstupkqjheiuqofeqka'), 'ჟ', 'zh'), 'ღ', 'gh'), 'შ', 'sh'), 'ჩ', 'ch'), 'ც', 'ts'), 'ძ', 'dz'), 'წ', 'ts'), 'ჭ', 'ch'), 'ხ', 'kh') else t end, 'øØłŁđĐðÐıħĦ', 'oollddddihh'), 'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'þ', 'th'), 'Þ', 'th'), NFKD), '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe00-\ufe0f\ufe20-\ufe2f]+', '', 'g') else t end), '[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\xbf\xd7\xf7\u02b9-\u02ff\u055a-\u055f\u0589\u10fb\u2000-\u206f\u20a0-\u20cf\u2100-\u214f\u2190-\u2bff\u2e00-\u2e7f\u3000-\u303f\ufe10-\ufe1f\ufe30-\ufe6f\uff01-\uff0f\uff1a-\uff20\U0001f000-\U0001faff]+', ' ', 'g')), 'kh', 'k'), 'xqwy', 'kkvi'), 'gh', 'g'), 'ts', 'c'), 'tz', 'c'), '([^0-9 ])\1+', '\1', 'g')
$fn$;--> statement-breakpoint
-- The hashtags of a text ('#' then letters of any script, digits or '_'), each as '#' and its search key
-- without spaces: lexemes of their own in a post's search vector, so "#DinTor" and "#დინტორ" both find it.
CREATE FUNCTION burti_hashtag_keys(t text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
  select coalesce(array_agg(distinct k), '{}') from (
    select '#' || replace(burti_search_key(m[1]), ' ', '') as k
    from regexp_matches(t, '#([^#\x01-\x2f\x3a-\x40\x5b-\x5e\x60\x7b-\xbf\xd7\xf7\u02b9-\u02ff\u055a-\u055f\u0589\u10fb\u2000-\u206f\u20a0-\u20cf\u2100-\u214f\u2190-\u2bff\u2e00-\u2e7f\u3000-\u303f\ufe10-\ufe1f\ufe30-\ufe6f\uff01-\uff0f\uff1a-\uff20\U0001f000-\U0001faff]+)', 'g') m
  ) tags where k <> '#'
$fn$;--> statement-breakpoint
-- A post's words (search keys) and hashtags, for full-text search with the 'simple' configuration (no
-- stemming: the keys are already folded, and stemming English would mangle Georgian written in Latin letters).
CREATE FUNCTION burti_post_vector(t text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  select to_tsvector('simple'::regconfig, burti_search_key(coalesce(t, '')))
    || case when strpos(t, '#') > 0 then array_to_tsvector(burti_hashtag_keys(t)) else ''::tsvector end
$fn$;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "search_key" text COLLATE "C" GENERATED ALWAYS AS (burti_search_key("nickname")) STORED;--> statement-breakpoint
-- A nickname prefix is a range of this index, in the order results are shown (exact match first, then the
-- longer keys byte by byte); the GIN index finds a word inside a nickname ("10" in "nika_10").
CREATE INDEX "profiles_search_key_idx" ON "profiles" USING btree ("search_key", "id");--> statement-breakpoint
CREATE INDEX "profiles_search_words_idx" ON "profiles" USING gin (to_tsvector('simple'::regconfig, "search_key"));--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (burti_post_vector("text")) STORED;--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_vector") WHERE "deleted_at" IS NULL;--> statement-breakpoint
-- The Following feed: each followed fan's newest posts and shares are a short walk of one of these, read from the
-- index alone (the predicate holds every condition the walk asks, so no post row is fetched until the merge).
CREATE INDEX "posts_author_feed_idx" ON "posts" USING btree ("author_id", "created_at" DESC, "id" DESC) WHERE "deleted_at" IS NULL AND "visibility" = 'public';--> statement-breakpoint
CREATE INDEX "shares_user_feed_idx" ON "shares" USING btree ("user_id", "created_at" DESC, "post_id" DESC);
--> statement-breakpoint
-- The fans an administrator blocked, read as one short list by the post search's gathering step.
CREATE INDEX "profiles_blocked_idx" ON "profiles" USING btree ("id") WHERE "is_blocked";
