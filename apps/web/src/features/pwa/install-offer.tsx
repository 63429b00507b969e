import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/ui/toaster';
import { canOfferInstall, dismissInstall, install, onInstallOfferChange } from '../../lib/pwa';

/**
 * Offers installing the web app once the fan has posted or liked (lib/pwa.ts noteEngagement) and the browser
 * allows it: never on a first visit, and never again once answered.
 */
export function useInstallOffer(): void {
  const { t } = useTranslation();
  const shown = useRef(false);
  useEffect(() => {
    const maybeOffer = () => {
      if (shown.current || !canOfferInstall()) return;
      shown.current = true;
      toast.info(t('shells.install.title'), {
        description: t('shells.install.text'),
        duration: 20_000,
        action: { label: t('shells.install.action'), onClick: () => void install() },
        cancel: { label: t('shells.install.later'), onClick: dismissInstall },
      });
    };
    maybeOffer();
    return onInstallOfferChange(maybeOffer);
  }, [t]);
}
