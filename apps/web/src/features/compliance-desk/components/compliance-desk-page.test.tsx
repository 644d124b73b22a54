import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startApiServer, type TestApiServer } from '@/test/api-server';
import { demoCustomer, ok, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const queueItem = {
  kind: 'document',
  id: 41,
  state: 'submitted',
  typeId: 1,
  categoryId: 1,
  customerId: 501,
  customerName: 'Olek Shevchenko',
  customerType: 0,
  brandId: 'thistle',
  submittedAt: '2026-11-20T09:30:00.000Z',
};

function detail(waiting: boolean) {
  return {
    item: queueItem,
    waiting,
    customer: {
      id: 501,
      name: 'Olek Shevchenko',
      firstName: 'Olek',
      lastName: 'Shevchenko',
      businessName: null,
      customerType: 0,
      brandId: 'thistle',
      residenceCountryCode: 'GB',
      birthDay: '1990-02-03',
      verified: false,
      limited: false,
      isNeedKyc: true,
      language: 'en',
      verificationState: 'processing',
    },
    addresses: [
      {
        id: 9,
        address1: '1 Rose Street',
        address2: null,
        city: 'Edinburgh',
        postalCode: 'EH2 2PR',
        countryCode: 'GB',
        addressStatus: 'confirmed',
        requiresDocument: false,
      },
    ],
    documents: [
      {
        id: 41,
        statusId: waiting ? 0 : 26,
        documentTypeId: 1,
        categoryId: 1,
        issuedDate: null,
        expiresDate: '2031-01-01',
        rejectReason: waiting ? null : 'The document cannot be read clearly.',
        uploaded: '2026-11-20T09:30:00.000Z',
      },
    ],
    identities: [],
    downloadUrl: null,
    files: [],
    pictures: [],
  };
}

async function render(routes: Parameters<typeof startApiServer>[0]) {
  server = await startApiServer({
    'POST /api/main/?getCustomerInfo': () => ok({ customer: demoCustomer({ isAdmin: true }) }),
    ...routes,
  });
  return renderApp({ path: '/admin-overview/review', apiBaseUrl: server.url, ...signedIn });
}

describe('the compliance review desk', () => {
  it('says so when nothing waits', async () => {
    await render({
      'POST /api/main/?getComplianceQueue': () => ok({ items: [], nextCursor: null }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Compliance review desk' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Nothing is waiting for a decision.')).toBeInTheDocument();
  });

  it('filters by brand, opens an item beside the customer and rejects it with a reason', async () => {
    const user = userEvent.setup();
    let decided = false;
    await render({
      'POST /api/main/?getComplianceQueue': () =>
        ok({ items: decided ? [] : [queueItem], nextCursor: null }),
      'POST /api/main/?getComplianceItem': () => ok(detail(!decided)),
      'POST /api/main/?decideComplianceItem': () => {
        decided = true;
        return ok({
          kind: 'document',
          id: 41,
          decision: 'reject',
          customerId: 501,
          verified: false,
          limited: false,
          isNeedKyc: true,
        });
      },
    });
    await user.selectOptions(await screen.findByLabelText('Brand'), 'thistle');
    await waitFor(() =>
      expect(
        server!.requests.some(
          (request) =>
            request.path === '/api/main/?getComplianceQueue' &&
            (request.body as { brandId?: string }).brandId === 'thistle',
        ),
      ).toBe(true),
    );
    const queue = await screen.findByRole('list', { name: 'Waiting for a decision' });
    await user.click(within(queue).getByRole('button', { name: /Olek Shevchenko/ }));
    expect(await screen.findByText(/1 Rose Street, EH2 2PR, Edinburgh, GB/)).toBeInTheDocument();
    expect(screen.getByText('Documents under review')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this item?' });
    // No reason chosen: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a reason.');
    expect(server!.requests.some((request) => request.path.includes('decideComplianceItem'))).toBe(
      false,
    );
    await user.selectOptions(
      within(dialog).getByLabelText('Reason the customer sees'),
      'unreadable',
    );
    await user.type(within(dialog).getByLabelText(/Note to the customer/), 'Please retake it.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(
      await screen.findByText('Rejected. The customer has been told why.'),
    ).toBeInTheDocument();
    const sent = server!.requests.find((request) => request.path.includes('decideComplianceItem'));
    expect(sent?.body).toMatchObject({
      kind: 'document',
      id: 41,
      decision: 'reject',
      reasonCode: 'unreadable',
      note: 'Please retake it.',
    });
  });

  it('tells the administrator when someone else decided first', async () => {
    const user = userEvent.setup();
    let decided = false;
    await render({
      'POST /api/main/?getComplianceQueue': () => ok({ items: [queueItem], nextCursor: null }),
      'POST /api/main/?getComplianceItem': () => ok(detail(!decided)),
      'POST /api/main/?decideComplianceItem': () => {
        decided = true;
        return {
          status: 409,
          body: {
            responseCode: 'TA1',
            responseDescription: 'This item was already decided',
            validationErrors: { id: 'validation.reviewAlreadyDecided' },
          },
        };
      },
    });
    await user.click(await screen.findByRole('button', { name: /Olek Shevchenko/ }));
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this item?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText(
        'Someone decided this item a moment ago. Its outcome is shown below.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('This item has been decided already.')).toBeInTheDocument();
  });

  it("downloads a document's file and shows a provider's pictures with the administrator's bearer", async () => {
    const user = userEvent.setup();
    URL.createObjectURL = vi.fn(() => 'blob:desk-file');
    URL.revokeObjectURL = vi.fn();
    await render({
      'POST /api/main/?getComplianceQueue': () => ok({ items: [queueItem], nextCursor: null }),
      'POST /api/main/?getComplianceItem': () =>
        ok({
          ...detail(true),
          files: [
            {
              part: 'mainDocument',
              fileName: 'passport.png',
              url: '/api/documents/41/files/mainDocument',
            },
          ],
          pictures: [{ step: 'front', url: '/api/compliance/identities/7/images/front' }],
        }),
      'GET /api/documents/41/files/mainDocument': () => ({ body: { file: 'passport' } }),
      'GET /api/compliance/identities/7/images/front': () => ({ body: { file: 'front' } }),
    });
    await user.click(await screen.findByRole('button', { name: /Olek Shevchenko/ }));
    expect(
      await screen.findByRole('img', { name: 'Front taken by the identity provider' }),
    ).toHaveAttribute('src', 'blob:desk-file');
    await user.click(screen.getByRole('button', { name: 'Download Main document (passport.png)' }));
    await waitFor(() =>
      expect(
        server!.requests.find((request) => request.path === '/api/documents/41/files/mainDocument')
          ?.headers.authorization,
      ).toMatch(/^Bearer /),
    );
    expect(
      server!.requests.find(
        (request) => request.path === '/api/compliance/identities/7/images/front',
      )?.headers.authorization,
    ).toMatch(/^Bearer /);
  });
});
