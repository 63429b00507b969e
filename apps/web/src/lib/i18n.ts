import { ergative, genitive, LANGUAGES, languageOf, type Language } from '@burti/shared';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';

export const appName = (import.meta.env.VITE_APP_NAME as string | undefined) ?? 'Burti';

export type Catalogue = { [key: string]: string | Catalogue };

/** Features keep their strings in locales/<language>/<namespace>.json; they are merged under that key. */
const englishFeatures = import.meta.glob<Catalogue>(
  [
    '../locales/en/*.json',
    '!../locales/en/admin.json',
    '!../locales/en/matchAdmin.json',
    '!../locales/en/designSystem.json',
    '!../locales/en/matchAlerts.json',
    '!../locales/en/referrals.json',
    '!../locales/en/notifications.json',
    '!../locales/en/social.json',
  ],
  { eager: true, import: 'default' },
);

/**
 * Namespaces read by one area only (the admin area, the design-system showcase, match alerts, invitations, the
 * notifications screen, a profile's follow and block actions): fetched with that area's route (loadNamespaces),
 * so that the first screen of every fan does not carry them.
 */
export type DeferredNamespace =
  'admin' | 'matchAdmin' | 'designSystem' | 'matchAlerts' | 'referrals' | 'notifications' | 'social';
const deferredFeatures: Record<Language, Record<string, () => Promise<Catalogue>>> = {
  en: import.meta.glob<Catalogue>(
    [
      '../locales/en/admin.json',
      '../locales/en/matchAdmin.json',
      '../locales/en/designSystem.json',
      '../locales/en/matchAlerts.json',
      '../locales/en/referrals.json',
      '../locales/en/notifications.json',
      '../locales/en/social.json',
    ],
    {
      import: 'default',
    },
  ),
  ka: import.meta.glob<Catalogue>(
    [
      '../locales/ka/admin.json',
      '../locales/ka/matchAdmin.json',
      '../locales/ka/designSystem.json',
      '../locales/ka/matchAlerts.json',
      '../locales/ka/referrals.json',
      '../locales/ka/notifications.json',
      '../locales/ka/social.json',
    ],
    {
      import: 'default',
    },
  ),
};
/** The deferred namespaces an area has asked for: a change of language fetches them in the new language too. */
const wanted = new Set<DeferredNamespace>();
const deferredLoads = new Map<string, Promise<void>>();

function loadDeferred(language: Language, namespace: DeferredNamespace): Promise<void> {
  const key = `${language}/${namespace}`;
  let loading = deferredLoads.get(key);
  if (!loading) {
    const load = deferredFeatures[language][`../locales/${key}.json`];
    loading = load
      ? load().then((catalogue) => {
          i18n.addResourceBundle(language, 'translation', { [namespace]: catalogue }, true, true);
        })
      : Promise.resolve();
    // A failed fetch (offline) is tried again next time.
    loading.catch(() => deferredLoads.delete(key));
    deferredLoads.set(key, loading);
  }
  return loading;
}

/** An area's own strings, in the language on screen and in English (the fallback), before the area renders. */
export async function loadNamespaces(...namespaces: DeferredNamespace[]): Promise<void> {
  for (const namespace of namespaces) wanted.add(namespace);
  const languages = new Set<Language>(['en', isLanguage(i18n.language) ? i18n.language : 'en']);
  await Promise.all([...languages].flatMap((language) => namespaces.map((ns) => loadDeferred(language, ns))));
}

function merge(target: Catalogue, source: Catalogue): Catalogue {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    target[key] = typeof value === 'object' && typeof current === 'object' ? merge({ ...current }, value) : value;
  }
  return target;
}

/** One language's catalogue: the root file plus every namespace file under its name. */
export function assemble(root: Catalogue, features: Record<string, Catalogue>): Catalogue {
  return Object.entries(features).reduce<Catalogue>(
    (all, [path, catalogue]) => {
      const namespace = /([\w-]+)\.json$/.exec(path)?.[1];
      return namespace ? merge(all, { [namespace]: catalogue }) : all;
    },
    merge({}, root),
  );
}

const loaders: Record<Language, () => Promise<Catalogue>> = {
  en: () => Promise.resolve(assemble(en, englishFeatures)),
  // Georgian is fetched only when it is the language on screen, so English readers do not download it.
  ka: async () => {
    const { georgianRoot, georgianFeatures } = await import('../locales/georgian');
    return assemble(georgianRoot, georgianFeatures);
  },
};

const STORAGE_KEY = 'burti.language';

function stored(): Language | null {
  try {
    return languageOf(localStorage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}

/**
 * The language to start in, before the account's is known: the one last used on this device (it is the
 * account's once a fan has signed in), else Telegram's `language_code` inside the Mini App, else the first of
 * the browser's preferred languages that Burti speaks (Georgian when the browser puts it first), else English.
 */
export function detectLanguage(): Language {
  const saved = stored();
  if (saved) return saved;
  if (typeof window !== 'undefined') {
    const telegram = (window as { Telegram?: { WebApp?: { initDataUnsafe?: { user?: { language_code?: string } } } } })
      .Telegram?.WebApp?.initDataUnsafe?.user?.language_code;
    if (telegram) return languageOf(telegram) ?? 'en';
  }
  const preferred =
    typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of preferred) {
    const language = languageOf(tag);
    if (language) return language;
  }
  return 'en';
}

async function ensureLoaded(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', await loaders[language](), true, true);
}

/** Puts the document in the language: `<html lang>` and the title. */
function reflect(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.title = i18n.t('app.documentTitle');
}

/**
 * Switches every string on screen, without a reload. `remember`: the language is the fan's own choice or their
 * account's, so this device starts in it next time (before the account is known).
 */
export async function setLanguage(language: Language, { remember = false } = {}): Promise<void> {
  await ensureLoaded(language);
  await Promise.all([...wanted].map((namespace) => loadDeferred(language, namespace)));
  if (i18n.language !== language) await i18n.changeLanguage(language);
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEY, language);
    } catch {
      // Private mode: the account still keeps the choice.
    }
  }
}

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

void i18n.use(initReactI18next).init({
  resources: { en: { translation: assemble(en, englishFeatures) } },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false, defaultVariables: { appName } },
  returnNull: false,
});

i18n.on('languageChanged', reflect);
// "{{nickname, ergative}}": a nickname with the Georgian ergative ending (only the Georgian catalogue uses it).
i18n.services.formatter?.add('ergative', (value: unknown) => ergative(String(value)));
// "{{club, genitive}}": a club's name with the Georgian genitive ending (დინამო თბილისის), Georgian catalogue only.
i18n.services.formatter?.add('genitive', (value: unknown) => genitive(String(value)));

/** Resolves once the starting language's strings are in place (main.tsx renders after it). */
export const i18nReady: Promise<void> = setLanguage(detectLanguage()).catch(() => undefined);

export default i18n;
