import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Routes } from '@/test/api-server';
import { renderApp } from '@/test/render-app';
import {
  ok,
  refused,
  REQUEST_KEY,
  serveSecurity,
  signedIn,
  type SecurityServer,
} from '../test/security-api';

let server: SecurityServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const codeSent = () =>
  ok({
    requestKey: REQUEST_KEY,
    sentTo: 'a•••@pebble.example',
    expiresAt: '2026-03-01T10:05:00.000Z',
  });

async function openSettings(routes: Routes = {}) {
  server = await serveSecurity(routes);
  const rendered = await renderApp({ path: '/setting', apiBaseUrl: server.url, ...signedIn });
  const section = await screen.findByRole('region', { name: 'Change password' });
  return { ...rendered, section: within(section) };
}

type User = Awaited<ReturnType<typeof openSettings>>['user'];

/** Types into a field by pasting (what a password manager does; per-key typing is slow in jsdom). */
async function fill(user: User, field: HTMLElement, value: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(value);
}

async function fillPasswords(
  user: User,
  values: { current: string; next: string; repeat: string },
) {
  await fill(user, screen.getByLabelText('Current password'), values.current);
  await fill(user, screen.getByLabelText('New password'), values.next);
  await fill(user, screen.getByLabelText('Repeat the new password'), values.repeat);
}

describe('changing the password on /setting', () => {
  it('checks the fields before sending: each is required and the new one follows the password rule', async () => {
    const { user, section } = await openSettings();
    await user.click(section.getByRole('button', { name: 'Change password' }));
    expect(await section.findAllByText('This field is required')).toHaveLength(2);
    expect(
      section.getByText('Use at least 10 characters, with at least one letter and one digit'),
    ).toBeInTheDocument();
    expect(server!.calls('changePassword')).toHaveLength(0);
  });

  it('refuses a repeat that differs and a new password equal to the current one, without sending', async () => {
    const { user, section } = await openSettings();
    await fillPasswords(user, {
      current: 'Old-pass-2026',
      next: 'Harbour-light-42',
      repeat: 'Harbour-light-43',
    });
    await user.click(section.getByRole('button', { name: 'Change password' }));
    expect(await section.findByText('The passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Repeat the new password')).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await fill(user, screen.getByLabelText('New password'), 'Old-pass-2026');
    await fill(user, screen.getByLabelText('Repeat the new password'), 'Old-pass-2026');
    await user.click(section.getByRole('button', { name: 'Change password' }));
    expect(
      await section.findByText('The new password must differ from the current one'),
    ).toBeInTheDocument();
    expect(server!.calls('changePassword')).toHaveLength(0);
  });

  it('asks for the e-mailed code with the requestKey, then shows the success text', async () => {
    const { user, section } = await openSettings({
      'POST /api/main/?changePassword': codeSent,
      'POST /api/main/?confirmPasswordChange': () => ok({ changed: true }),
    });
    await fillPasswords(user, {
      current: 'Old-pass-2026',
      next: 'Harbour-light-42',
      repeat: 'Harbour-light-42',
    });
    await user.click(section.getByRole('button', { name: 'Change password' }));

    expect(
      await section.findByText(/We sent a confirmation code to a•••@pebble\.example/),
    ).toBeInTheDocument();
    expect(server!.calls('changePassword')).toEqual([
      expect.objectContaining({
        password: 'Old-pass-2026',
        passwordNew: 'Harbour-light-42',
        passwordNewRepeat: 'Harbour-light-42',
      }),
    ]);
    await fill(user, section.getByLabelText('Code from the e-mail'), '12');
    await user.click(section.getByRole('button', { name: 'Confirm new password' }));
    expect(await section.findByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(server!.calls('confirmPasswordChange')).toHaveLength(0);

    await fill(user, section.getByLabelText('Code from the e-mail'), '123 456');
    await user.click(section.getByRole('button', { name: 'Confirm new password' }));
    const popup = await screen.findByRole('dialog', { name: 'Change password' });
    expect(
      within(popup).getByText('Your password has been successfully updated.'),
    ).toBeInTheDocument();
    expect(server!.calls('confirmPasswordChange')).toEqual([
      expect.objectContaining({ requestKey: REQUEST_KEY, code: '123456' }),
    ]);

    // The server's realtime echo of this very change does not open the popup a second time.
    await user.click(within(popup).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const settingsReads = server!.calls('getSecuritySettings').length;
    await server!.push({ type: 'PasswordChange', payload: { result: 'success' } });
    // Events arrive in order: once the next one has refreshed the settings, the echo was handled.
    await server!.push({ type: 'TwoStepVerificationModeSet' });
    await waitFor(() =>
      expect(server!.calls('getSecuritySettings').length).toBeGreaterThan(settingsReads),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('puts the server’s refusals on the fields: a wrong current password, then a wrong code', async () => {
    let attempts = 0;
    const { user, section } = await openSettings({
      'POST /api/main/?changePassword': () => {
        attempts += 1;
        return attempts === 1
          ? refused('The current password is not right', { password: 'validation.passwordWrong' })
          : codeSent();
      },
      'POST /api/main/?confirmPasswordChange': () =>
        refused('That code is not right', { code: 'validation.codeWrong' }),
    });
    await fillPasswords(user, {
      current: 'Wrong-pass-1',
      next: 'Harbour-light-42',
      repeat: 'Harbour-light-42',
    });
    await user.click(section.getByRole('button', { name: 'Change password' }));
    expect(await section.findByText('The current password is not right')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true'),
    );

    await user.click(section.getByRole('button', { name: 'Change password' }));
    await fill(user, await section.findByLabelText('Code from the e-mail'), '000000');
    await user.click(section.getByRole('button', { name: 'Confirm new password' }));
    expect(
      await section.findByText('That code is not right. Check it and try again.'),
    ).toBeInTheDocument();
    expect(section.getByLabelText('Code from the e-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cancelling the change says ‘Confirmation canceled’ and starts over', async () => {
    const { user, section } = await openSettings({
      'POST /api/main/?changePassword': codeSent,
      'POST /api/main/?cancelPasswordChange': () => ok({ canceled: true }),
    });
    await fillPasswords(user, {
      current: 'Old-pass-2026',
      next: 'Harbour-light-42',
      repeat: 'Harbour-light-42',
    });
    await user.click(section.getByRole('button', { name: 'Change password' }));
    await user.click(await section.findByRole('button', { name: 'Cancel the change' }));
    const popup = await screen.findByRole('dialog', { name: 'Change password' });
    expect(within(popup).getByText('Confirmation canceled')).toBeInTheDocument();
    expect(server!.calls('cancelPasswordChange')).toEqual([
      expect.objectContaining({ requestKey: REQUEST_KEY }),
    ]);
    await user.click(within(popup).getByRole('button', { name: 'OK' }));
    expect(await screen.findByLabelText('Current password')).toHaveValue('');
  });

  it('shows the outcome the PasswordChange event brings when the change was settled elsewhere', async () => {
    const { user, section } = await openSettings({ 'POST /api/main/?changePassword': codeSent });
    await fillPasswords(user, {
      current: 'Old-pass-2026',
      next: 'Harbour-light-42',
      repeat: 'Harbour-light-42',
    });
    await user.click(section.getByRole('button', { name: 'Change password' }));
    await section.findByLabelText('Code from the e-mail');

    await server!.push({ type: 'PasswordChange', payload: { result: 'canceled' } });
    const popup = await screen.findByRole('dialog', { name: 'Change password' });
    expect(within(popup).getByText('Confirmation canceled')).toBeInTheDocument();
    expect(section.queryByLabelText('Code from the e-mail')).not.toBeInTheDocument();
  });
});
