import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';

export const appName = (import.meta.env.VITE_APP_NAME as string | undefined) ?? 'Burti';

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false, defaultVariables: { appName } },
  returnNull: false,
});

export default i18n;
