import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Activity, useState } from 'react';
import { describe, expect, it } from 'vitest';

/** A counter whose count shows whether its state survived being hidden. */
function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" style={{ display: 'flex' }} onClick={() => setCount((n) => n + 1)}>
      Count {count}
    </button>
  );
}

function Panel({ mode }: { mode: 'visible' | 'hidden' }) {
  return (
    <Activity mode={mode}>
      <Counter />
    </Activity>
  );
}

// `react` is Preact with our Activity in these tests, as in the build (vite.config.ts).
describe('Activity', () => {
  it('hides its first DOM node with display none !important, keeps its state, and gives the display back', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Panel mode="visible" />);
    await user.click(screen.getByRole('button', { name: 'Count 0' }));
    const button = screen.getByRole('button', { name: 'Count 1' });
    expect(button.style.getPropertyValue('display')).toBe('flex');

    rerender(<Panel mode="hidden" />);
    expect(button.style.getPropertyValue('display')).toBe('none');
    expect(button.style.getPropertyPriority('display')).toBe('important');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();

    rerender(<Panel mode="visible" />);
    expect(screen.getByRole('button', { name: 'Count 1' })).toBe(button);
    expect(button.style.getPropertyValue('display')).toBe('flex');
    expect(button.style.getPropertyPriority('display')).toBe('');
  });

  it('renders hidden from the start without losing what is inside', () => {
    render(
      <Activity mode="hidden">
        <p>Kept for later</p>
      </Activity>,
    );
    const text = screen.getByText('Kept for later');
    expect(text).not.toBeVisible();
    expect(text.style.getPropertyPriority('display')).toBe('important');
  });
});
