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

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

function settings(login2faMode: string) {
  return ok({
    login2faMode,
    transactionApproveMode: 0,
    availableLoginModes: ['no', 'otp', 'push'],
    availableTransactionModes: [0, 3, 4],
    ipWhitelistEnabled: false,
    currentIp: '198.51.100.20',
  });
}

async function openSettings(routes: Routes) {
  server = await serveSecurity(routes);
  const rendered = await renderApp({ path: '/setting', apiBaseUrl: server.url, ...signedIn });
  const section = within(await screen.findByRole('region', { name: 'Two-step verification' }));
  return { ...rendered, section };
}

type User = Awaited<ReturnType<typeof openSettings>>['user'];
async function fill(user: User, field: HTMLElement, value: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(value);
}

describe('changing the sign-in second factor on /setting', () => {
  it('switches to the authenticator app: the e-mailed code, the QR code and a code from the new entry', async () => {
    let mode = 'no';
    const { user, section } = await openSettings({
      'POST /api/main/?getSecuritySettings': () => settings(mode),
      'POST /api/main/?setTwoStepVerification': () =>
        ok({
          requestKey: REQUEST_KEY,
          confirmWith: 'email',
          sentTo: 'a•••@pebble.example',
          otpauthUri: `otpauth://totp/Pebble:anna%40pebble.example?secret=${SECRET}&issuer=Pebble`,
          secret: SECRET,
          expiresAt: '2026-03-01T10:05:00.000Z',
        }),
      'POST /api/main/?confirmTwoStepVerification': () => {
        mode = 'otp';
        return ok({ login2faMode: 'otp', transactionApproveMode: 0 });
      },
    });
    expect(await section.findByText('Off (password only)')).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Change sign-in method' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Two-step verification for signing in' }),
    );
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(await dialog.findByText('Choose one of the options')).toBeInTheDocument();

    await user.click(dialog.getByLabelText('Authenticator app'));
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(
      await dialog.findByRole('img', {
        name: /QR code that adds Pebble Wallet to your authenticator app/,
      }),
    ).toBeInTheDocument();
    expect(dialog.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(
      dialog.getByText('We sent a confirmation code to a•••@pebble.example.'),
    ).toBeInTheDocument();
    expect(server!.calls('setTwoStepVerification')).toEqual([
      expect.objectContaining({ target: 'login', mode: 'otp' }),
    ]);

    await fill(user, dialog.getByLabelText('Code shown by the app'), '246810');
    await fill(user, dialog.getByLabelText('Code from the e-mail'), '135 790');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(
      await dialog.findByText('Done. Signing in now asks for: Authenticator app.'),
    ).toBeInTheDocument();
    expect(server!.calls('confirmTwoStepVerification')).toEqual([
      expect.objectContaining({ requestKey: REQUEST_KEY, code: '135790', newFactorCode: '246810' }),
    ]);
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    expect(await section.findByText('Authenticator app')).toBeInTheDocument();
  });

  it('asks for a code from the app when leaving it, and shows a wrong one on its field', async () => {
    const { user, section } = await openSettings({
      'POST /api/main/?getSecuritySettings': () => settings('otp'),
      'POST /api/main/?setTwoStepVerification': () =>
        refused('That code is not right', { currentCode: 'validation.codeWrong' }),
    });
    await user.click(await section.findByRole('button', { name: 'Change sign-in method' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Two-step verification for signing in' }),
    );
    await user.click(dialog.getByLabelText('Off (password only)'));
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(await dialog.findByText('This field is required')).toBeInTheDocument();
    expect(server!.calls('setTwoStepVerification')).toHaveLength(0);

    await fill(user, dialog.getByLabelText('Code from your authenticator app'), '111111');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(
      await dialog.findByText('That code is not right. Check it and try again.'),
    ).toBeInTheDocument();
    expect(server!.calls('setTwoStepVerification')).toEqual([
      expect.objectContaining({ target: 'login', mode: 'no', currentCode: '111111' }),
    ]);
  });

  it('refreshes the shown mode when the TwoStepVerificationConfirmed event arrives', async () => {
    let mode = 'no';
    const { section } = await openSettings({
      'POST /api/main/?getSecuritySettings': () => settings(mode),
    });
    expect(await section.findByText('Off (password only)')).toBeInTheDocument();
    mode = 'push';
    await server!.push({ type: 'TwoStepVerificationConfirmed' });
    await waitFor(() =>
      expect(section.getByText('Approval in the mobile app')).toBeInTheDocument(),
    );
    // The customer info (login2faMode) is read again too.
    expect(server!.calls('getCustomerInfo').length).toBeGreaterThan(1);
  });
});
