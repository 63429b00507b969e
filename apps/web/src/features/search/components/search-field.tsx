import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { cn } from '../../../lib/cn';

export type SearchFieldProps = {
  value: string;
  onChange: (value: string) => void;
  onSubmit?: () => void;
  /** Puts the caret in the box when it appears (the search screen exists to type into it). */
  focusOnMount?: boolean;
  className?: string;
};

/** A labelled search box (role "searchbox") with a clear button; Enter submits. */
export function SearchField({ value, onChange, onSubmit, focusOnMount, className }: SearchFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnMount) input.current?.focus();
  }, [focusOnMount]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
  };
  return (
    <form role="search" onSubmit={submit} className={cn('relative flex w-full items-center', className)}>
      <label htmlFor={id} className="sr-only">
        {t('search.label')}
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute left-3 size-4 text-muted-foreground" />
      <input
        ref={input}
        id={id}
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t('search.placeholder')}
        maxLength={100}
        className={cn(
          'min-h-11 w-full rounded-full border border-input bg-card py-2 pl-9 pr-10 text-base text-foreground',
          'placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring',
          '[&::-webkit-search-cancel-button]:hidden',
        )}
      />
      {value && (
        <button
          type="button"
          onClick={() => onChange('')}
          aria-label={t('search.clear')}
          className="absolute right-1 flex size-9 items-center justify-center rounded-full text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
    </form>
  );
}

/** The side rail's search box: typing and Enter open the search screen with what was typed. */
export function RailSearchField() {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  return (
    <SearchField
      value={value}
      onChange={setValue}
      onSubmit={() => {
        void navigate(value.trim() ? `/search?q=${encodeURIComponent(value.trim())}` : '/search');
        setValue('');
      }}
    />
  );
}
