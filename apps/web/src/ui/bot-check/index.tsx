import {
  Suspense,
  lazy,
  useCallback,
  useImperativeHandle,
  useRef,
  useState,
  type Ref,
} from 'react';
import type { ApiClient } from '@ledgerline/contract';
import type { BotCheckHandle } from './altcha-widget';
import classes from './bot-check.module.css';

export type { BotCheckHandle } from './altcha-widget';

// The widget and its worker load once the customer starts on the form (decision 11, the first-load budget).
const AltchaWidget = lazy(() => import('./altcha-widget'));

export interface BotCheckProps {
  ref?: Ref<BotCheckHandle>;
  client: ApiClient;
  /** Load and start solving now (the customer is on the form); a submit starts it anyway. */
  start: boolean;
}

/**
 * The brand's bot check (ALTCHA, self-hosted) for sign-in and registration forms. It solves a
 * challenge from GET /api/auth/altcha in the background; the form asks for `solution()` on submit
 * (waiting if the widget is still working) and `reset()`s it after each attempt, since a solution
 * works once.
 */
export function BotCheck({ ref, client, start }: BotCheckProps) {
  const [requested, setRequested] = useState(false);
  // The lazy widget may still be loading when the form is submitted: solution() waits for it.
  const ready = useRef(deferred<BotCheckHandle>());
  useImperativeHandle(
    ref,
    () => ({
      solution: () => {
        setRequested(true);
        return ready.current.promise.then((handle) => handle.solution());
      },
      reset: () => void ready.current.promise.then((handle) => handle.reset()),
    }),
    [],
  );
  const placeholder = <div className={classes.placeholder} />;
  if (!start && !requested) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <AltchaWidget
        ref={(handle) => {
          if (handle) ready.current.resolve(handle);
        }}
        // The route table (and zod with it) loads with the widget, not with the page (decision 108).
        loadChallenge={() =>
          import('@ledgerline/contract/auth/routes').then(({ authRoutes }) =>
            client.route(authRoutes.altcha),
          )
        }
      />
    </Suspense>
  );
}

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

export type BotCheckState = 'idle' | 'solving' | 'failed';

/**
 * The submit side of a form's bot check: `solve(required)` gives the payload to send (undefined
 * when the check is not asked for), or null when it could not be solved, with `state` saying so
 * for the form's busy flag and alert. After a failure the widget starts over for the next try.
 */
export function useBotCheckSubmit() {
  const ref = useRef<BotCheckHandle | null>(null);
  const [state, setState] = useState<BotCheckState>('idle');
  const solve = useCallback(async (required: boolean): Promise<string | undefined | null> => {
    const handle = ref.current;
    if (!required || !handle) return undefined;
    setState('solving');
    try {
      const payload = await handle.solution();
      setState('idle');
      return payload;
    } catch {
      setState('failed');
      handle.reset();
      return null;
    }
  }, []);
  return { ref, state, solve };
}
