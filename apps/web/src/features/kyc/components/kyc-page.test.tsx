import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { KycInfo, UploadedDocument } from '@ledgerline/contract';
import { startApiServer, type TestApiServer } from '@/test/api-server';
import { demoCustomer, ok, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const document = (overrides: Partial<UploadedDocument> = {}): UploadedDocument => ({
  id: 7,
  statusId: 26,
  uploaded: '2026-11-20T10:00:00.000Z',
  categoryId: 2,
  documentTypeId: 6,
  documentType: 'Utility bill',
  isSubDocument: false,
  countryCode: 'FR',
  issuedDate: null,
  expiresDate: null,
  createdUsername: 'kyc@ledgerline.test',
  rejectReason: 'unreadable',
  addressId: 3,
  expiry: 'noExpiry',
  canCancel: false,
  files: [
    { part: 'mainDocument', kind: 'pdf', fileName: 'bill.pdf', sizeBytes: 900, encrypted: false },
  ],
  ...overrides,
});

const kycInfo = (overrides: Partial<KycInfo> = {}): KycInfo => ({
  customerType: 0,
  state: 'unverified',
  requiredActionCount: 0,
  requiredActions: [],
  limitReasons: [],
  checklist: [
    { item: 'identity', state: 'todo' },
    { item: 'proofOfAddress', state: 'todo' },
  ],
  identity: null,
  address: null,
  duplicateDocuments: null,
  documents: [],
  ...overrides,
});

const categories = [
  {
    id: 1,
    code: 'ProofOfIdentity',
    name: 'Proof of identity',
    customerDocumentTypes: [
      { id: 1, name: 'Passport', needsAdditionalDocument: false, countries: null },
    ],
  },
  {
    id: 2,
    code: 'ProofOfAddress',
    name: 'Proof of address',
    customerDocumentTypes: [
      { id: 4, name: 'Identity card with address', needsAdditionalDocument: true, countries: null },
      { id: 6, name: 'Utility bill', needsAdditionalDocument: false, countries: null },
    ],
  },
];

let server: TestApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function render(info: KycInfo, extra: Parameters<typeof startApiServer>[0] = {}) {
  server = await startApiServer({
    'POST /api/main/?getCustomerInfo': () =>
      ok({
        customer: demoCustomer({ isNeedKyc: true, verified: false, residenceCountryCode: 'FR' }),
      }),
    'POST /api/main/?getKycInfo': () => ok(info),
    // The identity check the app puts into the identity item (features/identity-verification).
    'GET /api/identity-verification': () =>
      ok({
        identity: info.identity,
        videoIdentityStatus: 'none',
        verificationInProgress: false,
        latestRun: null,
      }),
    'POST /api/main/?getCountries': () => ({
      body: {
        responseCode: 'SUCCESS',
        responseDescription: 'OK',
        countries: [
          { code: 'FR', name: 'France', phoneCode: '+33', isEea: true },
          { code: 'GB', name: 'United Kingdom', phoneCode: '+44', isEea: false },
        ],
      },
    }),
    'POST /api/main/?getDocumentCategories': () => ({
      body: { responseCode: 'SUCCESS', responseDescription: 'OK', categories },
    }),
    ...extra,
  });
  return renderApp({ path: '/kyc', apiBaseUrl: server.url, ...signedIn });
}

describe('/kyc items', () => {
  it('lists what is needed now from the checklist, each with its state', async () => {
    await render(kycInfo());
    expect(
      await screen.findByRole('heading', { level: 1, name: "Let's verify your identity" }),
    ).toBeInTheDocument();
    const identity = await screen.findByRole('region', { name: 'Identity' });
    expect(within(identity).getByText('To do')).toBeInTheDocument();
    // The identity check sits inside the item, with its status once (not repeated by the item).
    const check = await within(identity).findByTestId('identity-check');
    expect(within(check).getByText('Not checked yet')).toBeInTheDocument();
    expect(within(identity).getAllByText('Not checked yet')).toHaveLength(1);
    expect(within(check).getByRole('button', { name: 'Start identity check' })).toBeVisible();
    expect(
      within(identity).getByRole('button', { name: 'Upload an identity document instead' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Proof of address' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Renewed documents' })).not.toBeInTheDocument();
  });

  it('shows the business variant with company documents and representatives', async () => {
    await render(
      kycInfo({
        customerType: 2,
        checklist: [
          { item: 'identity', state: 'todo' },
          { item: 'proofOfAddress', state: 'todo' },
          { item: 'companyDocuments', state: 'todo' },
          { item: 'representatives', state: 'todo' },
        ],
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: "Let's verify your business" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Company documents' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Directors and owners' })).toBeInTheDocument();
  });

  it('shows a rejected document with its reason in the customer’s words and uploads it again', async () => {
    const uploads: unknown[] = [];
    const user = userEvent.setup();
    await render(kycInfo({ documents: [document()] }), {
      'POST /api/documents': (request) => {
        uploads.push(request.headers['content-type']);
        return {
          body: {
            responseCode: '00',
            responseDescription: 'OK',
            document: document({ id: 8, statusId: 0 }),
          },
        };
      },
    });
    const proof = await screen.findByRole('region', { name: 'Proof of address' });
    expect(within(proof).getByText('Rejected')).toBeInTheDocument();
    expect(
      within(proof).getByText(
        'Reason: We could not read the document. Upload a sharp, complete photo or scan.',
      ),
    ).toBeInTheDocument();

    await user.click(within(proof).getByRole('button', { name: 'Upload Utility bill again' }));
    const form = within(proof).getByRole('form', { name: 'Upload a document' });
    await waitFor(() => expect(within(form).getByLabelText('Document type')).toHaveValue('6'));
    // Nothing chosen: the form says so before sending anything.
    await user.click(within(form).getByRole('button', { name: 'Upload the new document' }));
    expect(await within(form).findByText('This field is required')).toBeInTheDocument();
    expect(uploads).toEqual([]);

    const input = form.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['%PDF-1.7'], 'bill.pdf', { type: 'application/pdf' }));
    await user.click(within(form).getByRole('button', { name: 'Upload the new document' }));
    // The form locks and shows progress while the file goes (jsdom's FormData does not cross into
    // Node's fetch, so the multipart request itself is covered by the browser test).
    expect(await within(form).findByText('Uploading your document…')).toBeInTheDocument();
    expect(within(form).getByRole('group')).toBeDisabled();
  });

  it('hints at a file the server would refuse before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await render(kycInfo());
    const proof = await screen.findByRole('region', { name: 'Proof of address' });
    await user.click(within(proof).getByRole('button', { name: 'Upload: Proof of address' }));
    const form = within(proof).getByRole('form', { name: 'Upload a document' });
    await waitFor(() =>
      expect(within(form).getAllByRole('option', { name: 'Utility bill' })).toHaveLength(1),
    );
    await user.selectOptions(within(form).getByLabelText('Document type'), '6');
    const input = form.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(
      await within(form).findByText('Only PDF, JPEG, PNG and HEIC files are accepted'),
    ).toBeInTheDocument();
  });

  it('asks a limited customer for the renewed document', async () => {
    await render(
      kycInfo({
        state: 'limited',
        limitReasons: ['expiredDocuments'],
        checklist: [
          { item: 'identity', state: 'done' },
          { item: 'proofOfAddress', state: 'todo' },
          { item: 'renewedDocuments', state: 'todo' },
        ],
        documents: [
          document({
            statusId: 38,
            rejectReason: null,
            expiresDate: '2026-01-31',
            expiry: 'expired',
          }),
        ],
      }),
    );
    const renewed = await screen.findByRole('region', { name: 'Renewed documents' });
    expect(within(renewed).getByText('Expired')).toBeInTheDocument();
    expect(
      within(renewed).getByRole('button', { name: 'Upload Utility bill again' }),
    ).toBeInTheDocument();
    // Listed once, under the item that renews it.
    expect(
      within(screen.getByRole('region', { name: 'Proof of address' })).queryByText('Expired'),
    ).not.toBeInTheDocument();
  });

  it('downloads an uploaded file through a single-use link', async () => {
    const user = userEvent.setup();
    await render(kycInfo({ documents: [document()] }), {
      'POST /api/main/?getDocumentFileLink': () =>
        ok({ redirectLink: '/api/pdf/files/single-use-token' }),
    });
    const proof = await screen.findByRole('region', { name: 'Proof of address' });
    await user.click(within(proof).getByRole('button', { name: 'Download bill.pdf' }));
    await waitFor(() =>
      expect(
        server?.requests.find((request) => request.path.includes('getDocumentFileLink'))?.body,
      ).toMatchObject({ documentId: 7, part: 'mainDocument' }),
    );
  });

  it('does not ask again for an expired document once its renewal is in review', async () => {
    const expired = document({
      statusId: 38,
      rejectReason: null,
      expiresDate: '2026-01-31',
      expiry: 'expired',
      uploaded: '2025-01-10T10:00:00.000Z',
    });
    await render(
      kycInfo({
        state: 'limited',
        limitReasons: ['expiredDocuments'],
        checklist: [
          { item: 'identity', state: 'done' },
          { item: 'proofOfAddress', state: 'inReview' },
          { item: 'renewedDocuments', state: 'inReview' },
        ],
        documents: [document({ id: 8, statusId: 0, rejectReason: null, canCancel: true }), expired],
      }),
    );
    const renewed = await screen.findByRole('region', { name: 'Renewed documents' });
    expect(within(renewed).getByText('Expired')).toBeInTheDocument();
    expect(within(renewed).getByText('A newer document replaces this one.')).toBeInTheDocument();
    expect(within(renewed).queryByRole('button', { name: /again$/ })).not.toBeInTheDocument();
  });
});
