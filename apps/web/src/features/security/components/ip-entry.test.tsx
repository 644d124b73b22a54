import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Routes } from '@/test/api-server';
import { renderApp } from '@/test/render-app';
import { ok, refused, serveSecurity, signedIn, type SecurityServer } from '../test/security-api';

let server: SecurityServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

interface Entry {
  id: number;
  ip: string;
  toIp: string | null;
  created: string;
}

/** The whitelist as the server keeps it: added entries show on the next read. */
function whitelistRoutes(entries: Entry[], extra: Routes = {}): Routes {
  return {
    'POST /api/main/?getIpWhitelist': () =>
      ok({ enabled: false, currentIp: '198.51.100.20', entries }),
    'POST /api/main/?addIpWhitelistEntry': (request) => {
      const { ip, toIp } = request.body as { ip: string; toIp?: string };
      const entry = {
        id: entries.length + 1,
        ip,
        toIp: toIp ?? null,
        created: '2026-03-01T10:00:00.000Z',
      };
      entries.push(entry);
      return ok({ entry });
    },
    ...extra,
  };
}

async function openWhitelist(routes: Routes) {
  server = await serveSecurity(routes);
  const rendered = await renderApp({ path: '/setting', apiBaseUrl: server.url, ...signedIn });
  const section = within(await screen.findByRole('region', { name: 'IP whitelist' }));
  await section.findByLabelText('IP address');
  return { ...rendered, section };
}

type User = Awaited<ReturnType<typeof openWhitelist>>['user'];

async function fill(user: User, field: HTMLElement, value: string) {
  await user.clear(field);
  if (value === '') return;
  await user.click(field);
  await user.paste(value);
}

describe('IP whitelist entries on /setting', () => {
  it('refuses a malformed address and a range that runs backwards or mixes IPv4 and IPv6, without sending', async () => {
    const { user, section } = await openWhitelist(whitelistRoutes([]));
    const ip = section.getByLabelText('IP address');
    const toIp = section.getByLabelText('End of range (optional)');
    const add = section.getByRole('button', { name: 'Add' });

    await fill(user, ip, '203.0.113.300');
    await user.click(add);
    expect(await section.findByText('Enter a valid IPv4 or IPv6 address')).toBeInTheDocument();
    expect(ip).toHaveAttribute('aria-invalid', 'true');

    await fill(user, ip, '203.0.113.10');
    await fill(user, toIp, '203.0.113.1');
    await user.click(add);
    expect(
      await section.findByText('The end of the range must not come before its start'),
    ).toBeInTheDocument();
    expect(toIp).toHaveAttribute('aria-invalid', 'true');

    await fill(user, toIp, '2001:db8::1');
    await user.click(add);
    expect(
      await section.findByText('Both ends of a range must be IPv4, or both IPv6'),
    ).toBeInTheDocument();
    expect(server!.calls('addIpWhitelistEntry')).toHaveLength(0);
  });

  it('adds the current address alone and a range with both ends, and lists them', async () => {
    const { user, section } = await openWhitelist(whitelistRoutes([]));
    expect(section.getByText(/not on the list/)).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Use my current address' }));
    expect(section.getByLabelText('IP address')).toHaveValue('198.51.100.20');
    await user.click(section.getByRole('button', { name: 'Add' }));
    const list = within(await section.findByRole('list', { name: 'Allowed addresses' }));
    expect(list.getByText('198.51.100.20')).toBeInTheDocument();
    expect(await section.findByText(/— on the list/)).toBeInTheDocument();
    expect(section.getByLabelText('IP address')).toHaveValue('');

    await fill(user, section.getByLabelText('IP address'), ' 203.0.113.0 ');
    await fill(user, section.getByLabelText('End of range (optional)'), '203.0.113.255');
    await user.click(section.getByRole('button', { name: 'Add' }));
    expect(await section.findByText('203.0.113.0 – 203.0.113.255')).toBeInTheDocument();
    expect(
      section.getByRole('button', { name: 'Remove 203.0.113.0 – 203.0.113.255' }),
    ).toBeInTheDocument();

    const calls = server!.calls('addIpWhitelistEntry');
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({ ip: '198.51.100.20' });
    expect(calls[0]).not.toHaveProperty('toIp');
    expect(calls[1]).toMatchObject({ ip: '203.0.113.0', toIp: '203.0.113.255' });
  });

  it('puts the server’s refusal of an entry on its field', async () => {
    const { user, section } = await openWhitelist(
      whitelistRoutes([], {
        'POST /api/main/?addIpWhitelistEntry': () =>
          refused('This address or range is already on the list', {
            ip: 'validation.ipWhitelistEntryExists',
          }),
      }),
    );
    await fill(user, section.getByLabelText('IP address'), '198.51.100.20');
    await user.click(section.getByRole('button', { name: 'Add' }));
    expect(
      await section.findByText('This address or range is already on the list'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(section.getByLabelText('IP address')).toHaveAttribute('aria-invalid', 'true'),
    );
  });

  it('shows the server’s message when turning the list on would lock the customer out', async () => {
    const { user, section } = await openWhitelist(
      whitelistRoutes(
        [{ id: 1, ip: '203.0.113.0', toIp: '203.0.113.255', created: '2026-03-01T10:00:00.000Z' }],
        {
          'POST /api/main/?setIpWhitelistMode': () =>
            refused('Your current address is not on the list', {
              enable: 'validation.ipWhitelistSelfLockout',
            }),
        },
      ),
    );
    const mode = section.getByRole('switch', {
      name: /^Allow access only from the listed addresses/,
    });
    await user.click(mode);
    expect(await section.findByRole('alert')).toHaveTextContent(/This would lock you out/);
    expect(server!.calls('setIpWhitelistMode')).toEqual([
      expect.objectContaining({ enable: true }),
    ]);
    expect(mode).not.toBeChecked();
  });
});
