/**
 * One place for what differs between the three shells of the same SPA: the browser, the native app
 * (Capacitor) and the Telegram Mini App. Everything else in the app calls these functions and never asks
 * which shell it runs in.
 */
// The parts: detect.ts (which shell), share.ts (copy, share, open a link outside), push.ts (native push),
// back.ts (back navigation), start.ts (each shell's set-up, Telegram's closing confirmation). Import from here.
export { canGoBack, handleBack, hasSomewhereToGoBack, onBackButton } from './back';
export {
  detectPlatform,
  platform,
  setPlatformForTests,
  type Platform,
  type ShareOutcome,
  type Unsubscribe,
} from './detect';
export {
  type DevicePushState,
  nativePushState,
  onNotificationTap,
  registerPush,
  setNativePush,
  unregisterPush,
} from './push';
export { copy, openExternal, share } from './share';
export { confirmBeforeClosing, initPlatform, type PlatformRouter } from './start';
