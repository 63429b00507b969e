import { useTranslation } from 'react-i18next';
import { Toaster as SonnerToaster } from 'sonner';

export { toast } from 'sonner';

export function Toaster() {
  const { t } = useTranslation();
  return (
    <SonnerToaster
      position="top-center"
      richColors
      closeButton
      containerAriaLabel={t('app.toasts')}
      toastOptions={{ style: { fontFamily: 'var(--font-sans)' }, closeButtonAriaLabel: t('app.closeToast') }}
    />
  );
}
