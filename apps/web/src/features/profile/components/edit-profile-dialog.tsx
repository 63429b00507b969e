import { zodResolver } from '@hookform/resolvers/zod';
import { BIO_MAX, updateProfileInput, type Me } from '@burti/shared';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api';
import { validationMessage } from '../../../lib/error-messages';
import { useUpdateProfile } from '../api/update-profile';

/**
 * The form is the contract's `updateProfileInput` (the shared nickname rules, the bio trimmed and at most BIO_MAX),
 * with the nickname required here: an empty one gets its own sentence rather than the length rule's.
 */
const profileForm = updateProfileInput.pick({ nickname: true, bio: true }).extend({
  nickname: z.string().trim().min(1, 'required').pipe(updateProfileInput.shape.nickname.unwrap()),
});
type ProfileForm = z.input<typeof profileForm>;
type ProfileValues = z.output<typeof profileForm>;

export function EditProfileDialog({ me }: { me: Me }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const form = useForm<ProfileForm, unknown, ProfileValues>({
    resolver: zodResolver(profileForm),
    defaultValues: { nickname: me.nickname, bio: me.bio ?? '' },
  });
  const bio = useWatch({ control: form.control, name: 'bio' }) ?? '';
  const message = form.formState.errors.nickname?.message;
  const error =
    message && (message === 'required' ? t('profile.nicknameRequired') : (validationMessage(message) ?? message));
  const update = useUpdateProfile();

  const onOpenChange = (next: boolean) => {
    if (update.isPending) return;
    if (next) form.reset({ nickname: me.nickname, bio: me.bio ?? '' });
    setOpen(next);
  };

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(
      { nickname: values.nickname, bio: values.bio ?? '' },
      {
        onSuccess: () => {
          toast.success(t('profile.updated'));
          setOpen(false);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields?.nickname)
            form.setError('nickname', { message: err.fields.nickname });
          else if (err instanceof ApiError && err.status === 409) form.setError('nickname', { message: err.message });
          toast.error(t('app.error'), { description: err.message });
        },
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Pencil aria-hidden="true" />
          {t('profile.edit')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('profile.editTitle')}</DialogTitle>
          <DialogDescription className="sr-only">{t('profile.editTitle')}</DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="edit-nickname">{t('profile.nickname')}</Label>
            <Input
              id="edit-nickname"
              {...form.register('nickname')}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'edit-nickname-error' : undefined}
              autoComplete="username"
            />
            {error && (
              <p id="edit-nickname-error" className="text-xs font-medium text-danger">
                {error}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="edit-bio">{t('profile.bio')}</Label>
            <Textarea
              id="edit-bio"
              {...form.register('bio')}
              maxLength={BIO_MAX}
              rows={3}
              placeholder={t('profile.bioPlaceholder')}
              aria-describedby="edit-bio-count"
            />
            <p id="edit-bio-count" className="self-end text-xs text-muted-foreground">
              {bio.length}/{BIO_MAX}
            </p>
          </div>
          <DialogFooter>
            <Button type="submit" isLoading={update.isPending} disabled={form.formState.isSubmitting}>
              {update.isPending ? t('profile.saving') : t('profile.saveChanges')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
