import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

/** The words beside the sign-in form: the panel's title, text and claims as a customer reads them. */
async function heroOf(brand: 'pebble' | 'northmere') {
  await renderApp({ path: '/login', brand });
  const title = await screen.findByRole('heading', { level: 2, name: /./ });
  const panel = screen.getByRole('region', { name: title.textContent ?? '' });
  const words = {
    title: title.textContent,
    claims: within(panel)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  };
  cleanup();
  return words;
}

describe('sign-in hero', () => {
  it('says each brand’s own words: the bank claims deposit protection, not safeguarding', async () => {
    const pebble = await heroOf('pebble');
    const northmere = await heroOf('northmere');
    expect(pebble).toEqual({
      title: 'Your money, clearly in view',
      claims: [
        'Every sign-in is protected and checked',
        'Your funds are safeguarded by a licensed institution',
        'Support in your language when you need it',
      ],
    });
    expect(northmere).toEqual({
      title: 'A bank that keeps things clear',
      claims: [
        'Your deposits are protected by the deposit guarantee scheme',
        'Every sign-in is protected and checked',
        'Business accounts with roles and approvals for your team',
      ],
    });
  });
});
