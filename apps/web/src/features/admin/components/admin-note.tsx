import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_NOTE_MAX, adminNoteInput } from '@burti/shared';
import { useId, type ReactNode } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { validationMessage } from '../../../lib/error-messages';

/**
 * The note an administrator's action leaves in the audit log, as every such action sends it: the contract's
 * `adminNoteInput` (trimmed, at most ADMIN_NOTE_MAX, empty means none). The user card's confirmations and the
 * report review dialog both ask for it.
 */
type NoteForm = z.input<typeof adminNoteInput>;
export type AdminNoteValues = z.output<typeof adminNoteInput>;
export type AdminNoteForm = UseFormReturn<NoteForm, unknown, AdminNoteValues>;

export function useAdminNoteForm(): AdminNoteForm {
  return useForm<NoteForm, unknown, AdminNoteValues>({
    resolver: zodResolver(adminNoteInput),
    defaultValues: { note: '' },
  });
}

/** The note's label, field and refusal; `children` go below them (the review dialog's counter). */
export function AdminNoteField({
  form,
  label,
  placeholder,
  disabled,
  rows,
  className,
  children,
}: {
  form: AdminNoteForm;
  label: string;
  placeholder?: string;
  disabled: boolean;
  rows?: number;
  className?: string;
  children?: ReactNode;
}) {
  const id = useId();
  const error = validationMessage(form.formState.errors.note?.message);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        rows={rows}
        className={className}
        {...form.register('note')}
        maxLength={ADMIN_NOTE_MAX}
        placeholder={placeholder}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      )}
      {children}
    </div>
  );
}
