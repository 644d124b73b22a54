/**
 * What `react` resolves to in the build and the web tests (vite.config.ts): preact/compat, plus
 * React 19's `Activity`, which preact/compat lacks and Mantine imports, and React's timing of
 * passive effects (decision 115).
 */
import compat from 'preact/compat';
import { Activity } from './activity';
import { runEffectsAfterRender } from './effect-timing';

runEffectsAfterRender();

// @ts-expect-error -- preact/compat's types are one namespace (`export =`); the ES module itself
// has the named exports.
export * from 'preact/compat';
export { Activity };
export default { ...compat, Activity };
