import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

describe('404 page', () => {
  it('answers any unknown path, inside the public layout', async () => {
    await renderApp({ path: '/no/such/page' });
    expect(
      await screen.findByRole('heading', { name: "We can't find that page" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    // The title is set once the page has rendered, in an effect.
    await waitFor(() => expect(document.title).toBe('Page not found · Pebble Wallet'));
  });

  it('answers routes that are not built yet, such as the company documents', async () => {
    await renderApp({ path: '/company-documents', language: 'ru' });
    expect(
      await screen.findByRole('heading', { name: 'Мы не можем найти эту страницу' }),
    ).toBeInTheDocument();
  });

  it('sends / to the sign-in page', async () => {
    const { router } = await renderApp({ path: '/' });
    expect(
      await screen.findByRole('heading', { name: 'Sign in to Pebble Wallet' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});
