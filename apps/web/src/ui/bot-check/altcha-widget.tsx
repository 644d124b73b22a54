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

/** The element's methods exist once its inner component has mounted (it says so with `load`). */
function whenMounted(widget: AltchaWidgetElement): Promise<AltchaWidgetElement> {
  if (typeof widget.configure === 'function') return Promise.resolve(widget);
  return new Promise((resolve) => {
    widget.addEventListener('load', () => resolve(widget), { once: true });
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

export default function AltchaWidget({ ref, loadChallenge }: AltchaWidgetProps) {
  const { t, i18n } = useTranslation();
  const element = useRef<AltchaWidgetElement | null>(null);
  const payload = useRef<string | null>(null);
  const loadRef = useRef(loadChallenge);
  loadRef.current = loadChallenge;

  // Our translations into the widget, under our language code.
  useEffect(() => {
    const strings = Object.fromEntries(STRING_KEYS.map((key) => [key, t(`botCheck.${key}`)]));
    $altcha.i18n.set(i18n.language, strings);
    const widget = element.current;
    if (widget) void whenMounted(widget).then((mounted) => mounted.configure({ language: i18n.language }));
  }, [t, i18n.language]);

  async function start(element: AltchaWidgetElement): Promise<string | null> {
    payload.current = null;
    const [widget, challenge] = await Promise.all([whenMounted(element), loadRef.current()]);
    await widget.configure({ challenge });
    const result = await widget.verify();
    payload.current = result?.payload ?? null;
    return payload.current;
  }

  useEffect(() => {
    const widget = element.current;
    if (!widget) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ payload?: string; state?: string }>).detail;
      if (detail?.state === 'verified' && detail.payload) payload.current = detail.payload;
    };
    widget.addEventListener('statechange', onState);
    // Solve in the background while the customer types.
    void start(widget).catch(() => undefined);
    return () => widget.removeEventListener('statechange', onState);
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      async solution() {
        if (payload.current) return payload.current;
        const widget = element.current;
        if (!widget) throw new Error('bot check not ready');
        const solved = await start(widget);
        if (!solved) throw new Error('bot check failed');
        return solved;
      },
      reset() {
        const widget = element.current;
        payload.current = null;
        if (widget) void start(widget).catch(() => undefined);
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
