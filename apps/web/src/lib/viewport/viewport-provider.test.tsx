import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ViewportProvider } from './viewport-provider';
import { useViewport } from './viewport-context';

function Probe() {
  const viewport = useViewport();
  return (
    <div>
      <input aria-label="Amount" />
      <input aria-label="Agree" type="checkbox" />
      <div aria-label="Note" contentEditable suppressContentEditableWarning tabIndex={0} />
      <button type="button">Continue</button>
      <output aria-label="keyboard">{String(viewport.isKeyboardVisible)}</output>
      <output aria-label="mobile">{String(viewport.isMobile)}</output>
    </div>
  );
}

describe('viewport provider', () => {
  it('reports the keyboard as visible while a text field has focus', () => {
    render(
      <ViewportProvider>
        <Probe />
      </ViewportProvider>,
    );
    const keyboard = screen.getByLabelText('keyboard');
    expect(keyboard).toHaveTextContent('false');
    act(() => screen.getByLabelText('Amount').focus());
    expect(keyboard).toHaveTextContent('true');
    act(() => screen.getByRole('button', { name: 'Continue' }).focus());
    expect(keyboard).toHaveTextContent('false');
    act(() => screen.getByLabelText('Agree').focus());
    expect(keyboard).toHaveTextContent('false');
    act(() => screen.getByRole('button', { name: 'Continue' }).blur());
    expect(keyboard).toHaveTextContent('false');
  });

  it('detects a desktop browser as not mobile', () => {
    render(
      <ViewportProvider>
        <Probe />
      </ViewportProvider>,
    );
    expect(screen.getByLabelText('mobile')).toHaveTextContent('false');
  });
});
