/**
 * Whether this page runs inside the native app: the same test `@capacitor/core` makes (its getPlatformId), on the
 * objects the native side gives the web view from the start (Android's JavaScript interface, iOS's message
 * handler). Asking here keeps `@capacitor/core` and its plugin machinery out of the first screen's script: the
 * native shell's code (./native) loads it when it is needed.
 */
type NativeWindow = Window & {
  androidBridge?: unknown;
  webkit?: { messageHandlers?: { bridge?: unknown } };
};

export function isNativeShell(): boolean {
  const native = window as NativeWindow;
  return Boolean(native.androidBridge) || Boolean(native.webkit?.messageHandlers?.bridge);
}
