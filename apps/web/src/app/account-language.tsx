import { useEffect } from 'react';
import { useMe } from '../features/auth/api/get-me';
import { setLanguage } from '../lib/i18n';

/**
 * Once the signed-in fan is known, the screen follows the language saved on their account (chosen in Settings
 * on any device), and this device remembers it for its next start.
 */
export function AccountLanguage() {
  const { data: me } = useMe();
  const language = me?.language;
  useEffect(() => {
    if (language) void setLanguage(language, { remember: true });
  }, [language]);
  return null;
}
