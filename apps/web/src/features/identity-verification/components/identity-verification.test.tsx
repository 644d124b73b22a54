import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type Routes, type TestApiServer } from '@/test/api-server';
import { demoCustomer, ok, signedIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const TOKEN = 'T'.repeat(43);

let server: TestApiServer | undefined;
const createObjectUrl = URL.createObjectURL;
const revokeObjectUrl = URL.revokeObjectURL;
beforeEach(() => {
  // jsdom has no object URLs: the previews get a stand-in address.
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => {};
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  delete window.ReactNativeWebView;
  URL.createObjectURL = createObjectUrl;
  URL.revokeObjectURL = revokeObjectUrl;
});

function status(overrides: Record<string, unknown> = {}) {
  return ok({
    identity: null,
    videoIdentityStatus: 'none',
    verificationInProgress: false,
    latestRun: null,
    ...overrides,
  });
}

const started = ok({
  workflowRunId: 5,
  provider: 'jmo',
  kind: 'document',
  url: `/identity-verification/5/${TOKEN}`,
  expiresAt: '2026-11-26T20:00:00.000Z',
});

/** /kyc's own answer: the identity item is to do (or in review while a check is looked at). */
function kycInfo(identityStatus: 'none' | 'pending' = 'none') {
  return ok({
    customerType: 0,
    state: 'unverified',
    requiredActionCount: 0,
    requiredActions: [],
    limitReasons: [],
    checklist: [{ item: 'identity', state: identityStatus === 'pending' ? 'inReview' : 'todo' }],
    identity:
      identityStatus === 'none'
        ? null
        : { status: identityStatus, rejectReason: null, expiresDate: null },
    address: null,
    duplicateDocuments: null,
    documents: [],
  });
}

async function renderKyc(routes: Routes) {
  server = await startApiServer({
    'POST /api/main/?getCustomerInfo': () =>
      ok({ customer: demoCustomer({ verified: false, isNeedKyc: true }) }),
    'POST /api/main/?getKycInfo': () => kycInfo(),
    'POST /api/auth/realtime-ticket': () => ({
      body: { ticket: 'ticket-1', expiresInSeconds: 30 },
    }),
    ...routes,
  });
  return renderApp({ path: '/kyc', apiBaseUrl: server.url, ...signedIn });
}

function session(overrides: Record<string, unknown> = {}) {
  return ok({
    workflowRunId: 5,
    provider: 'jmo',
    kind: 'document',
    brandId: 'pebble',
    state: 'started',
    expiresAt: '2026-11-26T20:00:00.000Z',
    received: [],
    outcome: null,
    reason: null,
    ...overrides,
  });
}

describe('StartIdentityCheck on /kyc', () => {
  it('starts a check and offers the phone a QR code of the provider link, with the brand', async () => {
    const { user } = await renderKyc({
      'GET /api/identity-verification': () => status(),
      'POST /api/identity-verification': () => started,
    });
    expect(await screen.findByText('Not checked yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start identity check' }));
    const qr = await screen.findByRole('img', { name: 'QR code of the identity check link' });
    expect(qr).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue on this computer' })).toHaveAttribute(
      'href',
      `/identity-verification/5/${TOKEN}`,
    );
    const start = server?.requests.find(
      (request) => request.path === '/api/identity-verification' && request.method === 'POST',
    );
    expect(start?.body).toEqual({ kind: 'document' });
  });

  it('tells the mobile wrapper when a check starts, with the provider page address', async () => {
    const posted: string[] = [];
    window.ReactNativeWebView = { postMessage: (message) => posted.push(message) };
    const { user } = await renderKyc({
      'GET /api/identity-verification': () => status(),
      'POST /api/identity-verification': () => started,
    });
    await user.click(await screen.findByRole('button', { name: 'Start identity check' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(JSON.parse(posted[0] ?? '{}')).toEqual({
      type: 'startIdentityCheck',
      url: `${window.location.origin}/identity-verification/5/${TOKEN}?brand=pebble`,
    });
  });

  it('shows a refused check with its reason in the customer language and lets them try again', async () => {
    await renderKyc({
      'GET /api/identity-verification': () =>
        status({ identity: { status: 'rejected', rejectReason: 'selfieNotMatching' } }),
    });
    expect(await screen.findByText('Not accepted')).toBeInTheDocument();
    expect(
      screen.getByText('The selfie does not match the photo on the document.'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Try the identity check again' }),
    ).toBeInTheDocument();
  });

  it('shows an identity under review without a start button', async () => {
    await renderKyc({
      'POST /api/main/?getKycInfo': () => kycInfo('pending'),
      'GET /api/identity-verification': () =>
        status({
          identity: { status: 'pending', rejectReason: null },
          verificationInProgress: true,
        }),
    });
    expect(await screen.findByText('Under review')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start identity check' })).not.toBeInTheDocument();
  });
});

describe('the provider page', () => {
  async function renderProvider(routes: Routes) {
    server = await startApiServer(routes);
    return renderApp({ path: `/identity-verification/5/${TOKEN}`, apiBaseUrl: server.url });
  }
  const base = `/api/identity-verification/provider/runs/5/${TOKEN}`;

  it('shows the refusal of a file that is not a picture and stays on the step', async () => {
    await renderProvider({
      [`GET ${base}`]: () => session(),
      [`PUT ${base}/images/front?fileName=notes.jpg`]: () => ({
        status: 400,
        body: {
          responseCode: 'TA1',
          responseDescription: 'The picture must be a JPEG, PNG or HEIC image',
          validationErrors: { file: 'identityVerification.imageType' },
        },
      }),
    });
    expect(await screen.findByText('Identity check by JMO')).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    const input = screen.getByLabelText('Choose a picture: Front of your document');
    fireEvent.change(input, {
      target: { files: [new File(['not a picture'], 'notes.jpg', { type: 'image/jpeg' })] },
    });
    expect(
      await screen.findByText('This file is not a JPEG, PNG or HEIC picture. Choose a photo.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Front of your document' })).toBeInTheDocument();
  });

  it('refuses a picture over 10 MB before sending it', async () => {
    await renderProvider({ [`GET ${base}`]: () => session() });
    const input = await screen.findByLabelText('Choose a picture: Front of your document');
    const big = new File(['x'], 'big.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(
      await screen.findByText('This picture is larger than 10 MB. Choose a smaller one.'),
    ).toBeInTheDocument();
    expect(server?.requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('moves to the next step once a picture is received', async () => {
    let received: unknown[] = [];
    await renderProvider({
      [`GET ${base}`]: () => session({ received }),
      [`PUT ${base}/images/front?fileName=front.jpg`]: () => {
        received = [{ step: 'front', fileName: 'front.jpg', contentType: 'image/jpeg' }];
        return ok({ step: 'front', contentType: 'image/jpeg', size: 3 });
      },
    });
    const input = await screen.findByLabelText('Choose a picture: Front of your document');
    fireEvent.change(input, {
      target: {
        files: [
          new File([new Uint8Array([0xff, 0xd8, 0xff])], 'front.jpg', { type: 'image/jpeg' }),
        ],
      },
    });
    expect(
      await screen.findByRole('heading', { name: 'Back of your document' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
  });

  it('says when a link is not valid', async () => {
    await renderProvider({
      [`GET ${base}`]: () => ({
        status: 404,
        body: { responseCode: 'ENOA', responseDescription: 'Not found' },
      }),
    });
    expect(await screen.findByText('This link cannot be used')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Pebble Wallet' })).toHaveAttribute(
      'href',
      '/kyc',
    );
  });

  it('shows the result of a refused check with the reason', async () => {
    await renderProvider({
      [`GET ${base}`]: () =>
        session({ state: 'completed', outcome: 'nameMismatch', reason: 'nameMismatch' }),
    });
    expect(await screen.findByText('The check was not accepted')).toBeInTheDocument();
    expect(
      screen.getByText('The name on the document does not match the name on your account.'),
    ).toBeInTheDocument();
  });

  it('tells a person a business asked that the business sees the result, with no way into an account', async () => {
    await renderProvider({
      [`GET ${base}`]: () =>
        session({ state: 'completed', outcome: 'accepted', reason: null, purpose: 'merchant' }),
    });
    expect(
      await screen.findByText(/The business that asked you will see the result/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to Pebble Wallet' })).not.toBeInTheDocument();
  });
});
