/**
 * TanStack Virtual's window virtualizer, fetched after the first screen: a list draws its first items in the page's
 * flow, and the windowing takes over once `@tanstack/virtual-core` has arrived (asked for at the first idle moment),
 * so that the first screen neither downloads nor runs it. The hook does what `useWindowVirtualizer` of
 * `@tanstack/react-virtual` does and calls the same React hooks before and after the core arrives, so the items on
 * screen stay mounted (a playing video, a focused button) when the windowing takes over.
 */
import type * as VirtualCore from '@tanstack/virtual-core';
import type { VirtualItem, Virtualizer, VirtualizerOptions } from '@tanstack/virtual-core';
import { useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { whenIdle } from './idle';

type Core = typeof VirtualCore;
export type WindowVirtualizer = Virtualizer<Window, Element>;

let loading: Promise<Core> | null = null;
/** How long a list waits before asking again for a core that could not be fetched. */
const RETRY_MS = 15_000;

/** Fetches the core once for the page; a failed fetch (offline) is tried again next time. */
export function loadVirtualCore(): Promise<Core> {
  loading ??= import('@tanstack/virtual-core').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

export type LazyWindowOptions = Pick<
  VirtualizerOptions<Window, Element>,
  'count' | 'estimateSize' | 'getItemKey' | 'overscan' | 'scrollMargin'
> & {
  /** The sizes of the items drawn before the core arrived, read as the virtualizer starts, so that nothing moves. */
  measureDrawn: () => Pick<VirtualItem, 'key' | 'size'>[];
};

type Started = {
  core: Core;
  virtualizer: WindowVirtualizer;
  /** The drawn items' sizes, kept in the options for the virtualizer's lifetime (setOptions replaces them all). */
  drawn: VirtualItem[];
  /** A size reported from a ref callback must not flush a render inside React's own commit. */
  measuring: boolean;
};

function resolve(
  { measureDrawn: _, ...options }: LazyWindowOptions,
  started: Omit<Started, 'virtualizer'>,
  rerender: () => void,
): VirtualizerOptions<Window, Element> {
  const { core } = started;
  return {
    ...options,
    getScrollElement: () => window,
    observeElementRect: core.observeWindowRect,
    observeElementOffset: core.observeWindowOffset,
    scrollToFn: core.windowScroll,
    initialOffset: () => window.scrollY,
    // The screen's size from the start (the window's observer reports it only after mounting), so the first windowed
    // render keeps every item on screen drawn instead of drawing them again a moment later.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    initialMeasurementsCache: started.drawn,
    onChange: (_virtualizer, sync) => {
      if (sync && !started.measuring) flushSync(rerender);
      else rerender();
    },
  };
}

/** The virtualizer, or null while its core is still to come (the caller then draws its first items itself). */
export function useLazyWindowVirtualizer(options: LazyWindowOptions): WindowVirtualizer | null {
  const rerender = useReducer((count: number) => count + 1, 0)[1];
  const [started, setStarted] = useState<Started | null>(null);
  // The options of the last render, for the moment the core arrives.
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    if (started) return;
    let live = true;
    const start = (core: Core) => {
      if (!live) return;
      const drawn = latest.current
        .measureDrawn()
        // Only the sizes are read from it, by key.
        .map(({ key, size }, index) => ({ key, size, index, start: 0, end: size, lane: 0 }));
      const state: Omit<Started, 'virtualizer'> = { core, drawn, measuring: false };
      const virtualizer = new core.Virtualizer(resolve(latest.current, state, rerender));
      const measureElement = virtualizer.measureElement;
      virtualizer.measureElement = (node) => {
        state.measuring = true;
        try {
          measureElement(node);
        } finally {
          state.measuring = false;
        }
      };
      // The same object as the options' callbacks read `measuring` from.
      setStarted(Object.assign(state, { virtualizer }));
    };
    // Offline, the items stay drawn in the flow (more as the page scrolls), and the core is asked for again when the
    // connection is back, or a little later.
    let retry: ReturnType<typeof setTimeout> | undefined;
    const load = () => {
      clearTimeout(retry);
      window.removeEventListener('online', load);
      void loadVirtualCore().then(start, () => {
        if (!live) return;
        window.addEventListener('online', load);
        retry = setTimeout(load, RETRY_MS);
      });
    };
    whenIdle(() => live && load());
    return () => {
      live = false;
      clearTimeout(retry);
      window.removeEventListener('online', load);
    };
  }, [started, rerender]);

  started?.virtualizer.setOptions(resolve(options, started, rerender));
  useLayoutEffect(() => started?.virtualizer._didMount(), [started]);
  useLayoutEffect(() => started?.virtualizer._willUpdate());
  return started?.virtualizer ?? null;
}
