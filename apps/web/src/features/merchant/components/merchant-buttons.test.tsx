import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer, type Routes, type TestApiServer } from '@/test/api-server';
import { demoCustomer, ok, paymentAccount, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { fullAccessInfo, homeRoutes } from '@/test/signed-in-home';

/*
 * Issue 18, buttons: the saved payment buttons, business logos and pay-by-name screens, on a fake
 * API. The session acts for Harbourlight (90), a business, with full access.
 */

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const access = {
  ...fullAccessInfo(),
  customer: { id: 90, username: 'office@harbourlight.example', name: 'Harbourlight Studio Ltd' },
  accessRights: 2,
  accessibleCustomers: [
    {
      id: 90,
      username: 'office@harbourlight.example',
      name: 'Harbourlight Studio Ltd',
      customerType: 2,
      accessRights: 2,
      isOwn: true,
    },
  ],
};

const eur = paymentAccount({ accountId: 300, customerId: 90, name: 'Sales' });
const usd = paymentAccount({ accountId: 301, customerId: 90, currencyCode: 'USD', name: null });

function button(overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    publicId: 'AbCdEfGhIjKlMnOpQrStUv',
    name: 'Coffee beans',
    accountId: 300,
    currencyCode: 'EUR',
    amount: '12.5',
    minAmount: null,
    maxAmount: null,
    description: '',
    logoId: null,
    returnUrl: null,
    enabled: true,
    payLink: 'https://bank.example/pay/button/AbCdEfGhIjKlMnOpQrStUv',
    htmlSnippet:
      '<a href="https://bank.example/pay/button/AbCdEfGhIjKlMnOpQrStUv" style="x">Coffee beans</a>',
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

function logo(overrides: Record<string, unknown> = {}) {
  return {
    id: 4,
    name: 'Square',
    isDefault: true,
    mimeType: 'image/png',
    sizeBytes: 1200,
    file: '/api/public/logos/QrStUvAbCdEfGhIjKlMnOp',
    createdAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

async function render(path: string, routes: Routes) {
  server = await startApiServer(
    homeRoutes(undefined, {
      'POST /api/main/?getCustomerInfo': () =>
        ok({ customer: demoCustomer({ customerId: 90, customerType: 2 }) }),
      'POST /api/main/?getCustomerAccessInfo': () => ok(access),
      'POST /api/main/?getAccounts': () => ok({ accounts: [eur, usd] }),
      ...routes,
    }),
  );
  return renderApp({ path, apiBaseUrl: server.url, ...signedIn });
}

const sent = (method: string) =>
  server!.requests.filter((request) => request.path === `/api/main/?${method}`);

describe('payment buttons', () => {
  it(
    'creates a button with a fixed amount, then shows its link and code',
    { timeout: 60_000 },
    async () => {
      const user = userEvent.setup();
      let buttons: unknown[] = [];
      await render('/merchant/buttons/my_saved_buttons', {
        'POST /api/main/?getSavedButtonList': () => ok({ savedButtons: buttons }),
        'POST /api/main/?getLogoList': () =>
          ok({ logos: [logo()], pageSize: 1000, pageNumber: 1, total: 1 }),
        'POST /api/main/?createSavedButton': () => {
          buttons = [button()];
          return ok({ savedButton: button() });
        },
      });
      expect(await screen.findByText('No payment buttons yet')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Payment buttons' })).toHaveAttribute(
        'aria-current',
        'page',
      );

      const create = screen.getByRole('button', { name: 'New button' });
      await waitFor(() => expect(create).toBeEnabled());
      await user.click(create);
      const form = await screen.findByRole('dialog', { name: 'New payment button' });
      // Nothing typed: the form says so and sends nothing.
      await user.click(within(form).getByRole('button', { name: 'Save button' }));
      expect(await within(form).findAllByText('This field is required')).not.toHaveLength(0);
      expect(sent('createSavedButton')).toEqual([]);

      await user.type(within(form).getByLabelText(/^Name/), 'Coffee beans');
      await user.type(within(form).getByLabelText(/^Amount/, { selector: 'input' }), '12.5');
      await user.type(within(form).getByLabelText(/Return address/), 'ftp://x');
      await user.click(within(form).getByRole('button', { name: 'Save button' }));
      expect(
        await within(form).findByText('Enter an address starting with http:// or https://'),
      ).toBeInTheDocument();
      await user.clear(within(form).getByLabelText(/Return address/));
      await user.type(within(form).getByLabelText(/Return address/), 'https://shop.example/thanks');
      await user.click(within(form).getByRole('button', { name: 'Save button' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(sent('createSavedButton')[0]?.body).toMatchObject({
        name: 'Coffee beans',
        accountId: 300,
        amount: '12.5',
        returnUrl: 'https://shop.example/thanks',
        enabled: true,
      });
      const table = await screen.findByRole('table', { name: 'Your payment buttons' });
      expect(within(table).getByRole('row', { name: /Coffee beans/ })).toHaveTextContent('12.50');

      await user.click(
        within(table).getByRole('button', { name: 'Link and code of Coffee beans' }),
      );
      const share = await screen.findByRole('dialog', { name: 'Share Coffee beans' });
      expect(within(share).getByText(button().payLink)).toBeInTheDocument();
      expect(within(share).getByText(button().htmlSnippet)).toBeInTheDocument();
      expect(within(share).getByRole('button', { name: 'Copy Button code' })).toBeInTheDocument();
    },
  );

  it(
    'edits a button to an amount the payer enters and shows the server’s field error',
    { timeout: 60_000 },
    async () => {
      const user = userEvent.setup();
      let updates = 0;
      await render('/merchant/buttons/my_saved_buttons', {
        'POST /api/main/?getSavedButtonList': () => ok({ savedButtons: [button()] }),
        'POST /api/main/?getLogoList': () =>
          ok({ logos: [], pageSize: 1000, pageNumber: 1, total: 0 }),
        'POST /api/main/?updateSavedButton': () => {
          updates += 1;
          return {
            status: 400,
            body: {
              responseCode: 'TA1',
              responseDescription: 'Validation failed',
              validationErrors: { minAmount: 'validation.amountMinorUnits' },
            },
          };
        },
      });
      const table = await screen.findByRole('table', { name: 'Your payment buttons' });
      await user.click(within(table).getByRole('button', { name: 'Edit Coffee beans' }));
      const form = await screen.findByRole('dialog', { name: 'Edit payment button' });
      expect(within(form).getByLabelText(/^Name/)).toHaveValue('Coffee beans');
      await user.click(within(form).getByLabelText('The customer enters it'));
      await user.type(within(form).getByLabelText(/Smallest amount/), '1.001');
      await user.click(within(form).getByRole('button', { name: 'Save button' }));
      await waitFor(() => expect(updates).toBe(1));
      // Nulls travel as absent fields (the client leaves them out); the server reads them as null.
      const body = sent('updateSavedButton')[0]?.body;
      expect(body).toMatchObject({ id: 7, name: 'Coffee beans', minAmount: '1.001' });
      expect(body).not.toHaveProperty('amount');
      expect(body).not.toHaveProperty('maxAmount');
      // The server's refusal is shown on its field, and the dialog stays open.
      expect(
        await within(form).findByText('This currency does not allow so many decimals.'),
      ).toBeInTheDocument();
    },
  );

  it('disables and deletes a button after confirming', { timeout: 60_000 }, async () => {
    const user = userEvent.setup();
    let buttons = [button()];
    await render('/merchant/buttons/my_saved_buttons', {
      'POST /api/main/?getSavedButtonList': () => ok({ savedButtons: buttons }),
      'POST /api/main/?getLogoList': () =>
        ok({ logos: [], pageSize: 1000, pageNumber: 1, total: 0 }),
      'POST /api/main/?updateSavedButton': () => {
        buttons = [button({ enabled: false })];
        return ok({ savedButton: buttons[0] });
      },
      'POST /api/main/?deleteSavedButton': () => {
        buttons = [];
        return ok({});
      },
    });
    const table = await screen.findByRole('table', { name: 'Your payment buttons' });
    await user.click(within(table).getByRole('button', { name: 'Disable Coffee beans' }));
    expect(await within(table).findByText('Disabled')).toBeInTheDocument();
    expect(sent('updateSavedButton')[0]?.body).toMatchObject({ id: 7, enabled: false });

    await user.click(within(table).getByRole('button', { name: 'Delete Coffee beans' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Coffee beans?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete button' }));
    expect(await screen.findByText('No payment buttons yet')).toBeInTheDocument();
    expect(sent('deleteSavedButton')[0]?.body).toMatchObject({ id: 7 });
  });
});

describe('business logos', () => {
  it(
    'lists logos with thumbnails, makes another the default, renames and deletes one',
    { timeout: 60_000 },
    async () => {
      const user = userEvent.setup();
      let logos = [logo(), logo({ id: 5, name: 'Wide', isDefault: false })];
      await render('/merchant/buttons/business_logos', {
        'POST /api/main/?getLogoList': () => ok({ logos, pageSize: 1000, pageNumber: 1, total: 2 }),
        'POST /api/main/?updateLogo': (request) => {
          const body = request.body as { id: number; name?: string; isDefault?: boolean };
          logos = logos.map((item) =>
            item.id === body.id
              ? { ...item, ...body }
              : body.isDefault
                ? { ...item, isDefault: false }
                : item,
          );
          return ok({ logo: logos.find((item) => item.id === body.id) });
        },
        'POST /api/main/?deleteLogo': (request) => {
          logos = logos.filter((item) => item.id !== (request.body as { id: number }).id);
          return ok({});
        },
      });
      const table = await screen.findByRole('table', { name: 'Your business logos' });
      const square = within(table).getByRole('img', { name: 'Square' });
      expect(square.getAttribute('src')).toMatch(/\/api\/public\/logos\/QrStUvAbCdEfGhIjKlMnOp$/);
      expect(within(table).getByRole('row', { name: /Square/ })).toHaveTextContent('Default');

      await user.click(within(table).getByRole('button', { name: 'Make Wide the default logo' }));
      await waitFor(() =>
        expect(within(table).getByRole('row', { name: /Wide/ })).toHaveTextContent('Default'),
      );
      expect(within(table).getByRole('row', { name: /Square/ })).not.toHaveTextContent('Default');

      await user.click(within(table).getByRole('button', { name: 'Rename Square' }));
      const rename = await screen.findByRole('dialog', { name: 'Rename Square' });
      await user.clear(within(rename).getByLabelText(/Name/));
      await user.click(within(rename).getByRole('button', { name: 'Save' }));
      expect(await within(rename).findByText('This field is required')).toBeInTheDocument();
      await user.type(within(rename).getByLabelText(/Name/), 'Round');
      await user.click(within(rename).getByRole('button', { name: 'Save' }));
      expect(await within(table).findByRole('img', { name: 'Round' })).toBeInTheDocument();

      await user.click(within(table).getByRole('button', { name: 'Delete Wide' }));
      const confirm = await screen.findByRole('dialog', { name: 'Delete Wide?' });
      await user.click(within(confirm).getByRole('button', { name: 'Delete logo' }));
      await waitFor(() => expect(within(table).queryByRole('img', { name: 'Wide' })).toBeNull());
    },
  );

  it('hints at a file the server would refuse before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await render('/merchant/buttons/business_logos', {
      'POST /api/main/?getLogoList': () =>
        ok({ logos: [], pageSize: 1000, pageNumber: 1, total: 0 }),
    });
    expect(await screen.findByText('No logos yet')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Upload a logo' });
    await user.type(within(form).getByLabelText(/Name/), 'Vector');
    const input = form.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(
      await within(form).findByText('Only PNG and JPEG images are accepted'),
    ).toBeInTheDocument();
    expect(server!.requests.filter((request) => request.path === '/api/merchant/logos')).toEqual(
      [],
    );
  });
});

describe('pay by name', () => {
  it(
    'saves a pay name with an account per currency and shows the server’s refusal',
    { timeout: 60_000 },
    async () => {
      const user = userEvent.setup();
      let taken = true;
      await render('/merchant/buttons/pbn_settings', {
        'POST /api/main/?getPbnSettings': () =>
          ok({
            settings: {
              payName: null,
              displayName: null,
              enabled: false,
              accounts: [],
              payLink: null,
            },
          }),
        'POST /api/main/?updatePbnSettings': () => {
          if (taken) {
            taken = false;
            return {
              status: 400,
              body: {
                responseCode: 'TA1',
                responseDescription: 'Validation failed',
                validationErrors: { payName: 'validation.payNameTaken' },
              },
            };
          }
          return ok({
            settings: {
              payName: 'green-bakery',
              displayName: null,
              enabled: true,
              accounts: [{ accountId: 300, currencyCode: 'EUR' }],
              payLink: 'https://bank.example/pay/name/green-bakery',
            },
          });
        },
      });
      const form = await screen.findByRole('form', { name: 'Pay by name' });
      await user.type(within(form).getByLabelText(/^Pay name/), 'No');
      await user.click(within(form).getByLabelText(/Accept payments by name/));
      await user.click(within(form).getByRole('button', { name: 'Save' }));
      expect(await within(form).findByText(/Use 3–32 lowercase letters/)).toBeInTheDocument();
      expect(await within(form).findByText('This field is required')).toBeInTheDocument();
      expect(sent('updatePbnSettings')).toEqual([]);

      await user.clear(within(form).getByLabelText(/^Pay name/));
      await user.type(within(form).getByLabelText(/^Pay name/), 'green-bakery');
      await user.selectOptions(within(form).getByLabelText('Receive EUR in'), '300');
      await user.click(within(form).getByRole('button', { name: 'Save' }));
      expect(
        await within(form).findByText('Another business already uses this name'),
      ).toBeInTheDocument();
      expect(sent('updatePbnSettings')[0]?.body).toMatchObject({
        payName: 'green-bakery',
        enabled: true,
        accountIds: [300],
      });

      await user.click(within(form).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Your pay-by-name settings are saved.')).toBeInTheDocument();
      expect(screen.getByText('https://bank.example/pay/name/green-bakery')).toBeInTheDocument();
    },
  );
});
