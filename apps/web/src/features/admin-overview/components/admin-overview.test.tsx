import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer, type TestApiServer } from '@/test/api-server';
import { demoCustomer, ok, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { fullAccessInfo, homeRoutes } from '@/test/signed-in-home';

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const adminInfo = () => ok({ customer: demoCustomer({ isAdmin: true }) });

function found(id: number, name: string) {
  return {
    id,
    name,
    customerType: 0,
    brandId: 'pebble',
    email: `${name.split(' ')[0]!.toLowerCase()}@pebble.example`,
    verified: true,
    limited: false,
    isNeedKyc: false,
    matchedBy: 'name',
  };
}

describe('the administrator overview', () => {
  it('searches customers of the brand, pages through them and says when nothing matches', async () => {
    const user = userEvent.setup();
    server = await startApiServer({
      'POST /api/main/?getCustomerInfo': adminInfo,
      'POST /api/main/?searchCustomers': (request) => {
        const { query, page } = request.body as { query: string; page: number };
        if (query === 'nobody') return ok({ customers: [], page, pageSize: 20, hasMore: false });
        return ok({
          customers: page === 1 ? [found(71, 'Anna Novak')] : [found(72, 'Anna Kowal')],
          page,
          pageSize: 20,
          hasMore: page === 1,
        });
      },
    });
    await renderApp({ path: '/admin-overview', apiBaseUrl: server.url, ...signedIn });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Administrator overview' }),
    ).toBeInTheDocument();
    const search = screen.getByRole('search', { name: 'Find a customer' });
    await user.type(within(search).getByRole('textbox'), '  anna  ');
    await user.click(within(search).getByRole('button', { name: 'Search' }));

    const results = await screen.findByRole('list', { name: 'Customers' });
    expect(within(results).getByRole('link', { name: 'Anna Novak' })).toHaveAttribute(
      'href',
      '/admin-overview/customers/71',
    );
    expect(within(results).getByText('Verified')).toBeInTheDocument();
    const sent = server.requests.find((request) => request.path.includes('searchCustomers'));
    expect(sent?.body).toMatchObject({ query: 'anna', page: 1 });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Anna Kowal' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.clear(within(search).getByRole('textbox'));
    await user.type(within(search).getByRole('textbox'), 'nobody');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No customers found')).toBeInTheDocument();
  });
});

describe('acting for a customer', () => {
  it('shows whom the administrator acts for on home and stops acting back to the overview', async () => {
    const user = userEvent.setup();
    const acting = {
      ...fullAccessInfo(),
      customer: { id: 90, username: 'anna@pebble.example', name: 'Anna Novak' },
      // The administrator's own customer only: Anna is none the user may act for by right.
      accessibleCustomers: [
        {
          id: 70,
          username: 'admin@ledgerline.test',
          name: 'Adele Moreau',
          customerType: 0,
          accessRights: 2,
          isOwn: true,
        },
      ],
    };
    let stopped = false;
    server = await startApiServer(
      homeRoutes(undefined, {
        'POST /api/main/?getCustomerInfo': adminInfo,
        'POST /api/main/?getCustomerAccessInfo': () => ok(stopped ? fullAccessInfo() : acting),
        'POST /api/main/?stopActingForCustomer': () => {
          stopped = true;
          return ok({ customerId: 90, stopped: true });
        },
      }),
    );
    await renderApp({
      path: '/home',
      apiBaseUrl: server.url,
      prepareSession: (session) => {
        signedIn.prepareSession(session);
        session.setCustomerId(90);
      },
    });
    const banner = await screen.findByRole('region', { name: 'Acting for a customer' });
    expect(banner).toHaveTextContent('You are acting for Anna Novak (customer 90) as staff.');
    await user.click(within(banner).getByRole('button', { name: 'Stop acting' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Administrator overview' }),
    ).toBeInTheDocument();
    const stop = server.requests.find((request) => request.path.includes('stopActingForCustomer'));
    expect(stop?.body).toMatchObject({ customerId: 90 });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Acting for a customer' })).toBeNull(),
    );
  });

  it('shows no banner to a customer acting for themself', async () => {
    const own = {
      ...fullAccessInfo(),
      accessibleCustomers: [
        {
          id: 70,
          username: 'anna@pebble.example',
          name: 'Anna Berg',
          customerType: 0,
          accessRights: 2,
          isOwn: true,
        },
      ],
    };
    server = await startApiServer(
      homeRoutes(undefined, { 'POST /api/main/?getCustomerAccessInfo': () => ok(own) }),
    );
    await renderApp({ path: '/home', apiBaseUrl: server.url, ...signedIn });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Acting for a customer' })).toBeNull();
  });
});
