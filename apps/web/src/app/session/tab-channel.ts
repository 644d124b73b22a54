/**
 * Messages between the tabs of one browser (spec 1 §4: idle time and logout are shared across
 * tabs). BroadcastChannel where the browser has it; otherwise a localStorage key whose `storage`
 * event reaches every other tab of the same origin.
 */
export type TabMessage =
  /** Someone used the app in another tab at `at` (epoch ms). */
  | { type: 'activity'; at: number }
  /** Another tab's session ended; every tab ends its own the same way. */
  | { type: 'ended'; reason: 'logout' | 'idle' | 'expired' };

export interface TabChannel {
  post(message: TabMessage): void;
  subscribe(listener: (message: TabMessage) => void): () => void;
  close(): void;
}

const CHANNEL_NAME = 'ledgerline.session';
const STORAGE_KEY = 'ledgerline.session-message';

function parse(value: unknown): TabMessage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const bag = value as Record<string, unknown>;
  if (bag.type === 'activity' && typeof bag.at === 'number' && Number.isFinite(bag.at)) {
    return { type: 'activity', at: bag.at };
  }
  if (
    bag.type === 'ended' &&
    (bag.reason === 'logout' || bag.reason === 'idle' || bag.reason === 'expired')
  ) {
    return { type: 'ended', reason: bag.reason };
  }
  return undefined;
}

export function createTabChannel(
  options: { name?: string; scope?: Pick<Window, 'addEventListener' | 'removeEventListener'> } = {},
): TabChannel {
  const name = options.name ?? CHANNEL_NAME;
  const listeners = new Set<(message: TabMessage) => void>();
  const deliver = (raw: unknown) => {
    const message = parse(raw);
    if (message) for (const listener of listeners) listener(message);
  };

  if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(name);
    channel.onmessage = (event: MessageEvent<unknown>) => deliver(event.data);
    return {
      post: (message) => channel.postMessage(message),
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      close: () => channel.close(),
    };
  }

  // Fallback: writing a new value fires `storage` in the other tabs (never in the writer).
  const scope = options.scope ?? window;
  const key = `${STORAGE_KEY}.${name}`;
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key || !event.newValue) return;
    try {
      deliver((JSON.parse(event.newValue) as { message: unknown }).message);
    } catch {
      // Another app's or a broken value: ignore.
    }
  };
  scope.addEventListener('storage', onStorage as EventListener);
  return {
    post(message) {
      try {
        // The nonce makes every write a change, so two equal messages both arrive.
        window.localStorage.setItem(key, JSON.stringify({ message, nonce: Math.random() }));
      } catch {
        // Storage is off: the tabs cannot talk, each keeps its own clock.
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => scope.removeEventListener('storage', onStorage as EventListener),
  };
}
