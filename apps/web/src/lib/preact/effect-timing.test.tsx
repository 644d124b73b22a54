import { waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';

const container = document.createElement('div');
let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
});

/** Logs its effect, and a timeout set while it renders (as Mantine's focus trap sets one). */
function Logged({ log }: { log: string[] }) {
  useEffect(() => {
    log.push('effect');
  }, [log]);
  return <input ref={(node) => void (node && setTimeout(() => log.push('timeout')))} />;
}

// `react` is Preact with our effect timing in these tests, as in the build (vite.config.ts).
describe('effect timing', () => {
  it('runs a render’s effects before a timeout set while rendering', async () => {
    const log: string[] = [];
    // Rendered outside Testing Library's `act`, which flushes effects itself.
    const root = createRoot(container);
    unmount = () => root.unmount();
    root.render(<Logged log={log} />);
    await waitFor(() => expect(log).toContain('timeout'));
    expect(log).toEqual(['effect', 'timeout']);
  });
});
