import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';

export const appName = (import.meta.env.VITE_APP_NAME as string | undefined) ?? 'Burti';

type Catalogue = { [key: string]: string | Catalogue };

/** Features may keep their strings in locales/en/<namespace>.json; they are merged under that key. */
const featureCatalogues = import.meta.glob<Catalogue>('../locales/en/*.json', { eager: true, import: 'default' });

function merge(target: Catalogue, source: Catalogue): Catalogue {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    target[key] = typeof value === 'object' && typeof current === 'object' ? merge({ ...current }, value) : value;
  }
  return target;
}

const english = Object.entries(featureCatalogues).reduce<Catalogue>(
  (all, [path, catalogue]) => {
    const namespace = /([\w-]+)\.json$/.exec(path)?.[1];
    return namespace ? merge(all, { [namespace]: catalogue }) : all;
  },
  merge({}, en),
);

void i18n.use(initReactI18next).init({
  resources: { en: { translation: english } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false, defaultVariables: { appName } },
  returnNull: false,
});

export default i18n;
