import { AVATAR_MAX_BYTES, type Me } from '@burti/shared';
import { Camera, Loader2 } from 'lucide-react';
import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/ui/avatar';
import { toast } from '../../../components/ui/toaster';
import { useUploadAvatar } from '../api/upload-avatar';

/** The own avatar: a click picks a new picture (an image under 5 MB), re-encoded on the server. */
export function AvatarUpload({ me }: { me: Me }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/'))
      return void toast.error(t('app.error'), { description: t('profile.avatarNotImage') });
    if (file.size >= AVATAR_MAX_BYTES)
      return void toast.error(t('app.error'), { description: t('profile.avatarTooLarge') });
    upload.mutate(file, {
      onSuccess: () => toast.success(t('profile.avatarUpdated')),
      onError: (error) => toast.error(t('profile.avatarFailed'), { description: error.message }),
    });
  }

  return (
    <div className="relative shrink-0">
      <button
        type="button"
        onClick={() => input.current?.click()}
        disabled={upload.isPending}
        className="group relative shrink-0 rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        aria-label={t('profile.changeAvatar')}
      >
        <UserAvatar src={me.avatarUrl} name={me.nickname} size="xl" />
        <span className="absolute bottom-0 right-0 flex size-7 items-center justify-center rounded-full border-2 border-background bg-brand text-brand-foreground">
          {upload.isPending ? (
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Camera aria-hidden="true" className="size-4" />
          )}
        </span>
      </button>
      <input
        aria-label={t('profile.changeAvatar')}
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="sr-only"
        tabIndex={-1}
        onChange={onChange}
      />
    </div>
  );
}
