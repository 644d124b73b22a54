import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { renderApp } from '@/test/render-app';

describe('language picker', () => {
  it('offers only the brand’s languages: Quillpay has English and Spanish', async () => {
    await renderApp({ path: '/login', brand: 'quillpay' });
    const picker = await screen.findByRole('combobox', { name: 'Language' });
    const options = within(picker).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['English', 'Español']);
  });

  it('offers all six languages, each named in itself, for the other brands', async () => {
    await renderApp({ path: '/login', brand: 'northmere' });
    const picker = await screen.findByRole('combobox', { name: 'Language' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'Español', 'Română', 'Русский', 'Українська', 'Português']);
  });

  it('switches the page language, remembers it, and sets <html lang> (uk for Ukrainian)', async () => {
    const { user } = await renderApp({ path: '/login', brand: 'pebble' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'ua');
    expect(
      await screen.findByRole('heading', { name: 'Вхід до Pebble Wallet' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Мова' })).toHaveValue('ua');
    await waitFor(() => expect(document.documentElement.lang).toBe('uk'));
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('ua');
    await waitFor(() => expect(document.title).toBe('Вхід · Pebble Wallet'));
  });
});
