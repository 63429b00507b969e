import { hashKey, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';

export type ToggleHandlers<TResult, TSnapshot> = {
  /** Sends one state; resolves with the server's answer. */
  send: (on: boolean) => Promise<TResult>;
  /** Whether the server's answer says the thing is on. */
  isOn: (result: TResult) => boolean;
  /** What `restore` puts back: taken before the first tap of a run changes the screen. */
  snapshot: () => TSnapshot;
  restore: (snapshot: TSnapshot) => void;
  /** Shows a tap at once, before any request. */
  optimistic: (on: boolean) => void;
  /** The server's last answer, once no tap is waiting: the screen takes its state and its counts. */
  settle: (result: TResult) => void;
  /** A request failed: the screen is back to the last answer (or to before the run); say so. */
  onError: (error: unknown) => void;
};

type Queue = {
  running: boolean;
  /** The last tap not sent yet; taps in between are overwritten, never sent. */
  wanted: boolean | undefined;
  toggle: (on: boolean, handlers: ToggleHandlers<unknown, unknown>) => void;
};

/**
 * A toggle (like, share) that answers every tap at once and settles on the last one, as Bluesky's
 * `useToggleMutationQueue` does: one request is on its way at a time; taps made meanwhile only change what is
 * wanted next, and when the answer comes the wanted state is sent only if it differs from what the server now
 * holds. So like-unlike-like sends one request, and the count on screen is the server's once the taps stop.
 */
export function createToggleQueue(): Queue {
  let handlers: ToggleHandlers<unknown, unknown> | undefined;
  const queue: Queue = {
    running: false,
    wanted: undefined,
    toggle(on, latest) {
      handlers = latest;
      if (!queue.running) {
        const snapshot = latest.snapshot();
        latest.optimistic(on);
        queue.wanted = on;
        void run(snapshot);
      } else {
        latest.optimistic(on);
        queue.wanted = on;
      }
    },
  };

  async function run(snapshot: unknown) {
    queue.running = true;
    let answered = false;
    let last: unknown;
    try {
      while (queue.wanted !== undefined) {
        const on = queue.wanted;
        queue.wanted = undefined;
        if (answered && handlers!.isOn(last) === on) continue;
        last = await handlers!.send(on);
        answered = true;
      }
      if (answered) handlers!.settle(last);
    } catch (error) {
      queue.wanted = undefined;
      if (answered) handlers!.settle(last);
      else handlers!.restore(snapshot);
      handlers!.onError(error);
    } finally {
      queue.running = false;
    }
  }
  return queue;
}

// One queue per thing toggled, per query client: a post shown twice (feed and detail), or a card scrolled out of
// the window and back, shares the run of taps already on its way.
const queues = new WeakMap<QueryClient, Map<string, Queue>>();

function queueFor(queryClient: QueryClient, key: QueryKey): Queue {
  let byKey = queues.get(queryClient);
  if (!byKey) queues.set(queryClient, (byKey = new Map<string, Queue>()));
  const hash = hashKey(key);
  let queue = byKey.get(hash);
  if (!queue) byKey.set(hash, (queue = createToggleQueue()));
  return queue;
}

/** `toggle(on)` for the thing named by `key`; see `createToggleQueue`. */
export function useToggleMutationQueue<TResult, TSnapshot>(
  key: QueryKey,
  handlers: ToggleHandlers<TResult, TSnapshot>,
) {
  const queryClient = useQueryClient();
  return (on: boolean) => queueFor(queryClient, key).toggle(on, handlers as ToggleHandlers<unknown, unknown>);
}
