import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer, type TestApiServer } from '@/test/api-server';
import { demoCustomer } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const ok = (body: Record<string, unknown>) => ({
  body: { responseCode: '00', responseDescription: 'OK', ...body },
});
const dictionary = (body: Record<string, unknown>) => ({
  body: { responseCode: 'SUCCESS', responseDescription: 'OK', ...body },
});

const signedIn = {
  prepareSession: (session: {
    signIn: (tokens: { accessToken: string; expiresIn: number }) => void;
  }) => session.signIn({ accessToken: 'tok', expiresIn: 300 }),
};

interface Phone {
  id: number;
  countryCode: string;
  number: string;
  confirmed: boolean;
  phoneType: number;
  replacesPhoneId: number | null;
}

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The real server's phone rules in small: 07700 900xxx numbers are valid in GB, one of them is taken. */
async function renderProfile() {
  const phones = new Map<number, Phone>([
    [
      1,
      {
        id: 1,
        countryCode: 'GB',
        number: '+44 7700 900123',
        confirmed: true,
        phoneType: 2,
        replacesPhoneId: null,
      },
    ],
  ]);
  let nextId = 2;
  server = await startApiServer({
    'POST /api/main/?getCustomerInfo': () => ok({ customer: demoCustomer() }),
    'POST /api/main/?getAnnouncements': () => ok({ announcements: [] }),
    'POST /api/main/?getCountries': () =>
      dictionary({
        countries: [
          { code: 'DE', name: 'Germany', phoneCode: '+49', isSepa: true },
          { code: 'GB', name: 'United Kingdom', phoneCode: '+44', isSepa: false },
        ],
      }),
    'POST /api/main/?getPhoneCodes': () =>
      dictionary({
        phoneCodes: [
          { countryCode: 'DE', callingCode: '+49' },
          { countryCode: 'GB', callingCode: '+44' },
        ],
      }),
    'POST /api/main/?getProfile': () =>
      ok({
        customer: {
          customerId: 70,
          customerType: 0,
          firstName: 'Anna',
          lastName: 'Berg',
          businessName: null,
          birthDay: null,
          residenceCountryCode: 'GB',
          taxId: null,
          login: 'anna@pebble.example',
        },
        emails: [
          {
            emailId: 1,
            email: 'anna@pebble.example',
            isPrimary: true,
            confirmed: true,
            createdAt: '2024-01-02T10:00:00Z',
          },
        ],
        phones: [...phones.values()],
        addresses: [],
        usernameChangeRequests: [],
        canCreatePersonalAccount: false,
      }),
    'POST /api/main/?checkPhone': (request) => {
      const { phoneCountryCode, phone } = request.body as {
        phoneCountryCode: string;
        phone: string;
      };
      const digits = phone.replace(/\D/g, '');
      const valid = phoneCountryCode === 'GB' && /^0?7700900\d{3}$/.test(digits);
      return ok({ valid, exists: valid && digits.endsWith('123') });
    },
    'POST /api/main/?addPhone': (request) => {
      const { phone, phoneId } = request.body as { phone: string; phoneId?: number };
      const added = {
        id: nextId++,
        countryCode: 'GB',
        number: `+44 ${phone.replace(/^0/, '')}`,
        confirmed: false,
        phoneType: 2,
        replacesPhoneId: phoneId ?? null,
      };
      phones.set(added.id, added);
      return ok({ phone: added, codeExpiresInSeconds: 300 });
    },
    'POST /api/main/?confirmPhone': (request) => {
      const { phoneId, code } = request.body as { phoneId: number; code: string };
      const phone = phones.get(phoneId)!;
      if (code !== '246810')
        return {
          status: 400,
          body: {
            responseCode: 'TA1',
            responseDescription: 'Validation failed',
            validationErrors: { code: 'The code is wrong' },
          },
        };
      phone.confirmed = true;
      if (phone.replacesPhoneId !== null) phones.delete(phone.replacesPhoneId);
      phone.replacesPhoneId = null;
      return ok({ phone });
    },
  });
  const view = await renderApp({ path: '/profile', apiBaseUrl: server.url, ...signedIn });
  return { ...view, api: server };
}

const checks = (api: TestApiServer) =>
  api.requests
    .filter((request) => request.path === '/api/main/?checkPhone')
    .map((request) => (request.body as { phone: string }).phone);

describe('profile: phones', () => {
  it('checks a number only once it looks like one, once per value, and says what the check found', async () => {
    const { user, api } = await renderProfile();
    const country = await screen.findByRole('combobox', { name: 'Country code' });
    // The country of residence is chosen to begin with.
    await waitFor(() => expect(country).toHaveValue('GB'));
    const number = screen.getByLabelText('Mobile number');

    await user.type(number, '07');
    expect(screen.queryByText('Checking the number…')).not.toBeInTheDocument();
    await user.type(number, '700 900123');
    expect(await screen.findByText('This number is already registered')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add number' })).toBeDisabled();

    await user.clear(number);
    await user.type(number, '07700 900456');
    expect(await screen.findByText('This number can be added.')).toBeInTheDocument();
    // Back to the first value: the answer comes from the cache, not from another call.
    await user.clear(number);
    await user.type(number, '07700 900123');
    expect(await screen.findByText('This number is already registered')).toBeInTheDocument();
    expect(checks(api)).toEqual(['07700 900123', '07700 900456']);

    await user.selectOptions(country, 'DE');
    expect(
      await screen.findByText('This is not a valid mobile number for the chosen country'),
    ).toBeInTheDocument();
  });

  it('replaces a phone with a new number confirmed by the SMS code', async () => {
    const { user, api } = await renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Replace +44 7700 900123' }));
    expect(screen.getByText('Replace +44 7700 900123')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Mobile number'), '07700 900456');
    expect(await screen.findByText('This number can be added.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Replace number' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm your phone number' });
    expect(
      within(dialog).getByText('We sent a 6-digit code by SMS to +44 7700 900456.'),
    ).toBeInTheDocument();
    expect(
      api.requests.find((request) => request.path === '/api/main/?addPhone')?.body,
    ).toMatchObject({
      phoneCountryCode: 'GB',
      phone: '07700 900456',
      phoneType: 2,
      phoneId: 1,
    });
    // Until confirmed, the new number is listed as the replacement of the old one.
    const list = screen.getByRole('list', { name: 'Your phone numbers' });
    expect(
      await within(list).findByText('Replaces +44 7700 900123 once confirmed'),
    ).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Confirmation code'), '246810');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('+44 7700 900456 is confirmed.')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByTestId('phone-row')).toHaveLength(1));
    expect(within(list).getByTestId('phone-row')).toHaveTextContent(/^\+44 7700 900456Confirmed/);
  });
});
