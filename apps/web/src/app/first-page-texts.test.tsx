import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isLocaleComplete } from '@/i18n';
import en from '@/i18n/locales/en.json';
import { renderApp } from '@/test/render-app';

/** Every key of the locale files (`section.name`, `section.group.name`), as a raw key would show. */
function keysOf(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([name, value]) =>
    typeof value === 'object' && value !== null
      ? keysOf(value as Record<string, unknown>, `${prefix}${name}.`)
      : [`${prefix}${name}`],
  );
}
const KEYS = keysOf(en);

function shownKeys(text: string | null): string[] {
  return KEYS.filter((key) => text?.includes(key));
}

// The app as the browser starts it: the first part of the locale only (decision 108).
describe('the sign-in page with the first part of the locale', () => {
  it('shows every text of the page and does not load the rest by itself', async () => {
    const { i18n, container } = await renderApp({ path: '/login', locale: 'first' });
    await screen.findByRole('heading', { name: 'Sign in to Pebble Wallet' });
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(shownKeys(container.textContent)).toEqual([]);
    expect(isLocaleComplete(i18n)).toBe(false);
  });

  it('shows the sign-in form’s field errors in the chosen language', async () => {
    const { user } = await renderApp({ path: '/login', language: 'ro', locale: 'first' });
    await user.click(await screen.findByRole('button', { name: 'Autentificare' }));
    expect(await screen.findAllByText('Acest câmp este obligatoriu')).toHaveLength(2);
  });

  it('loads the rest once the customer starts on the form', async () => {
    const { i18n, user } = await renderApp({ path: '/login', locale: 'first' });
    await user.click(await screen.findByLabelText(/e-mail/i));
    await waitFor(() => expect(isLocaleComplete(i18n)).toBe(true));
  });

  it('waits for the rest before the e-mail confirmation popup, instead of showing keys', async () => {
    await renderApp({ path: '/login?emailConfirmation=success', language: 'pt', locale: 'first' });
    const dialog = await screen.findByRole('dialog', { name: 'CONFIRMAÇÃO DE E-MAIL' });
    expect(dialog).toHaveTextContent('O seu endereço de e-mail foi confirmado!');
  });

  it('waits for the rest before any other page', async () => {
    const { i18n } = await renderApp({ path: '/register', locale: 'first' });
    await waitFor(() => expect(isLocaleComplete(i18n)).toBe(true));
    await screen.findByRole('heading', { level: 1 });
    expect(shownKeys(document.body.textContent)).toEqual([]);
  });
});
