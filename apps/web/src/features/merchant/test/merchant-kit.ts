import { afterEach } from 'vitest';
import { startApiServer, type Routes, type TestApiServer } from '@/test/api-server';
import { demoCustomer, ok, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { fullAccessInfo, homeRoutes } from '@/test/signed-in-home';

/** The session acts for Harbourlight (90), a business, at the given access level. */
export function accessInfo(level: number, customerType = 2) {
  return {
    ...fullAccessInfo(),
    customer: { id: 90, username: 'office@harbourlight.example', name: 'Harbourlight Studio Ltd' },
    accessRights: level,
    accessibleCustomers: [
      {
        id: 90,
        username: 'office@harbourlight.example',
        name: 'Harbourlight Studio Ltd',
        customerType,
        accessRights: level,
        isOwn: true,
      },
    ],
  };
}

/** A REST answer's head. */
export const done = { responseCode: '00', responseDescription: 'Success' };

/**
 * The merchant screens' test kit: `render` starts a fake API with the session's routes and the
 * given ones and opens the app at a path; `sent` lists what the app asked for under a path.
 * The server is closed after each test.
 */
export function merchantKit() {
  let server: TestApiServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  return {
    async render(path: string, routes: Routes, access = accessInfo(2)) {
      server = await startApiServer(
        homeRoutes(undefined, {
          'POST /api/main/?getCustomerInfo': () =>
            ok({ customer: demoCustomer({ customerId: 90, customerType: 2 }) }),
          'POST /api/main/?getCustomerAccessInfo': () => ok(access),
          ...routes,
        }),
      );
      return renderApp({ path, apiBaseUrl: server.url, ...signedIn });
    },
    sent: (path: string) =>
      server?.requests.filter((request) => request.path.startsWith(path)) ?? [],
  };
}
