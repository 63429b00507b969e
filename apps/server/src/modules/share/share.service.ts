import type { Executor } from '../../db/client.js';
import * as q from './share.queries.js';

/**
 * What a link preview shows: Open Graph and Twitter card tags. `image` is the post's photo or the fan's avatar, or
 * else the site's icon (`fallbackImage`), so a preview never goes without a picture.
 */
export type ShareCard = { title: string; description: string; image: string; fallbackImage: boolean; url: string };

/** The site's own picture for cards without one: the app icon the web app serves from apps/web/public. */
export const DEFAULT_SHARE_IMAGE = '/icons/icon-512.png';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);
const absolute = (appUrl: string, path: string) => new URL(path, `${appUrl}/`).toString();
const picture = (appUrl: string, path: string | null) => ({
  image: absolute(appUrl, path ?? DEFAULT_SHARE_IMAGE),
  fallbackImage: !path,
});

/**
 * The card of a shared `/post/{id}` or `/u/{id}` link, for crawlers and messengers (Telegram, WhatsApp…): the
 * post's first line, author and club, and its photo (or a video's poster); a profile's nickname, club and bio.
 * Null (the app's generic card) for any other path and for a post that is deleted, removed, not public or by a
 * blocked fan, so hidden content never reaches a preview.
 */
export async function shareCard(db: Executor, path: string, appUrl: string): Promise<ShareCard | null> {
  const post = /^\/post\/([^/?#]+)\/?$/.exec(path)?.[1];
  if (post && UUID.test(post)) {
    const row = await q.findPostCard(db, post);
    if (!row) return null;
    const firstLine =
      (row.text ?? '')
        .split('\n')
        .find((line) => line.trim())
        ?.trim() ?? '';
    const image = row.media_type === 'video' ? row.media_poster_url : row.media_url;
    return {
      title: clip(`${row.nickname} · ${row.club_name}`, 90),
      description: clip(firstLine || `${row.nickname} · ${row.club_name}`, 200),
      ...picture(appUrl, image),
      url: `${appUrl}/post/${post}`,
    };
  }
  const user = /^\/u\/([^/?#]+)\/?$/.exec(path)?.[1];
  if (user && USER_ID.test(user)) {
    const row = await q.findProfileCard(db, user);
    if (!row) return null;
    return {
      title: clip(row.club_name ? `${row.nickname} · ${row.club_name}` : row.nickname, 90),
      description: clip(row.bio?.split('\n')[0]?.trim() || row.nickname, 200),
      ...picture(appUrl, row.avatar_url),
      url: `${appUrl}/u/${user}`,
    };
  }
  return null;
}

/** index.html with the card's tags, every value escaped, placed before `</head>`. */
export function withShareCard(html: string, card: ShareCard): string {
  const meta = (key: 'property' | 'name', name: string, value: string) =>
    `<meta ${key}="${name}" content="${escapeHtml(value)}" />`;
  const tags = [
    meta('property', 'og:type', 'article'),
    meta('property', 'og:title', card.title),
    meta('property', 'og:description', card.description),
    meta('property', 'og:url', card.url),
    meta('property', 'og:image', card.image),
    // The square icon reads best as a small card; a photo gets the large one.
    meta('name', 'twitter:card', card.fallbackImage ? 'summary' : 'summary_large_image'),
    meta('name', 'twitter:image', card.image),
    meta('name', 'twitter:title', card.title),
    meta('name', 'twitter:description', card.description),
  ].join('');
  return html.replace('</head>', `${tags}</head>`);
}
