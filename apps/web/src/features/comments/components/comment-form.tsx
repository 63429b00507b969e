import { COMMENT_MAX } from '@burti/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { MentionTextarea } from '../../../components/rich-text/mention-textarea';

export type CommentFormProps = {
  placeholder: string;
  /** The box's accessible name. */
  label: string;
  submitLabel: string;
  isPending: boolean;
  /** Gets the trimmed body; call `clear` once it is saved. */
  onSubmit: (body: string, clear: () => void) => void;
  onCancel?: () => void;
  /** Focus the box when it appears (the reply box opens on request). */
  focusOnMount?: boolean;
  /** The text to start from (editing a comment). */
  initialValue?: string;
  /** The button's label while saving; "Posting..." unless given. */
  pendingLabel?: string;
};

/** A comment or reply box; its button stays disabled until there is something besides spaces. */
export function CommentForm({
  placeholder,
  label,
  submitLabel,
  isPending,
  onSubmit,
  onCancel,
  focusOnMount,
  initialValue = '',
  pendingLabel,
}: CommentFormProps) {
  const { t } = useTranslation();
  const [body, setBody] = useState(initialValue);
  const ref = useRef<HTMLTextAreaElement>(null);
  const trimmed = body.trim();

  // A second click can arrive before the pending state re-renders the button disabled: this ref stops it.
  const sending = useRef(false);

  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  useEffect(() => {
    if (!isPending) sending.current = false;
  }, [isPending]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!trimmed || isPending || sending.current) return;
    sending.current = true;
    onSubmit(trimmed, () => setBody(''));
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <MentionTextarea
        ref={ref}
        value={body}
        onValueChange={setBody}
        placeholder={placeholder}
        aria-label={label}
        maxLength={COMMENT_MAX}
        rows={2}
        className="min-h-16 wrap-anywhere"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && onCancel) onCancel();
        }}
      />
      <div className="flex justify-end gap-2">
        {onCancel && (
          <Button type="button" variant="outline" size="sm" onClick={onCancel} disabled={isPending}>
            {t('app.cancel')}
          </Button>
        )}
        <Button type="submit" size="sm" disabled={!trimmed} isLoading={isPending}>
          {isPending ? (pendingLabel ?? t('comments.posting')) : submitLabel}
        </Button>
      </div>
    </form>
  );
}
