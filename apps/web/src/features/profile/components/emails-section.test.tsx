import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer, type Routes, type TestApiServer } from '@/test/api-server';
import { demoCustomer } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const ok = (body: Record<string, unknown>) => ({
  body: { responseCode: '00', responseDescription: 'OK', ...body },
});
const invalid = (validationErrors: Record<string, string>, description = 'Validation failed') => ({
  status: 400,
  body: { responseCode: 'TA1', responseDescription: description, validationErrors },
});

const signedIn = {
  prepareSession: (session: {
    signIn: (tokens: { accessToken: string; expiresIn: number }) => void;
  }) => session.signIn({ accessToken: 'tok', expiresIn: 300 }),
};

interface Email {
  emailId: number;
  email: string;
  isPrimary: boolean;
  confirmed: boolean;
  createdAt: string;
}

const CODE = '482913';

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server that keeps the customer's e-mail addresses and their codes, as the real one does. */
async function renderProfile(extra: Routes = {}) {
  const emails = new Map<number, Email>([
    [
      1,
      {
        emailId: 1,
        email: 'anna@pebble.example',
        isPrimary: true,
        confirmed: true,
        createdAt: '2024-01-02T10:00:00Z',
      },
    ],
  ]);
  let nextId = 2;
  const profile = () => ({
    customer: {
      customerId: 70,
      customerType: 0,
      firstName: 'Anna',
      lastName: 'Berg',
      businessName: null,
      birthDay: '1990-04-12',
      residenceCountryCode: 'GB',
      taxId: null,
      login: 'anna@pebble.example',
    },
    emails: [...emails.values()],
    phones: [],
    addresses: [],
    usernameChangeRequests: [],
    canCreatePersonalAccount: false,
  });
  server = await startApiServer({
    'POST /api/main/?getCustomerInfo': () => ok({ customer: demoCustomer() }),
    'POST /api/main/?getAnnouncements': () => ok({ announcements: [] }),
    'POST /api/main/?getCountries': () => ({
      body: {
        responseCode: 'SUCCESS',
        responseDescription: 'OK',
        countries: [{ code: 'GB', name: 'United Kingdom', phoneCode: '+44', isSepa: false }],
      },
    }),
    'POST /api/main/?getPhoneCodes': () => ({
      body: {
        responseCode: 'SUCCESS',
        responseDescription: 'OK',
        phoneCodes: [{ countryCode: 'GB', callingCode: '+44' }],
      },
    }),
    'POST /api/main/?getProfile': () => ok(profile()),
    'POST /api/main/?addEmail': (request) => {
      const { email } = request.body as { email: string };
      if ([...emails.values()].some((item) => item.email === email))
        return invalid({ email: 'validation.emailTaken' });
      const added = {
        emailId: nextId++,
        email,
        isPrimary: false,
        confirmed: false,
        createdAt: '2026-05-01T09:00:00Z',
      };
      emails.set(added.emailId, added);
      return ok({ email: added });
    },
    'POST /api/main/?confirmEmail': (request) => {
      const { emailId, confirmationCode } = request.body as {
        emailId: number;
        confirmationCode: string;
      };
      const item = emails.get(emailId);
      if (!item)
        return {
          status: 404,
          body: { responseCode: 'ENOA', responseDescription: 'E-mail not found' },
        };
      if (confirmationCode !== CODE)
        return invalid({ confirmationCode: 'The code is wrong. 4 tries left.' });
      item.confirmed = true;
      return ok({ email: item });
    },
    'POST /api/main/?requestEmailConfirmation': () => ok({ sent: true, codeExpiresInSeconds: 300 }),
    'POST /api/main/?deleteEmail': (request) => {
      const { emailId } = request.body as { emailId: number };
      emails.delete(emailId);
      return ok({ deleted: true });
    },
    'POST /api/main/?setPrimaryEmail': (request) => {
      const { emailId } = request.body as { emailId: number };
      for (const item of emails.values()) item.isPrimary = item.emailId === emailId;
      return ok({ email: emails.get(emailId) });
    },
    ...extra,
  });
  const view = await renderApp({ path: '/profile', apiBaseUrl: server.url, ...signedIn });
  return { ...view, api: server };
}

const calls = (api: TestApiServer, method: string) =>
  api.requests.filter((request) => request.path === `/api/main/?${method}`);

describe('profile: e-mail addresses', () => {
  it('adds an address, refuses a wrong code on the field, and confirms it with the right one', async () => {
    const { user, api } = await renderProfile();
    const list = await screen.findByRole('list', { name: 'Your e-mail addresses' });
    expect(within(list).getByText('anna@pebble.example')).toBeInTheDocument();
    expect(within(list).getByText('Primary')).toBeInTheDocument();
    // The primary address cannot be deleted: no button is offered.
    expect(
      screen.queryByRole('button', { name: /Delete anna@pebble.example/ }),
    ).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('E-mail address'), '  anna.work@pebble.example ');
    await user.click(screen.getByRole('button', { name: 'Add e-mail' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm your e-mail address' });
    expect(
      within(dialog).getByText(/We sent a 6-digit code to anna.work@pebble.example/),
    ).toBeInTheDocument();
    expect(calls(api, 'addEmail')[0]?.body).toMatchObject({ email: 'anna.work@pebble.example' });
    // The new address is listed at once, not yet confirmed.
    await waitFor(() => expect(within(list).getAllByTestId('email-row')).toHaveLength(2));
    expect(
      within(within(list).getAllByTestId('email-row')[1]!).getByText('Not confirmed'),
    ).toBeInTheDocument();

    const codeField = within(dialog).getByLabelText('Confirmation code');
    await user.type(codeField, '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('The code is wrong. 4 tries left.')).toBeInTheDocument();
    expect(codeField).toHaveAttribute('aria-invalid', 'true');

    await user.clear(codeField);
    await user.type(codeField, '482 913');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('anna.work@pebble.example is confirmed.')).toBeInTheDocument();
    expect(calls(api, 'confirmEmail').at(-1)?.body).toMatchObject({
      emailId: 2,
      confirmationCode: CODE,
    });
    const rows = within(list).getAllByTestId('email-row');
    await waitFor(() => expect(within(rows[1]!).getByText('Confirmed')).toBeInTheDocument());
    expect(
      within(rows[1]!).getByRole('button', { name: 'Make primary anna.work@pebble.example' }),
    ).toBeInTheDocument();
  });

  it('checks the address before asking the server, and shows the server’s refusal on the field', async () => {
    const { user, api } = await renderProfile();
    const field = await screen.findByLabelText('E-mail address');
    await user.type(field, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Add e-mail' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(calls(api, 'addEmail')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'anna@pebble.example');
    await user.click(screen.getByRole('button', { name: 'Add e-mail' }));
    expect(
      await screen.findByText('An account with this e-mail address already exists'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends a new code from the dialog and says so', async () => {
    const { user, api } = await renderProfile();
    await user.type(await screen.findByLabelText('E-mail address'), 'second@pebble.example');
    await user.click(screen.getByRole('button', { name: 'Add e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your e-mail address' });
    await user.click(within(dialog).getByRole('button', { name: 'Send a new code' }));
    expect(
      await within(dialog).findByText('A new code is on its way. The earlier one no longer works.'),
    ).toBeInTheDocument();
    expect(calls(api, 'requestEmailConfirmation')[0]?.body).toMatchObject({ emailId: 2 });
  });

  it('deletes an address only after the customer confirms, and makes a confirmed one primary', async () => {
    const { user, api } = await renderProfile();
    await user.type(await screen.findByLabelText('E-mail address'), 'old@pebble.example');
    await user.click(screen.getByRole('button', { name: 'Add e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your e-mail address' });
    await user.type(within(dialog).getByLabelText('Confirmation code'), CODE);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(
      await screen.findByRole('button', { name: 'Make primary old@pebble.example' }),
    );
    expect(
      await screen.findByText('old@pebble.example is now your primary address.'),
    ).toBeInTheDocument();
    expect(calls(api, 'setPrimaryEmail')[0]?.body).toMatchObject({ emailId: 2 });

    // Now the first address is the one that may go.
    await user.click(await screen.findByRole('button', { name: 'Delete anna@pebble.example' }));
    const ask = await screen.findByRole('dialog', { name: 'Delete this e-mail address?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(api, 'deleteEmail')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete anna@pebble.example' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this e-mail address?' })).getByRole(
        'button',
        { name: 'Delete address' },
      ),
    );
    expect(await screen.findByText('anna@pebble.example was deleted.')).toBeInTheDocument();
    expect(calls(api, 'deleteEmail')[0]?.body).toMatchObject({ emailId: 1 });
    const list = screen.getByRole('list', { name: 'Your e-mail addresses' });
    await waitFor(() => expect(within(list).getAllByTestId('email-row')).toHaveLength(1));
  });
});
