import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startApiServer, type TestApiServer } from '@/test/api-server';
import type * as NewsFeature from '@/features/news';
import { demoCustomer, ok, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

// The news screen fails while it renders; everything else in the feature (the navigation's
// unread count) is the real one.
vi.mock('@/features/news', async (importOriginal) => ({
  ...(await importOriginal<typeof NewsFeature>()),
  NewsPage: () => {
    throw new TypeError("Cannot read properties of undefined (reading 'trim')");
  },
}));

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  vi.restoreAllMocks();
});

async function renderFailingScreen(language: 'en' | 'ua') {
  // React reports the thrown error on the console; the page is what is under test here.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server = await startApiServer({
    'POST /api/main/?getCustomerInfo': () => ok({ customer: demoCustomer() }),
  });
  return renderApp({ path: '/news', apiBaseUrl: server.url, language, ...signedIn });
}

describe('a screen that fails', () => {
  it('shows the branded error page inside the signed-in layout, with the way on', async () => {
    await renderFailingScreen('en');
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('heading', { name: 'This page could not be shown' }),
    ).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Go to home' })).toHaveAttribute(
      'href',
      '/home',
    );
    // The layout stays: the brand's header with sign-out, the navigation, the footer.
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: /Pebble Wallet/ })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'News' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    // The title is set once the page has rendered, in an effect.
    await waitFor(() =>
      expect(document.title).toBe('This page could not be shown · Pebble Wallet'),
    );
  });

  it('says it in the chosen language', async () => {
    await renderFailingScreen('ua');
    expect(
      await screen.findByRole('heading', { name: 'Не вдалося показати цю сторінку' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'На головну' })).toBeInTheDocument();
  });
});
