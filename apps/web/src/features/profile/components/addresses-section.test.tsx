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

const address = (overrides: Record<string, unknown>) => ({
  address2: null,
  postalCode: null,
  stateCode: null,
  stateName: null,
  isDocumentOutOfDate: false,
  isCardDocumentRequired: false,
  isDocumentRequired: false,
  replacesAddressId: null,
  ...overrides,
});

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Replacing into the US needs a document; replacing into DE is refused while one is pending. */
async function renderProfile(options: { empty?: boolean } = {}) {
  const addresses = new Map<number, Record<string, unknown>>(
    options.empty
      ? []
      : [
          [
            1,
            address({
              addressId: 1,
              address1: '18 Lantern Street',
              city: 'London',
              postalCode: 'E1 6AN',
              countryCode: 'GB',
              addressStatus: 'confirmed',
              confirmed: true,
            }),
          ],
          [
            2,
            address({
              addressId: 2,
              address1: '4 Old Mill Lane',
              city: 'York',
              countryCode: 'GB',
              addressStatus: 'nameMismatch',
              confirmed: false,
              isDocumentRequired: true,
            }),
          ],
        ],
  );
  server = await startApiServer({
    'POST /api/main/?getCustomerInfo': () => ok({ customer: demoCustomer() }),
    'POST /api/main/?getAnnouncements': () => ok({ announcements: [] }),
    'POST /api/main/?getCountries': () =>
      dictionary({
        countries: [
          { code: 'DE', name: 'Germany', phoneCode: '+49', isSepa: true },
          { code: 'GB', name: 'United Kingdom', phoneCode: '+44', isSepa: false },
          { code: 'US', name: 'United States', phoneCode: '+1', isSepa: false },
        ],
      }),
    'POST /api/main/?getPhoneCodes': () => dictionary({ phoneCodes: [] }),
    'POST /api/main/?getStates': (request) => {
      const { countryCode } = request.body as { countryCode: string };
      return dictionary({
        states: countryCode === 'US' ? [{ code: 'US-NY', name: 'New York' }] : [],
      });
    },
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
        emails: [],
        phones: [],
        addresses: [...addresses.values()],
        usernameChangeRequests: [],
        canCreatePersonalAccount: false,
      }),
    'POST /api/main/?checkAddressReplacement': (request) => {
      const { countryCode } = request.body as { countryCode: string };
      if (countryCode === 'DE')
        return ok({ allowed: false, requiresDocument: false, reason: 'replacementPending' });
      return ok({ allowed: true, requiresDocument: countryCode === 'US' });
    },
    'POST /api/main/?createAddress': (request) => {
      const added = address({
        ...(request.body as Record<string, unknown>),
        addressId: 5,
        addressStatus: 'unconfirmed',
        confirmed: false,
        isDocumentRequired: true,
      });
      addresses.set(5, added);
      return ok({ address: added });
    },
    // With a document to review, the confirmed address waits for the bank (pending).
    'POST /api/main/?confirmAddress': (request) => {
      const { addressId } = request.body as { addressId: number };
      const item = addresses.get(addressId)!;
      item.addressStatus = 'pending';
      return ok({ address: item });
    },
    'POST /api/main/?replaceAddress': (request) => {
      const { oldAddressId, ...fields } = request.body as Record<string, unknown> & {
        oldAddressId: number;
      };
      const added = address({
        ...fields,
        addressId: 3,
        addressStatus: 'unconfirmed',
        confirmed: false,
        replacesAddressId: oldAddressId,
        stateName: 'New York',
      });
      addresses.set(3, added);
      return ok({ address: added });
    },
  });
  const view = await renderApp({ path: '/profile', apiBaseUrl: server.url, ...signedIn });
  return { ...view, api: server };
}

describe('profile: addresses', () => {
  it('shows each address with its status in words and what it still needs', async () => {
    await renderProfile();
    const list = await screen.findByRole('list', { name: 'Your addresses' });
    const [first, second] = within(list).getAllByTestId('address-row');
    expect(first).toHaveTextContent('18 Lantern Street');
    expect(first).toHaveTextContent('E1 6AN London');
    expect(first).toHaveTextContent('Confirmed');
    // A confirmed address is replaced, never removed; with one current address there is no second to add.
    expect(within(first!).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(
      within(second!).getByRole('button', { name: 'Delete 4 Old Mill Lane' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add an address' })).not.toBeInTheDocument();
    expect(second).toHaveTextContent('Name does not match');
    expect(second).toHaveTextContent('A proof of address document is needed for this address.');
  });

  it('asks whether an address may be replaced, and sends the replacement only when it may', async () => {
    const { user, api } = await renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Replace 18 Lantern Street' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace an address' });
    const country = within(dialog).getByRole('combobox', { name: 'Country' });
    expect(await within(dialog).findByText('The address can be replaced.')).toBeInTheDocument();

    await user.selectOptions(country, 'DE');
    expect(
      await within(dialog).findByText(/A replacement of this address is already waiting/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Replace address' })).toBeDisabled();

    await user.selectOptions(country, 'US');
    expect(
      await within(dialog).findByText(
        'The address can be replaced. We will ask you for a proof of address document.',
      ),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Street and number'), '350 Fifth Avenue');
    await user.type(within(dialog).getByLabelText('Town or city'), 'New York');
    await user.type(within(dialog).getByLabelText('Postcode'), '10118');
    await user.click(within(dialog).getByRole('button', { name: 'Replace address' }));
    // The United States lists states: one must be chosen.
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(api.requests.some((request) => request.path === '/api/main/?replaceAddress')).toBe(
      false,
    );

    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'State or province' }),
      'US-NY',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Replace address' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      api.requests.find((request) => request.path === '/api/main/?replaceAddress')?.body,
    ).toMatchObject({
      oldAddressId: 1,
      countryCode: 'US',
      stateCode: 'US-NY',
      address1: '350 Fifth Avenue',
      city: 'New York',
      postalCode: '10118',
    });
    const checked = api.requests
      .filter((request) => request.path === '/api/main/?checkAddressReplacement')
      .map((request) => request.body);
    expect(checked).toEqual(
      expect.arrayContaining([expect.objectContaining({ countryCode: 'US', oldAddressId: 1 })]),
    );
    const list = screen.getByRole('list', { name: 'Your addresses' });
    await waitFor(() => expect(within(list).getAllByTestId('address-row')).toHaveLength(3));
    const replacement = within(list).getAllByTestId('address-row')[2]!;
    expect(replacement).toHaveTextContent(/^350 Fifth Avenue10118 New YorkNew York, United States/);
    expect(replacement).toHaveTextContent('Not confirmed');
    expect(
      within(replacement).getByRole('button', { name: 'Confirm 350 Fifth Avenue' }),
    ).toBeInTheDocument();
    expect(replacement).toHaveTextContent(
      'Replaces 18 Lantern Street, E1 6AN London, United Kingdom once confirmed',
    );
    // A pending replacement is withdrawn, not deleted; the replaced address offers no second replacement.
    expect(
      within(replacement).getByRole('button', { name: 'Withdraw 350 Fifth Avenue' }),
    ).toBeInTheDocument();
    expect(
      within(list).queryByRole('button', { name: 'Replace 18 Lantern Street' }),
    ).not.toBeInTheDocument();
  });

  it('starts with no address, adds one and sends it for review', async () => {
    const { user, api } = await renderProfile({ empty: true });
    expect(await screen.findByText('No address yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add an address' }));
    const dialog = await screen.findByRole('dialog', { name: 'New address' });
    // The country of residence is chosen to begin with.
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Country' })).toHaveValue('GB'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() =>
      expect(within(dialog).getAllByText('This field is required')).toHaveLength(3),
    );
    await user.type(within(dialog).getByLabelText('Street and number'), '  9   Quay   Road ');
    await user.type(within(dialog).getByLabelText('Town or city'), 'Leeds');
    await user.type(within(dialog).getByLabelText('Postcode'), 'LS1 4AP');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(
      await screen.findByText('The address 9 Quay Road, LS1 4AP Leeds, United Kingdom was added.'),
    ).toBeInTheDocument();
    const body = api.requests.find((request) => request.path === '/api/main/?createAddress')
      ?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      address1: '9 Quay Road',
      city: 'Leeds',
      postalCode: 'LS1 4AP',
      countryCode: 'GB',
    });
    expect(body).not.toHaveProperty('address2');

    await user.click(await screen.findByRole('button', { name: 'Confirm 9 Quay Road' }));
    expect(
      await screen.findByText(
        /The address 9 Quay Road, LS1 4AP Leeds, United Kingdom was sent for review/,
      ),
    ).toBeInTheDocument();
    const row = screen.getByTestId('address-row');
    await waitFor(() => expect(row).toHaveTextContent('Being checked'));
    expect(within(row).queryByRole('button', { name: /^Confirm/ })).not.toBeInTheDocument();
  });
});
