import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createGate, startApiServer, type Reply, type TestApiServer } from '@/test/api-server';
import { demoCustomer } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const ok = (body: Record<string, unknown>) => ({
  body: { responseCode: '00', responseDescription: 'OK', ...body },
});

const signedIn = {
  prepareSession: (session: {
    signIn: (tokens: { accessToken: string; expiresIn: number }) => void;
  }) => session.signIn({ accessToken: 'tok', expiresIn: 300 }),
};

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The settings as the server keeps them; `save` decides how a change is answered. */
async function renderSettings(
  save?: (body: { identified: string; value: boolean }) => Reply | Promise<Reply>,
) {
  const settings = [
    { group: 'security', identified: 'securityNewSignIn', value: true, editable: false },
    { group: 'security', identified: 'securityNewDevice', value: true, editable: true },
    { group: 'marketing', identified: 'marketingEmail', value: false, editable: true },
  ];
  server = await startApiServer({
    'POST /api/main/?getCustomerInfo': () => ok({ customer: demoCustomer() }),
    'POST /api/main/?getAnnouncements': () => ok({ announcements: [] }),
    'POST /api/main/?getNotificationSettings': () => ok({ settings }),
    'POST /api/main/?setNotificationSetting': (request) => {
      const body = request.body as { identified: string; value: boolean };
      if (save) return save(body);
      const setting = settings.find((item) => item.identified === body.identified)!;
      setting.value = body.value;
      return ok({ setting });
    },
  });
  const view = await renderApp({
    path: '/profile/notifications',
    apiBaseUrl: server.url,
    ...signedIn,
  });
  return { ...view, api: server };
}

const saves = (api: TestApiServer) =>
  api.requests.filter((request) => request.path === '/api/main/?setNotificationSetting');

describe('notification settings', () => {
  it('lists the settings by group; security notices the bank always sends cannot be switched off', async () => {
    await renderSettings();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Notification settings' }),
    ).toBeInTheDocument();
    const security = await screen.findByRole('region', { name: 'Security' });
    const [alwaysOn, newDevice] = within(security).getAllByTestId('notification-setting');
    expect(alwaysOn).toHaveTextContent(
      /^New sign-inWhen someone signs in to your account\. Always sent, for your safety\.Always on$/,
    );
    expect(within(alwaysOn!).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(newDevice!).getByRole('switch', { name: 'New device' })).toBeChecked();
    const offers = screen.getByRole('region', { name: 'Offers' });
    expect(within(offers).getByRole('switch', { name: 'Offers by e-mail' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('saves a switch at once and says it was saved', async () => {
    const { user, api } = await renderSettings();
    const toggle = await screen.findByRole('switch', { name: 'Offers by e-mail' });
    await user.click(toggle);
    expect(await screen.findByText('Saved: on')).toBeInTheDocument();
    expect(toggle).toBeChecked();
    expect(saves(api)).toHaveLength(1);
    expect(saves(api)[0]?.body).toMatchObject({ identified: 'marketingEmail', value: true });

    await user.click(toggle);
    expect(await screen.findByText('Saved: off')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
  });

  it('shows the new value while saving, and puts the switch back with the reason when the save fails', async () => {
    const gate = createGate();
    const { user } = await renderSettings(() => ({
      hold: gate.promise,
      status: 400,
      body: { responseCode: 'TA1', responseDescription: 'Settings are locked for this account' },
    }));
    const toggle = await screen.findByRole('switch', { name: 'New device' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    // The customer sees the change at once, while it is being saved.
    await waitFor(() => expect(toggle).not.toBeChecked());
    gate.open();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not saved: Settings are locked for this account',
    );
    await waitFor(() => expect(toggle).toBeChecked());
    expect(screen.queryByText(/^Saved:/)).not.toBeInTheDocument();
  });
});
