import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../apps/server/src/db/client.js';

export type DatasetSize = { users: number; postsPerUser: number; likesPerPost: number; commentsPerPost: number };

/**
 * Fills a fresh database with fans spread over the clubs, posts over the last 60 days, and likes and
 * comments from other fans. Written with set-based SQL so that the counter triggers run as they do live.
 */
export async function generateDataset(db: Db, size: DatasetSize): Promise<{ viewerToken: string; clubId: number }> {
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified)
    select 'bench-' || i, '', 'bench' || i || '@bench.burti.ge', true from generate_series(1, ${size.users}) as i`);
  await db.execute(sql`
    insert into profiles (id, nickname, referral_code, primary_club_id, created_at)
    select 'bench-' || i, 'fan' || i, 'b' || md5(i::text), (select id from clubs order by id limit 1 offset (i % 20)),
      now() - (i % 90) * interval '1 day'
    from generate_series(1, ${size.users}) as i`);
  await db.execute(sql`
    insert into posts (author_id, club_id, text, created_at)
    select p.id, p.primary_club_id, 'Bench post ' || g || ' by ' || p.nickname,
      now() - (random() * 60) * interval '1 day'
    from profiles p cross join generate_series(1, ${size.postsPerUser}) as g
    where p.id like 'bench-%'`);
  await db.execute(sql`
    insert into likes (post_id, user_id, created_at)
    select distinct on (po.id, liker) po.id, 'bench-' || liker, po.created_at + interval '1 hour'
    from posts po
    cross join lateral (
      select 1 + floor(random() * ${size.users})::int as liker from generate_series(1, ${size.likesPerPost})
    ) l
    where 'bench-' || liker <> po.author_id
    on conflict do nothing`);
  await db.execute(sql`
    insert into comments (post_id, author_id, body, created_at)
    select po.id, 'bench-' || (1 + floor(random() * ${size.users})::int), 'Great post!', po.created_at + interval '2 hours'
    from posts po cross join generate_series(1, ${size.commentsPerPost})`);
  await db.execute(sql`
    insert into session (id, token, user_id, expires_at)
    values ('bench-session', 'bench-token', 'bench-1', now() + interval '1 day')`);
  const [viewer] = await queryRows<{ club: number }>(
    db,
    sql`select primary_club_id as club from profiles where id = 'bench-1'`,
  );
  await db.execute(sql`analyze`);
  return { viewerToken: 'bench-token', clubId: viewer!.club };
}
