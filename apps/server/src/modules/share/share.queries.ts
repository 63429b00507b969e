import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';

export type PostCardRow = {
  text: string | null;
  media_url: string | null;
  media_type: string | null;
  media_poster_url: string | null;
  nickname: string;
  club_name: string;
  club_name_ka: string;
};

/** A live public post by a fan not blocked by an administrator; nothing for a deleted, removed or hidden one. */
export async function findPostCard(db: Executor, postId: string): Promise<PostCardRow | null> {
  const [row] = await queryRows<PostCardRow>(
    db,
    sql`select p.text, p.media_url, p.media_type, p.media_poster_url, a.nickname, c.name as club_name,
        c.name_ka as club_name_ka
      from posts p join profiles a on a.id = p.author_id join clubs c on c.id = p.club_id
      where p.id = ${postId}::uuid and p.deleted_at is null and p.visibility = 'public' and not a.is_blocked`,
  );
  return row ?? null;
}

export type ProfileCardRow = {
  nickname: string;
  bio: string | null;
  avatar_url: string | null;
  club_name: string | null;
};

export async function findProfileCard(db: Executor, userId: string): Promise<ProfileCardRow | null> {
  const [row] = await queryRows<ProfileCardRow>(
    db,
    sql`select a.nickname, a.bio, a.avatar_url, c.name as club_name
      from profiles a left join clubs c on c.id = a.primary_club_id
      where a.id = ${userId} and not a.is_blocked`,
  );
  return row ?? null;
}
