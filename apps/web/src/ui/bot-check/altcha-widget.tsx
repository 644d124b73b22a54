/**
 * The ALTCHA widget (self-hosted proof of work, spec 1 §5 "bot check"). Loaded only through
 * ./index.tsx's lazy import, so neither the widget nor its worker weighs on the sign-in page's
 * first load. The `altcha/external` build keeps styles and workers out of inline code, which the
 * CSP forbids (STACK.md); the SHA worker comes through Vite's `?worker`.
 */
import 'altcha/external';
import 'altcha/altcha.css';
import ShaWorker from 'altcha/workers/sha?worker';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import type { Challenge } from 'altcha/types';
import type {} from 'altcha/types/react';
import classes from './bot-check.module.css';

for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512']) {
  $altcha.algorithms.set(algorithm, () => new ShaWorker());
}

/** The widget's own texts, from our locale files (botCheck.*), so all six languages are ours. */
const STRING_KEYS = [
  'ariaLinkLabel',
  'cancel',
  'enterCode',
  'enterCodeAria',
  'enterCodeFromImage',
  'error',
  'expired',
  'footer',
  'getAudioChallenge',
  'label',
  'loading',
  'reload',
  'verify',
  'verificationRequired',
  'verified',
  'verifying',
  'waitAlert',
] as const;

/**
 * The element's methods exist once its inner component has mounted (it says so with `load`). A
 * widget removed before it finished mounting may still say `load`, without its methods: it is not
 * used then, and the promise stays pending.
 */
function whenMounted(widget: AltchaWidgetElement): Promise<AltchaWidgetElement> {
  if (typeof widget.configure === 'function') return Promise.resolve(widget);
  return new Promise((resolve) => {
    const onLoad = () => {
      if (typeof widget.configure !== 'function') return;
      widget.removeEventListener('load', onLoad);
      resolve(widget);
    };
    widget.addEventListener('load', onLoad);
  });
}

export interface BotCheckHandle {
  /** The solved payload; solves first when the widget has not finished yet. */
  solution(): Promise<string>;
  /** A payload works once: after each submit the widget starts over with a new challenge. */
  reset(): void;
}

export interface AltchaWidgetProps {
  ref?: Ref<BotCheckHandle>;
  /** Fetches a fresh challenge through our API client (base URL, language). */
  loadChallenge: () => Promise<Challenge>;
}

/**
 * The solving state of one widget: the newest payload, and the solve in progress, so a submit
 * during the background solve waits for it instead of starting another (which would reset it).
 */
interface Solver {
  payload: string | null;
  solving: Promise<string | null> | null;
  begin(element: AltchaWidgetElement): Promise<string | null>;
}

async function solveWith(
  element: AltchaWidgetElement,
  loadChallenge: () => Promise<Challenge>,
): Promise<string | null> {
  const [widget, challenge] = await Promise.all([whenMounted(element), loadChallenge()]);
  await widget.configure({ challenge });
  const result = await widget.verify();
  return result?.payload ?? null;
}

/** A solve that has not finished by then is started over (a stuck worker must not hold the form). */
const ATTEMPT_MS = 20_000;

function within<T>(attempt: Promise<T | null>): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ATTEMPT_MS);
  });
  return Promise.race([attempt.catch(() => null), timeout]).finally(() => clearTimeout(timer));
}

function createSolver(loadChallenge: () => Promise<Challenge>): Solver {
  const solver: Solver = {
    payload: null,
    solving: null,
    begin(element) {
      solver.payload = null;
      const attempt: Promise<string | null> = solveWith(element, loadChallenge).then((payload) => {
        if (solver.solving === attempt) solver.payload = payload;
        return payload;
      });
      solver.solving = attempt;
      attempt.catch(() => {
        if (solver.solving === attempt) solver.solving = null;
      });
      return attempt;
    },
  };
  return solver;
}

export default function AltchaWidget({ ref, loadChallenge }: AltchaWidgetProps) {
  const { t, i18n } = useTranslation();
  const element = useRef<AltchaWidgetElement | null>(null);
  const loadRef = useRef(loadChallenge);
  loadRef.current = loadChallenge;
  const solverRef = useRef<Solver | null>(null);
  solverRef.current ??= createSolver(() => loadRef.current());

  // Our translations into the widget, under our language code.
  useEffect(() => {
    const strings = Object.fromEntries(STRING_KEYS.map((key) => [key, t(`botCheck.${key}`)]));
    $altcha.i18n.set(i18n.language, strings);
    const widget = element.current;
    if (widget)
      void whenMounted(widget).then((mounted) => mounted.configure({ language: i18n.language }));
  }, [t, i18n.language]);

  useEffect(() => {
    const widget = element.current;
    const solver = solverRef.current;
    if (!widget || !solver) return;
    // Solve in the background while the customer types.
    void solver.begin(widget).catch(() => undefined);
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      async solution() {
        const solver = solverRef.current;
        const widget = element.current;
        if (!solver || !widget) throw new Error('bot check not ready');
        if (solver.payload) return solver.payload;
        const running = solver.solving ? await within(solver.solving) : null;
        if (running) return running;
        // The background solve was interrupted (the widget aborts a solve when it is reset), got
        // stuck, or none ran: try again a few times before telling the customer.
        for (let attempt = 0; attempt < 3; attempt += 1) {
          const solved = await within(solver.begin(widget));
          if (solved) return solved;
        }
        throw new Error('bot check failed');
      },
      reset() {
        const widget = element.current;
        if (widget) void solverRef.current?.begin(widget).catch(() => undefined);
      },
    }),
    [],
  );

  return (
    <div className={classes.widget}>
      <altcha-widget
        ref={(node) => {
          element.current = node as AltchaWidgetElement | null;
        }}
        auto="off"
        type="checkbox"
        language={i18n.language}
        name="altcha"
        configuration={JSON.stringify({ hideLogo: false, hideFooter: false, minDuration: 300 })}
      />
    </div>
  );
}
