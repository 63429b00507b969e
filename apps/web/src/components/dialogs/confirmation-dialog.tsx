import { useState, type ComponentProps, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../ui/alert-dialog';

export type ConfirmationDialogProps = {
  /** Controlled: whether it is open. Left out, the dialog keeps its own state and opens from `trigger`. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that opens it (rendered as the Radix trigger, `asChild`). */
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** Anything between the text and the buttons (a note to the audit log). */
  children?: ReactNode;
  confirmLabel: ReactNode;
  /** Shown on the confirm button while `isPending` ("Deleting..."). */
  pendingLabel?: ReactNode;
  /** The confirmed action is on its way: both buttons are disabled and the dialog cannot be closed. */
  isPending?: boolean;
  variant?: 'default' | 'destructive';
  /**
   * Called on confirm. The dialog then stays open (showing `pendingLabel`) until the caller closes it, which it
   * does when the server has answered. Without it, confirming just closes the dialog.
   */
  onConfirm?: () => void;
  onCloseAutoFocus?: ComponentProps<typeof AlertDialogContent>['onCloseAutoFocus'];
};

/** The one "are you sure?" dialog: delete a post, delete the account, block a fan, grant admin. */
export function ConfirmationDialog({
  open: controlledOpen,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  confirmLabel,
  pendingLabel,
  isPending = false,
  variant = 'destructive',
  onConfirm,
  onCloseAutoFocus,
}: ConfirmationDialogProps) {
  const { t } = useTranslation();
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;

  function changeOpen(next: boolean) {
    if (isPending) return;
    if (controlledOpen === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  }

  function confirm(event: MouseEvent<HTMLButtonElement>) {
    if (!onConfirm) return;
    event.preventDefault(); // stay open until the server answers
    onConfirm();
  }

  return (
    <AlertDialog open={open} onOpenChange={changeOpen}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>{t('app.cancel')}</AlertDialogCancel>
          <AlertDialogAction variant={variant} onClick={confirm} disabled={isPending}>
            {isPending && pendingLabel ? pendingLabel : confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
