import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, createMemoryStorage, localStore } from '@/lib/storage';
import { renderApp } from '@/test/render-app';
import { BRAND_HOST_MAP } from './host-map';
import { selectBrand } from './brand-selection';

describe('brand selection', () => {
  it('takes the brand from ?brand= and keeps it for later visits', () => {
    const storage = createMemoryStorage();
    const first = selectBrand({
      hostname: 'localhost',
      search: '?brand=northmere',
      storage,
      hostMap: BRAND_HOST_MAP,
    });
    expect(first.brand.id).toBe('northmere');
    const later = selectBrand({
      hostname: 'localhost',
      search: '',
      storage,
      hostMap: BRAND_HOST_MAP,
    });
    expect(later.brand.id).toBe('northmere');
    const reset = selectBrand({
      hostname: 'localhost',
      search: '?brand=auto',
      storage,
      hostMap: BRAND_HOST_MAP,
    });
    expect(reset.brand.id).toBe('pebble');
    expect(storage.get(STORAGE_KEYS.brandOverride)).toBeNull();
  });

  it('lets ?brand= win over the host name and ignores unknown brands', () => {
    const storage = createMemoryStorage();
    expect(
      selectBrand({ hostname: 'thistle.localhost', search: '', storage, hostMap: BRAND_HOST_MAP })
        .brand.id,
    ).toBe('thistle');
    expect(
      selectBrand({
        hostname: 'thistle.localhost',
        search: '?brand=quillpay',
        storage,
        hostMap: BRAND_HOST_MAP,
      }).brand.id,
    ).toBe('quillpay');
    const unknown = createMemoryStorage();
    expect(
      selectBrand({
        hostname: 'thistle.localhost',
        search: '?brand=acme',
        storage: unknown,
        hostMap: BRAND_HOST_MAP,
      }).brand.id,
    ).toBe('thistle');
  });

  it('uses the same origin by default and the brand’s staging API for ?api=1–15, kept until ?api=local', () => {
    const storage = createMemoryStorage();
    expect(
      selectBrand({ hostname: 'localhost', search: '', storage, hostMap: BRAND_HOST_MAP })
        .apiBaseUrl,
    ).toBe('');
    const staged = selectBrand({
      hostname: 'baltvale.localhost',
      search: '?api=12',
      storage,
      hostMap: BRAND_HOST_MAP,
    });
    expect(staged.stagingIndex).toBe(12);
    expect(staged.apiBaseUrl).toBe('https://api-12.staging.baltvale.example');
    expect(
      selectBrand({
        hostname: 'baltvale.localhost',
        search: '?api=99',
        storage,
        hostMap: BRAND_HOST_MAP,
      }).stagingIndex,
    ).toBe(12);
    expect(
      selectBrand({
        hostname: 'baltvale.localhost',
        search: '?api=local',
        storage,
        hostMap: BRAND_HOST_MAP,
      }).apiBaseUrl,
    ).toBe('');
  });

  it('renders the brand chosen by ?brand= in the address', async () => {
    window.history.replaceState(null, '', '/login?brand=thistle');
    const selection = selectBrand({
      hostname: window.location.hostname,
      search: window.location.search,
      storage: localStore,
      hostMap: BRAND_HOST_MAP,
    });
    await renderApp({ path: '/login', brand: selection.brand });
    expect(
      await screen.findByRole('heading', { name: 'Sign in to Thistle Money' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Thistle Money' })).toBeInTheDocument();
    expect(
      screen.getByText(/Thistle Money Ltd is authorised by the Demo Financial Authority/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@thistle.example' })).toHaveAttribute(
      'href',
      'mailto:support@thistle.example',
    );
    expect(window.localStorage.getItem(STORAGE_KEYS.brandOverride)).toBe('thistle');
    window.history.replaceState(null, '', '/');
  });
});
