import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BusinessInfo } from '@ledgerline/contract';
import { startApiServer, type Routes, type TestApiServer } from '@/test/api-server';
import { demoCustomer, ok, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { fullAccessInfo } from '@/test/signed-in-home';

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const info = (overrides: Partial<BusinessInfo> = {}): BusinessInfo => ({
  customerId: 90,
  name: 'Harbourlight Studio Ltd',
  registrationCountryCode: 'GB',
  tradingName: 'Harbourlight',
  email: 'accounts@harbourlight.example',
  registrationNumber: '09876543',
  registrationDate: '2017-03-14',
  businessTaxId: 'GB 123 4567 89',
  website: 'https://harbourlight.example',
  description: 'Lighting design.',
  verified: true,
  limited: false,
  addresses: [
    {
      type: 'registered',
      address1: '14 Quayside Walk',
      address2: null,
      city: 'Bristol',
      postalCode: 'BS1 4RN',
      countryCode: 'GB',
    },
  ],
  phone: null,
  financialDetail: null,
  dueDiligenceQuestionnaire: null,
  isConverted: false,
  updatedAt: '2026-10-01T10:00:00.000Z',
  ...overrides,
});

function accessAt(level: number) {
  return {
    ...fullAccessInfo(),
    customer: { id: 90, username: 'office@harbourlight.example', name: 'Harbourlight Studio Ltd' },
    accessList: { balanceInfo: level, transfers: level, companyDocuments: level },
    accessRights: level,
    accessibleCustomers: [
      {
        id: 70,
        username: 'anna@pebble.example',
        name: 'Anna Berg',
        customerType: 0,
        accessRights: 2,
        isOwn: true,
      },
      {
        id: 90,
        username: 'office@harbourlight.example',
        name: 'Harbourlight Studio Ltd',
        customerType: 2,
        accessRights: level,
        isOwn: false,
      },
    ],
  };
}

async function render(path: string, level: number, routes: Routes = {}) {
  server = await startApiServer({
    'POST /api/main/?getCustomerInfo': () => ok({ customer: demoCustomer() }),
    'POST /api/main/?getCustomerAccessInfo': () => ok(accessAt(level)),
    'POST /api/main/?getBusinessInfo': () => ok({ businessInfo: info() }),
    'POST /api/main/?getCountries': () =>
      ok({
        responseCode: 'SUCCESS',
        countries: [{ code: 'GB', name: 'United Kingdom', phoneCode: '+44', isSepa: true }],
      }),
    ...routes,
  });
  return renderApp({ path, apiBaseUrl: server.url, ...signedIn });
}

describe('company screens (issue 15D)', () => {
  it('shows the legal facts as the bank’s record and saves the contact details with full access', async () => {
    const { user } = await render('/company/details', 2, {
      'POST /api/main/?updateBusinessContact': () =>
        ok({ businessInfo: info({ website: 'https://new.example' }) }),
    });
    const legal = await screen.findByRole('region', { name: 'Registration' });
    expect(within(legal).getByText('09876543')).toBeInTheDocument();
    expect(within(legal).getByText('14 March 2017')).toBeInTheDocument();
    expect(screen.queryByLabelText('Company number')).not.toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Contact details of the company' });
    const website = within(form).getByLabelText('Website');
    await user.clear(website);
    await user.type(website, 'https://new.example');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Your changes are saved.')).toBeInTheDocument();
    const sent = server!.requests.find(
      (request) => request.path === '/api/main/?updateBusinessContact',
    );
    expect(sent?.body).toMatchObject({
      website: 'https://new.example',
      email: 'accounts@harbourlight.example',
    });
  });

  it('offers an initiate-only user no form, and says why', async () => {
    await render('/company/details', 3);
    expect(await screen.findByRole('region', { name: 'Registration' })).toBeInTheDocument();
    expect(
      screen.getByText('Only a user with full access to this company can change these details.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });

  it('marks the financial details and due diligence the bank still needs on the overview', async () => {
    await render('/company', 2);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Harbourlight Studio Ltd' }),
    ).toBeInTheDocument();
    const financial = screen.getByRole('region', { name: 'Financial details' });
    expect(within(financial).getByText('Needed by the bank')).toBeInTheDocument();
  });

  it('switches to the personal profile from the header without signing in again', async () => {
    const { user, session } = await render('/company', 2);
    await user.click(
      await screen.findByRole('button', {
        name: /Switch to another customer: Harbourlight Studio Ltd/,
      }),
    );
    await user.click(await screen.findByRole('menuitem', { name: /Anna Berg/ }));
    await waitFor(() => expect(session.getCustomerId()).toBeUndefined());
    expect(session.isAuthenticated()).toBe(true);
  });
});
