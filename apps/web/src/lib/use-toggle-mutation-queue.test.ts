import { describe, expect, it } from 'vitest';
import { createToggleQueue, type ToggleHandlers } from './use-toggle-mutation-queue';

type State = { liked: boolean; likesCount: number };

/** A liked flag and count on "screen", and a server whose answers the test releases one at a time. */
function setup(initial: State = { liked: false, likesCount: 4 }) {
  let screen = { ...initial };
  let server = { ...initial };
  const sent: boolean[] = [];
  const answers: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const errors: unknown[] = [];
  const handlers: ToggleHandlers<State, State> = {
    send: (on) => {
      sent.push(on);
      return new Promise<State>((resolve, reject) =>
        answers.push({
          resolve: () => {
            // Another fan liked meanwhile: the server's count is not the one on screen.
            server = { liked: on, likesCount: initial.likesCount + (on ? 1 : 0) + 10 };
            resolve({ ...server });
          },
          reject,
        }),
      );
    },
    isOn: (state) => state.liked,
    snapshot: () => ({ ...screen }),
    restore: (snapshot) => (screen = snapshot),
    optimistic: (on) => (screen = { liked: on, likesCount: screen.likesCount + (on ? 1 : -1) }),
    settle: (state) => (screen = { ...state }),
    onError: (error) => errors.push(error),
  };
  const queue = createToggleQueue();
  const tap = () => queue.toggle(!screen.liked, handlers as ToggleHandlers<unknown, unknown>);
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { tap, flush, sent, answers, errors, screen: () => screen };
}

describe('toggle mutation queue', () => {
  it('shows each tap at once and, for fast taps, sends only what differs from the server, then keeps its count', async () => {
    const { tap, flush, sent, answers, screen } = setup();
    tap(); // like: sent at once
    tap(); // unlike: waits
    tap(); // like again: replaces the waiting unlike
    expect(screen()).toEqual({ liked: true, likesCount: 5 });
    expect(sent).toEqual([true]);

    answers[0]!.resolve();
    await flush();
    // The last tap equals what the server now holds: nothing more is sent.
    expect(sent).toEqual([true]);
    expect(screen()).toEqual({ liked: true, likesCount: 15 });
  });

  it('sends the last state after the one on its way when they differ', async () => {
    const { tap, flush, sent, answers, screen } = setup();
    tap(); // like
    tap(); // unlike
    tap(); // like
    tap(); // unlike
    expect(sent).toEqual([true]);
    answers[0]!.resolve();
    await flush();
    expect(sent).toEqual([true, false]);
    // Still the last tap on screen while the second request is on its way.
    expect(screen().liked).toBe(false);
    answers[1]!.resolve();
    await flush();
    expect(screen()).toEqual({ liked: false, likesCount: 14 });
  });

  it('rolls back to before the taps and reports the error when the first request fails', async () => {
    const { tap, flush, sent, answers, errors, screen } = setup();
    tap();
    tap();
    tap();
    answers[0]!.reject(new Error('Server on fire'));
    await flush();
    expect(screen()).toEqual({ liked: false, likesCount: 4 });
    expect(errors).toEqual([new Error('Server on fire')]);
    // The waiting taps are dropped, and the next tap starts a new run.
    expect(sent).toEqual([true]);
    tap();
    expect(sent).toEqual([true, true]);
  });

  it('goes back to the server’s last answer when a later request fails', async () => {
    const { tap, flush, answers, errors, screen } = setup();
    tap(); // like
    tap(); // unlike
    answers[0]!.resolve();
    await flush();
    answers[1]!.reject(new Error('offline'));
    await flush();
    expect(screen()).toEqual({ liked: true, likesCount: 15 });
    expect(errors).toHaveLength(1);
  });
});
