import { TIMING } from '@ledgerline/domain/constants';

/**
 * Messages to the mobile-app wrapper (spec 1 §4 "Mobile wrapper"). The wrapper is a React Native
 * WebView that injects `window.ReactNativeWebView`; in a normal browser every call is a no-op.
 */
export type WrapperEvent =
  | { type: 'ready' }
  | { type: 'loginSuccess'; userId?: number }
  | { type: 'loginFail'; message: string }
  | { type: 'logout' }
  | { type: 'sessionExpired' }
  | { type: 'tokenUpdated'; accessToken: string; expiresIn: number }
  | { type: 'download'; url: string; fileName: string }
  | { type: 'startIdentityCheck'; url: string };

export type WrapperEventType = WrapperEvent['type'];

interface WrapperBridge {
  postMessage(message: string): void;
}

declare global {
  interface Window {
    ReactNativeWebView?: WrapperBridge;
  }
}

function bridge(): WrapperBridge | undefined {
  return typeof window === 'undefined' ? undefined : window.ReactNativeWebView;
}

export function isInsideWrapper(): boolean {
  return bridge() !== undefined;
}

/** Posts one event as JSON; returns whether a wrapper was there to receive it. */
export function notifyWrapper(event: WrapperEvent): boolean {
  const target = bridge();
  if (!target) return false;
  target.postMessage(JSON.stringify(event));
  return true;
}

/** Tells the wrapper the client is ready, 100 ms after start (spec 1 §4). Returns a cancel function. */
export function announceReadyToWrapper(delayMs: number = TIMING.mobileReadyDelay): () => void {
  const timer = setTimeout(() => notifyWrapper({ type: 'ready' }), delayMs);
  return () => clearTimeout(timer);
}
