import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';

/** A review whose confirmation, answered later (as a server answers), gives way to a code dialog. */
function ReviewThenCode() {
  const [step, setStep] = useState<'page' | 'review' | 'code'>('page');
  return (
    <>
      <button type="button" onClick={() => setStep('review')}>
        Review
      </button>
      <Dialog
        opened={step === 'review'}
        onClose={() => setStep('page')}
        title="Check and confirm"
        closeLabel="Close"
      >
        <button type="button" onClick={() => void Promise.resolve().then(() => setStep('code'))}>
          Confirm
        </button>
      </Dialog>
      {step === 'code' && (
        <Dialog opened onClose={() => setStep('page')} title="Enter the code" closeLabel="Close">
          <input aria-label="Code" data-autofocus />
        </Dialog>
      )}
    </>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Dialog', () => {
  // The closing dialog gives the focus back 10 ms after its effect, unless the focus moved since
  // that effect; the code dialog moves it to its field in a timeout of its own. With the effect a
  // frame late, the review took the focus from the code field (decision 115).
  it('leaves the focus in the code field of the dialog that replaced it', async () => {
    // Fake timers run every timeout in order without waiting; clicks as plain events, since
    // Testing Library's asynchronous helpers wait on a real timeout.
    vi.useFakeTimers();
    render(
      <MantineProvider env="test">
        <ReviewThenCode />
      </MantineProvider>,
    );
    const review = screen.getByRole('button', { name: 'Review' });
    review.focus();
    fireEvent.click(review);
    await vi.advanceTimersByTimeAsync(100);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await vi.advanceTimersByTimeAsync(100);
    expect(screen.getByRole('dialog', { name: 'Enter the code' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveFocus();
  });
});
