import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

describe('e-mail confirmation popup', () => {
  it('confirms a successful confirmation link', async () => {
    await renderApp({ path: '/login?emailConfirmation=success' });
    const dialog = await screen.findByRole('dialog', { name: 'E-MAIL CONFIRMATION' });
    expect(dialog).toHaveTextContent('Your E-mail address has been confirmed!');
  });

  it('reports a failed confirmation link', async () => {
    await renderApp({ path: '/login?emailConfirmation=fail' });
    const dialog = await screen.findByRole('dialog', { name: 'E-MAIL CONFIRMATION' });
    expect(dialog).toHaveTextContent('An error has occurred. Please contact us.');
  });

  it('is translated', async () => {
    await renderApp({ path: '/login?emailConfirmation=success', language: 'pt' });
    const dialog = await screen.findByRole('dialog', { name: 'CONFIRMAÇÃO DE E-MAIL' });
    expect(dialog).toHaveTextContent('O seu endereço de e-mail foi confirmado!');
  });

  it('keeps the parameter through the redirect from / and drops it when closed', async () => {
    const { user, router } = await renderApp({ path: '/?emailConfirmation=success' });
    await screen.findByRole('dialog', { name: 'E-MAIL CONFIRMATION' });
    expect(router.state.location.pathname).toBe('/login');
    await user.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
  });

  it('ignores other values', async () => {
    await renderApp({ path: '/login?emailConfirmation=maybe' });
    await screen.findByRole('heading', { name: 'Sign in to Pebble Wallet' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
