// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { isNativeShell } from './native-shell';

type TestWindow = Window & { androidBridge?: unknown; webkit?: unknown };

afterEach(() => {
  delete (window as TestWindow).androidBridge;
  delete (window as TestWindow).webkit;
});

describe('isNativeShell', () => {
  it('is false in a browser, and in a web view whose message handlers are not the native app’s', () => {
    expect(isNativeShell()).toBe(false);
    // Telegram's iOS web view has message handlers of its own.
    (window as TestWindow).webkit = { messageHandlers: { performAction: {} } };
    expect(isNativeShell()).toBe(false);
  });

  it('is true in the Android app (its bridge object) and in the iOS app (its message handler)', () => {
    (window as TestWindow).androidBridge = {};
    expect(isNativeShell()).toBe(true);
    delete (window as TestWindow).androidBridge;
    (window as TestWindow).webkit = { messageHandlers: { bridge: {} } };
    expect(isNativeShell()).toBe(true);
  });
});
