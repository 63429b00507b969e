import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';
import { whenIdle } from '../../lib/idle';
import { useTranslation } from 'react-i18next';

// sonner (about 10 KB gzipped) is not needed to paint the first screen: the toaster loads once the page is idle,
// or with the first toast, whichever comes first. Toasts asked for before it is mounted wait for it.
type Sonner = typeof SonnerModule;
let sonner: Promise<Sonner> | undefined;
const loadSonner = () => (sonner ??= import('sonner'));

let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => (markMounted = resolve));
let requestMount: (() => void) | undefined;

const LazyToaster = lazy(async () => {
  const { Toaster: SonnerToaster } = await loadSonner();
  function MountedToaster() {
    const { t } = useTranslation();
    useEffect(markMounted, []);
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
  return { default: MountedToaster };
});

type Message = ReactNode | (() => ReactNode);
type Show = (message: Message, data?: ExternalToast) => void;

function show(kind: 'success' | 'error' | 'info'): Show {
  return (message, data) => {
    requestMount?.();
    void Promise.all([loadSonner(), mounted]).then(([{ toast }]) => toast[kind](message, data));
  };
}

/** The app's toasts (sonner's API for the kinds the app uses). */
export const toast = { success: show('success'), error: show('error'), info: show('info') };

export function Toaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    requestMount = () => setWanted(true);
    const cancel = whenIdle(() => setWanted(true));
    return () => {
      requestMount = undefined;
      cancel();
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}
