import { options } from 'preact';

/**
 * Runs a render's passive effects (`useEffect`) in a microtask after it, before any timer or event,
 * instead of preact/hooks' default: after the next frame (requestAnimationFrame raced with a 35 ms
 * timeout). React runs them at the end of the commit after a click, a key or a store update, else
 * in the task right after it, and the React libraries we use count on it (decision 115): a frame
 * late, Mantine's modal noted the focus only after the next dialog had moved it to its code field
 * (a timeout set while rendering), and 10 ms later took it back to the page behind that dialog.
 */
function runAfterRender(flush: () => void): void {
  queueMicrotask(flush);
}

/** Installs the timing once, as the module that `react` resolves to is loaded. */
export function runEffectsAfterRender(): void {
  options.requestAnimationFrame = runAfterRender;
}
