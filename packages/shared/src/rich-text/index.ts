import { NICKNAME_MAX, NICKNAME_MIN } from '../constants.js';

/** At most this many fans are mentioned (linked and notified) by one post or comment; later ones stay text. */
export const MENTIONS_MAX = 10;
/** At most this many distinct hashtags of one post are indexed (later ones stay text, as links still). */
export const HASHTAGS_MAX = 20;
export const HASHTAG_MAX_LENGTH = 50;

/** A piece of a post's or comment's text as it is shown: plain text, a mention, a hashtag or a link. */
export type RichTextPart =
  | { kind: 'text'; text: string }
  | { kind: 'mention'; text: string; handle: string }
  | { kind: 'hashtag'; text: string; tag: string }
  | { kind: 'link'; text: string; href: string };

// A mention or hashtag starts the text or follows a character that cannot be part of a word, a nickname, an
// address or a URL: `nika@example.com`, `a#b` and `https://x.ge/#top` are not mentions or hashtags.
const BEFORE = String.raw`(?<![\p{L}\p{N}_.@#/&\p{M}])`;
const PATTERN = new RegExp(
  String.raw`(?<link>https?:\/\/[^\s<>"'\u00a0]+)|${BEFORE}@(?<handle>[\p{L}\p{N}\p{M}_.]+)|${BEFORE}#(?<tag>[\p{L}\p{N}\p{M}_]+)`,
  'giu',
);
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"»…]+$/u;

/** The normal form of a hashtag, as stored and as `/tag/{tag}` names it. */
export const normalizeTag = (tag: string) => tag.normalize('NFC').toLowerCase();
/** The normal form of a mentioned nickname (nicknames are unique ignoring case). */
export const normalizeHandle = (handle: string) => handle.normalize('NFC').toLowerCase();

function validTag(tag: string): boolean {
  const length = [...tag].length;
  return length > 0 && length <= HASHTAG_MAX_LENGTH && /\p{L}/u.test(tag);
}

/**
 * Splits text into plain text, mentions, hashtags and links. Never produces HTML: the web app turns the parts
 * into React nodes. Links are http(s) only, without the punctuation that ends a sentence around them; a mention
 * is a nickname's letters, digits, '_' and '.', without a trailing '.' (end of a sentence).
 */
export function parseRichText(text: string): RichTextPart[] {
  const parts: RichTextPart[] = [];
  let plain = '';
  let last = 0;
  const flush = () => {
    if (plain) parts.push({ kind: 'text', text: plain });
    plain = '';
  };
  for (const match of text.matchAll(PATTERN)) {
    const start = match.index;
    const groups = match.groups ?? {};
    let token = match[0];
    let part: RichTextPart | null = null;
    if (groups.link) {
      token = token.replace(TRAILING_PUNCTUATION, '');
      // Keep a closing parenthesis that closes one opened inside the URL (Wikipedia's links).
      const rest = match[0].slice(token.length);
      if (rest.startsWith(')') && (token.match(/\(/gu)?.length ?? 0) > (token.match(/\)/gu)?.length ?? 0)) token += ')';
      if (token.length > 'https://'.length) part = { kind: 'link', text: token, href: token };
    } else if (groups.handle) {
      const handle = groups.handle.replace(/\.+$/u, '');
      const length = [...handle].length;
      token = '@' + handle;
      if (length >= NICKNAME_MIN && length <= NICKNAME_MAX) part = { kind: 'mention', text: token, handle };
    } else if (groups.tag && validTag(groups.tag)) {
      part = { kind: 'hashtag', text: token, tag: normalizeTag(groups.tag) };
    }
    if (!part) continue;
    plain += text.slice(last, start);
    flush();
    parts.push(part);
    last = start + token.length;
  }
  plain += text.slice(last);
  flush();
  return parts;
}

/** The distinct nicknames a text mentions (normalised), in order of first appearance, at most MENTIONS_MAX. */
export function extractMentions(text: string | null | undefined): string[] {
  const handles = new Set<string>();
  for (const part of parseRichText(text ?? '')) {
    if (part.kind === 'mention') handles.add(normalizeHandle(part.handle));
    if (handles.size === MENTIONS_MAX) break;
  }
  return [...handles];
}

/** The distinct hashtags of a text (normalised), in order of first appearance, at most HASHTAGS_MAX. */
export function extractHashtags(text: string | null | undefined): string[] {
  const tags = new Set<string>();
  for (const part of parseRichText(text ?? '')) {
    if (part.kind === 'hashtag') tags.add(part.tag);
    if (tags.size === HASHTAGS_MAX) break;
  }
  return [...tags];
}

/** The first line of a text, cut to `max` characters, for a notification's preview. */
export function firstLine(text: string | null | undefined, max = 80): string | null {
  const line = (text ?? '')
    .split('\n')
    .find((l) => l.trim())
    ?.trim();
  if (!line) return null;
  // Characters are code points (an emoji is one). A line of at most `max` UTF-16 units has at most `max` of them:
  // it is kept as it is, without splitting it into one string per character (a page of notifications made 1,600
  // such strings). Longer ones are split only as far as the cut needs: 2 * max + 2 units hold more than `max`
  // code points whenever the line is longer than that.
  if (line.length <= max) return line;
  const chars = Array.from(line.slice(0, 2 * max + 2));
  return chars.length > max ? chars.slice(0, max - 1).join('') + '…' : line;
}
