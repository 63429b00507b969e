import { BIO_MAX, type Me } from '@burti/shared';
import { Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
import { useUpdateProfile } from '../api/update-profile';

export function EditProfileDialog({ me }: { me: Me }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [nickname, setNickname] = useState(me.nickname);
  const [bio, setBio] = useState(me.bio ?? '');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateProfile();

  const onOpenChange = (next: boolean) => {
    if (update.isPending) return;
    if (next) {
      setNickname(me.nickname);
      setBio(me.bio ?? '');
      setError(null);
    }
    setOpen(next);
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!nickname.trim()) return setError(t('profile.nicknameRequired'));
    update.mutate(
      { nickname: nickname.trim(), bio },
      {
        onSuccess: () => {
          toast.success(t('profile.updated'));
          setOpen(false);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields?.nickname) setError(err.fields.nickname);
          else if (err instanceof ApiError && err.status === 409) setError(err.message);
          toast.error(t('app.error'), { description: err.message });
        },
      },
    );
  }

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
        <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="edit-nickname">{t('profile.nickname')}</Label>
            <Input
              id="edit-nickname"
              value={nickname}
              onChange={(e) => setNickname(e.target.value)}
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
              value={bio}
              maxLength={BIO_MAX}
              rows={3}
              placeholder={t('profile.bioPlaceholder')}
              onChange={(e) => setBio(e.target.value)}
              aria-describedby="edit-bio-count"
            />
            <p id="edit-bio-count" className="self-end text-xs text-muted-foreground">
              {bio.length}/{BIO_MAX}
            </p>
          </div>
          <DialogFooter>
            <Button type="submit" isLoading={update.isPending}>
              {update.isPending ? t('profile.saving') : t('profile.saveChanges')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
