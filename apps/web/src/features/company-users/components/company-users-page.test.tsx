import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer, type Routes, type TestApiServer } from '@/test/api-server';
import { demoCustomer, ok, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { homeRoutes } from '@/test/signed-in-home';

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const holder = {
  userId: 1,
  email: 'office@harbourlight.example',
  name: 'Harbourlight Studio Ltd',
  accessRight: 2,
  suspendedAccessRight: null,
  status: 'holder',
  representativePositionId: null,
  permissions: ['ownAccount.betweenAccounts'],
  isYou: true,
};
const clerk = {
  userId: 7,
  email: 'clerk@harbourlight.example',
  name: 'Clara Quinn',
  accessRight: 3,
  suspendedAccessRight: null,
  status: 'active',
  representativePositionId: 2,
  permissions: ['ownAccount.betweenAccounts', 'otherPerson.p2p'],
  isYou: false,
};

async function render(routes: Routes) {
  server = await startApiServer(
    homeRoutes(undefined, {
      'POST /api/main/?getCustomerInfo': () =>
        ok({
          customer: demoCustomer({ customerType: 2, businessName: 'Harbourlight Studio Ltd' }),
        }),
      ...routes,
    }),
  );
  return renderApp({ path: '/company-access/users', apiBaseUrl: server.url, ...signedIn });
}

describe('the company users screen', () => {
  it('lists the users with their level in words, permissions and status', async () => {
    await render({
      'POST /api/main/?getCompanyUsers': () =>
        ok({ companyName: 'Harbourlight Studio Ltd', canManage: true, users: [holder, clerk] }),
    });
    const table = await screen.findByRole('table', { name: 'Users of Harbourlight Studio Ltd' });
    const row = within(table).getByRole('row', { name: /Clara Quinn/ });
    expect(row).toHaveTextContent('Initiate (needs approval)');
    expect(row).toHaveTextContent('Own accounts 1/7 · Other people 1/10');
    expect(row).toHaveTextContent('Active');
    expect(row).toHaveTextContent('Director');
    expect(within(table).getByRole('row', { name: /Harbourlight Studio Ltd/ })).toHaveTextContent(
      'Company login: always full access',
    );
  });

  it('is read-only for a user without full access', async () => {
    await render({
      'POST /api/main/?getCompanyUsers': () =>
        ok({ companyName: 'Harbourlight Studio Ltd', canManage: false, users: [holder, clerk] }),
    });
    expect(
      await screen.findByText(/Only a user with full access can change them/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add user' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit the rights/ })).not.toBeInTheDocument();
  });

  it('edits rights without offering level 5 and shows the last-full-access refusal on the field', async () => {
    const user = userEvent.setup();
    await render({
      'POST /api/main/?getCompanyUsers': () =>
        ok({ companyName: 'Harbourlight Studio Ltd', canManage: true, users: [holder, clerk] }),
      'POST /api/main/?updateCompanyUserRights': () => ({
        status: 400,
        body: {
          responseCode: 'TA1',
          responseDescription: 'The company must keep at least one user with full access',
          validationErrors: { accessRight: 'validation.lastFullAccess' },
        },
      }),
    });
    const table = await screen.findByRole('table', { name: 'Users of Harbourlight Studio Ltd' });
    await user.click(within(table).getByRole('button', { name: 'Edit the rights of Clara Quinn' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rights of Clara Quinn' });
    const level = within(dialog).getByLabelText('Access level');
    const offered = within(level)
      .getAllByRole('option')
      .map((option) => (option as HTMLOptionElement).value);
    expect(offered).toEqual(['1', '2', '3', '4']);
    expect(within(dialog).getByRole('group', { name: 'Own accounts' })).toBeInTheDocument();
    await user.selectOptions(level, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save rights' }));
    expect(
      await within(dialog).findByText('The company must keep at least one user with full access'),
    ).toBeInTheDocument();
    const sent = server!.requests.find((request) =>
      request.path.endsWith('updateCompanyUserRights'),
    );
    expect(sent?.body).toMatchObject({
      userId: 7,
      accessRight: 1,
      permissions: ['ownAccount.betweenAccounts', 'otherPerson.p2p'],
    });
  });

  it('removes a user only after the confirmation', async () => {
    const user = userEvent.setup();
    let removed = false;
    await render({
      'POST /api/main/?getCompanyUsers': () =>
        ok({
          companyName: 'Harbourlight Studio Ltd',
          canManage: true,
          users: removed ? [holder] : [holder, clerk],
        }),
      'POST /api/main/?removeCompanyUser': () => {
        removed = true;
        return ok({ removedUserId: 7 });
      },
    });
    const table = await screen.findByRole('table', { name: 'Users of Harbourlight Studio Ltd' });
    await user.click(within(table).getByRole('button', { name: 'Remove Clara Quinn' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this user?' });
    expect(removed).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Remove user' }));
    await waitFor(() =>
      expect(within(table).queryByRole('row', { name: /Clara Quinn/ })).not.toBeInTheDocument(),
    );
  });

  it('says what failed when the list cannot be loaded', async () => {
    await render({
      'POST /api/main/?getCompanyUsers': () => ({
        status: 403,
        body: { responseCode: 'ENOA', responseDescription: 'Only a company has users to manage' },
      }),
    });
    expect(await screen.findByText('The users could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Only a company has users to manage')).toBeInTheDocument();
  });
});
