import { normalizeHandle, parseRichText, type Mention } from '@burti/shared';
import { Fragment, useMemo } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';

const LINK_CLASS =
  'rounded-sm font-medium text-brand underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring';

/** The rel every link written by a fan carries: no opener, no referrer, no search-engine credit. */
export const USER_LINK_REL = 'noopener noreferrer nofollow ugc';

/**
 * A post's or comment's text as React nodes, never as HTML: mentions link to the fan (by id, shown by their
 * current nickname; a handle that is not a stored mention stays text), hashtags to their page, and http(s)
 * addresses open in a new tab without an opener or a referrer.
 */
export function RichText({ text, mentions, className }: { text: string; mentions: Mention[]; className?: string }) {
  const parts = useMemo(() => parseRichText(text), [text]);
  const byHandle = useMemo(() => new Map(mentions.map((m) => [m.handle, m])), [mentions]);
  return (
    <p className={cn('whitespace-pre-wrap wrap-anywhere', className)}>
      {parts.map((part, i) => {
        if (part.kind === 'mention') {
          const mention = byHandle.get(normalizeHandle(part.handle));
          if (!mention) return <Fragment key={i}>{part.text}</Fragment>;
          return (
            <Link key={i} to={`/u/${encodeURIComponent(mention.id)}`} className={LINK_CLASS}>
              {`@${mention.nickname}`}
            </Link>
          );
        }
        if (part.kind === 'hashtag') {
          return (
            <Link key={i} to={`/tag/${encodeURIComponent(part.tag)}`} className={LINK_CLASS}>
              {part.text}
            </Link>
          );
        }
        if (part.kind === 'link') {
          return (
            <a key={i} href={part.href} target="_blank" rel={USER_LINK_REL} className={cn(LINK_CLASS, 'break-all')}>
              {part.text}
            </a>
          );
        }
        return <Fragment key={i}>{part.text}</Fragment>;
      })}
    </p>
  );
}
