import { isNativeShell } from './native-shell';
import { isTelegramLaunch } from './telegram';

export type Platform = 'web' | 'native' | 'telegram';
export type Unsubscribe = () => void;
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

export function detectPlatform(): Platform {
  if (isNativeShell()) return 'native';
  if (isTelegramLaunch()) return 'telegram';
  return 'web';
}

/** Which shell this page runs in, decided once at start (a live binding: tests pick one with `setPlatformForTests`). */
export let platform: Platform = detectPlatform();

/** Tests only (testing/render.tsx): render as the native app or the Telegram Mini App would. */
export function setPlatformForTests(next: Platform): void {
  platform = next;
}

/** The native app's plugins, loaded only in the native shell. */
export const loadNative = () => import('./native');
