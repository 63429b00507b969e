import { NICKNAME_MAX, type Author } from '@burti/shared';
import { useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../ui/avatar';
import { Textarea, type TextareaProps } from '../ui/textarea';
import { cn } from '../../lib/cn';
import { useDebounced } from '../../lib/use-debounced';
import { useMentionSuggestions } from './use-mention-suggestions';

/** The `@prefix` being typed right before the caret, if any (the same rule the server reads mentions by). */
const TYPING = new RegExp(String.raw`(?<![\p{L}\p{N}\p{M}_.@#/&])@([\p{L}\p{N}\p{M}_.]{1,${NICKNAME_MAX}})$`, 'u');

export function mentionAt(text: string, caret: number): { start: number; prefix: string } | null {
  const match = TYPING.exec(text.slice(0, caret));
  return match ? { start: match.index, prefix: match[1]! } : null;
}

export type MentionTextareaProps = Omit<TextareaProps, 'value' | 'onChange' | 'ref'> & {
  value: string;
  onValueChange: (value: string) => void;
  ref?: Ref<HTMLTextAreaElement>;
};

/**
 * A textarea that offers fans while `@nickname` is typed: the list is a listbox the textarea owns
 * (aria-autocomplete, aria-controls, aria-activedescendant), walked with the arrow keys, picked with Enter or Tab,
 * closed with Escape; a click picks too. The count of suggestions is announced politely.
 */
export function MentionTextarea({ value, onValueChange, ref, onKeyDown, className, ...props }: MentionTextareaProps) {
  const { t } = useTranslation();
  const listId = useId();
  const inner = useRef<HTMLTextAreaElement | null>(null);
  const [caret, setCaret] = useState(0);
  // The highlighted option, remembered with the prefix it belongs to: a new prefix starts at the first one.
  const [highlight, setHighlight] = useState<{ prefix: string | null; index: number }>({ prefix: null, index: 0 });
  const [dismissed, setDismissed] = useState<string | null>(null);
  const typing = mentionAt(value, caret);
  const key = typing ? `${typing.start}:${typing.prefix}` : null;
  const prefix = useDebounced(typing && key !== dismissed ? typing.prefix : null, 150);
  const { data } = useMentionSuggestions(prefix);
  const fans = typing && key !== dismissed && prefix ? (data?.fans ?? []) : [];
  const open = fans.length > 0;

  const active = highlight.prefix === prefix ? Math.min(highlight.index, Math.max(0, fans.length - 1)) : 0;
  const setActive = (index: number) => setHighlight({ prefix, index });

  const setRefs = (node: HTMLTextAreaElement | null) => {
    inner.current = node;
    if (typeof ref === 'function') ref(node);
    else if (ref) ref.current = node;
  };

  function pick(fan: Author) {
    if (!typing) return;
    const before = value.slice(0, typing.start);
    const after = value.slice(caret);
    const inserted = `@${fan.nickname} `;
    onValueChange(before + inserted + after.replace(/^\s/u, ''));
    const position = before.length + inserted.length;
    setCaret(position);
    requestAnimationFrame(() => inner.current?.setSelectionRange(position, position));
  }

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((active + step + fans.length) % fans.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        pick(fans[active]!);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        setDismissed(key);
        return;
      }
    }
    onKeyDown?.(event);
  }

  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <div className="relative">
      <Textarea
        {...props}
        ref={setRefs}
        value={value}
        onChange={(e) => {
          onValueChange(e.target.value);
          setCaret(e.target.selectionStart);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onKeyDown={keyDown}
        onBlur={(e) => {
          setDismissed(key);
          props.onBlur?.(e);
        }}
        onFocus={(e) => {
          setDismissed(null);
          props.onFocus?.(e);
        }}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(active) : undefined}
        className={className}
      />
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label={t('mentions.suggestions')}
          className="absolute inset-x-0 top-full z-30 mt-1 max-h-64 overflow-y-auto rounded-md border border-border bg-card p-1 shadow-lg"
        >
          {fans.map((fan, i) => (
            <li
              key={fan.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(fan);
              }}
              onMouseEnter={() => setActive(i)}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-[15px]',
                i === active && 'bg-muted',
              )}
            >
              <UserAvatar src={fan.avatarUrl} name={fan.nickname} size="sm" />
              <span className="truncate">{`@${fan.nickname}`}</span>
            </li>
          ))}
        </ul>
      )}
      <span role="status" className="sr-only">
        {open ? t('mentions.available', { count: fans.length }) : ''}
      </span>
    </div>
  );
}
