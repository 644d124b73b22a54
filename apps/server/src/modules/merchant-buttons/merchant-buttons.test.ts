import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/client';
import { startTestServer, type TestServer } from '../../../test/helper';
import { HOSTILE_IDS, jsonText } from '../../../test/hostile';
import {
  createCustomer,
  openAccount,
  type FixtureCustomer,
  uniqueBusinessName,
} from '../cards/test-fixtures';

/*
 * Issue 18, buttons: saved payment buttons, business logos and pay-by-name settings, through the
 * main API and the logo routes. One server for the file; each test makes companies of its own.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

interface Company extends FixtureCustomer {
  accountId: number;
}

/** A business of its own whose full-access user is signed in, with an open EUR payment account. */
async function company(name = 'Shop'): Promise<Company> {
  const who = await createCustomer(server, {
    customerType: 2,
    businessName: uniqueBusinessName(name),
  });
  const account = await openAccount(server, who.customerId, { currencyCode: 'EUR' });
  return { ...who, accountId: account.id };
}

const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3,
]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const SVG = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);

async function tableCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of [
    'merchant_logos',
    'merchant_saved_buttons',
    'merchant_pbn_settings',
    'audit_log',
  ]) {
    const [row] = await selectRows<{ n: number }>(
      server.database.db,
      sql.raw(`select count(*)::int as n from "${name}"`),
    );
    counts[name] = Number(row?.n);
  }
  return counts;
}

/** POST /api/merchant/logos as the web sends it: multipart with `data` (JSON) and `file[]`. */
async function uploadLogo(
  token: string,
  data: unknown,
  file: { bytes: Uint8Array; name: string; type?: string } | null,
  extra?: (form: FormData) => void,
) {
  const form = new FormData();
  form.set('data', typeof data === 'string' ? data : JSON.stringify(data));
  if (file)
    form.set('file[]', new Blob([file.bytes], { type: file.type ?? 'image/png' }), file.name);
  extra?.(form);
  const request = new Request('http://test.local/', { method: 'POST', body: form });
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/merchant/logos',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': request.headers.get('content-type') ?? '',
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: response.statusCode, body: response.json() };
}

async function logoOf(who: Company, name = 'Main', isDefault = false) {
  const created = await uploadLogo(who.token, { name, isDefault }, { bytes: PNG, name: 'a.png' });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.logo as { id: number; isDefault: boolean; file: string; name: string };
}

const BUTTON = {
  name: 'Coffee beans',
  amount: '12.50',
  description: 'One bag',
  returnUrl: 'https://shop.example/thanks',
};

describe('saved buttons', () => {
  it('creates, lists, gets, updates and deletes a button with its link and an escaped snippet', async () => {
    const shop = await company();
    const created = await server.call(
      'createSavedButton',
      { ...BUTTON, name: 'Beans <b>"&', accountId: shop.accountId },
      { token: shop.token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const button = created.body.savedButton;
    expect(button).toMatchObject({
      name: 'Beans <b>"&',
      accountId: shop.accountId,
      currencyCode: 'EUR',
      amount: '12.5',
      minAmount: null,
      maxAmount: null,
      logoId: null,
      enabled: true,
    });
    expect(button.publicId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(button.payLink).toMatch(/^https?:\/\/[^/]+\/pay\/button\/[A-Za-z0-9_-]{22}$/);
    expect(button.payLink.endsWith(`/pay/button/${button.publicId}`)).toBe(true);
    expect(button.htmlSnippet).toContain(`href="${button.payLink}"`);
    expect(button.htmlSnippet).toContain('>Beans &lt;b&gt;&quot;&amp;</a>');
    expect(button.htmlSnippet).not.toContain('<b>');

    const listed = await server.call('getSavedButtonList', {}, { token: shop.token });
    expect(listed.body.savedButtons).toEqual([button]);
    const got = await server.call('getSavedButton', { id: button.id }, { token: shop.token });
    expect(got.body.savedButton).toEqual(button);

    const updated = await server.call(
      'updateSavedButton',
      {
        id: button.id,
        name: 'Any amount',
        accountId: shop.accountId,
        amount: null,
        minAmount: '5',
        maxAmount: '100.25',
        enabled: false,
      },
      { token: shop.token },
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.savedButton).toMatchObject({
      id: button.id,
      publicId: button.publicId,
      amount: null,
      minAmount: '5',
      maxAmount: '100.25',
      description: '',
      returnUrl: null,
      enabled: false,
    });

    // The web client leaves nulls out: an absent amount is one the payer enters.
    const open = await server.send(
      'updateSavedButton',
      { id: button.id, name: 'Open', accountId: shop.accountId },
      { token: shop.token },
    );
    expect(open.body).toMatchObject({ savedButton: { amount: null, minAmount: null } });

    const deleted = await server.call(
      'deleteSavedButton',
      { id: button.id },
      { token: shop.token },
    );
    expect(deleted.status).toBe(200);
    const gone = await server.call('getSavedButton', { id: button.id }, { token: shop.token });
    expect(gone.status).toBe(404);
  });

  it('refuses amounts finer than the currency, a fixed amount with limits, limits out of order and a non-http return URL', async () => {
    const shop = await company();
    const before = await tableCounts();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: '10.001' }, 'amount', 'validation.amountMinorUnits'],
      [{ amount: '10', minAmount: '1' }, 'minAmount', 'validation.invalidValue'],
      [
        { amount: null, minAmount: '9', maxAmount: '8' },
        'maxAmount',
        'validation.amountRangeOrder',
      ],
      [{ returnUrl: 'javascript:alert(1)' }, 'returnUrl', 'validation.returnUrl'],
      [{ returnUrl: 'ftp://shop.example/' }, 'returnUrl', 'validation.returnUrl'],
      [{ name: '   ' }, 'name', 'validation.required'],
      [{ amount: '-1' }, 'amount', 'validation.amount'],
    ];
    for (const [change, field, message] of cases) {
      const refused = await server.send(
        'createSavedButton',
        { ...BUTTON, accountId: shop.accountId, ...change },
        { token: shop.token },
      );
      expect(refused.status, JSON.stringify(change)).toBe(400);
      expect(refused.body.validationErrors?.[field], JSON.stringify(refused.body)).toBe(message);
    }
    expect(await tableCounts()).toEqual(before);
  });

  it("answers another company's buttons, accounts and logos as not found and changes nothing", async () => {
    const shop = await company();
    const other = await company('Other');
    const theirLogo = await logoOf(other);
    const mine = await server.call(
      'createSavedButton',
      { ...BUTTON, accountId: shop.accountId },
      { token: shop.token },
    );
    const id = mine.body.savedButton.id;
    const before = await tableCounts();
    const attempts = [
      server.call('getSavedButton', { id }, { token: other.token }),
      server.call(
        'updateSavedButton',
        { id, ...BUTTON, accountId: other.accountId },
        { token: other.token },
      ),
      server.call('deleteSavedButton', { id }, { token: other.token }),
      server.call(
        'createSavedButton',
        { ...BUTTON, accountId: other.accountId },
        { token: shop.token },
      ),
      server.call(
        'createSavedButton',
        { ...BUTTON, accountId: shop.accountId, logoId: theirLogo.id },
        { token: shop.token },
      ),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(404);
      expect(answer.body.responseCode).toBeDefined();
    }
    expect(await tableCounts()).toEqual(before);
    const theirs = await server.call('getSavedButtonList', {}, { token: other.token });
    expect(theirs.body.savedButtons).toEqual([]);
  });

  it('is refused to a personal customer and to a business user without full access', async () => {
    const personal = await createCustomer(server);
    const account = await openAccount(server, personal.customerId);
    const before = await tableCounts();
    const refused = await server.call(
      'createSavedButton',
      { ...BUTTON, accountId: account.id },
      { token: personal.token },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.responseCode).toBe('ENOA');

    // Harbourlight Studio (seed): clerk@ may only initiate its payments.
    const clerkToken = await server.signIn('clerk@harbourlight.example');
    const [office] = await selectRows<{ id: number }>(
      server.database.db,
      sql`select customer_id as id from users where email = 'office@harbourlight.example'`,
    );
    for (const method of ['getSavedButtonList', 'getLogoList', 'getPbnSettings'] as const) {
      const answer = await server.call(
        method,
        {},
        { token: clerkToken, fromCustomerId: office!.id },
      );
      expect(answer.status, method).toBe(403);
      expect(answer.body.responseCode, method).toBe('ENOA');
    }
    const ioanaToken = await server.signIn('ioana@harbourlight.example');
    const allowed = await server.call(
      'getSavedButtonList',
      {},
      { token: ioanaToken, fromCustomerId: office!.id },
    );
    expect(allowed.status).toBe(200);
    // Signing in and acting for a company are audited; nothing of the merchant's changed.
    expect({ ...(await tableCounts()), audit_log: 0 }).toEqual({ ...before, audit_log: 0 });
  });
});

describe('business logos', () => {
  it('takes PNG and JPEG by content, serves them with their type and nosniff, and refuses SVG, other files and big ones', async () => {
    const shop = await company();
    const png = await logoOf(shop, 'Square');
    expect(png).toMatchObject({ name: 'Square', isDefault: false, mimeType: 'image/png' });
    // A JPEG named .png is a JPEG.
    const jpeg = await uploadLogo(
      shop.token,
      { name: 'Photo' },
      { bytes: JPEG, name: 'photo.png', type: 'image/png' },
    );
    expect(jpeg.body.logo.mimeType).toBe('image/jpeg');

    const file = await server.app.inject({
      method: 'GET',
      url: `/api/merchant/logos/${png.id}/file`,
      headers: { authorization: `Bearer ${shop.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(new Uint8Array(file.rawPayload)).toEqual(PNG);
    const pub = await server.app.inject({ method: 'GET', url: png.file });
    expect(pub.statusCode).toBe(200);
    expect(pub.headers['content-type']).toBe('image/png');
    expect(pub.headers['x-content-type-options']).toBe('nosniff');

    const before = await tableCounts();
    const refusals: [Parameters<typeof uploadLogo>[2], string][] = [
      [{ bytes: SVG, name: 'logo.png', type: 'image/png' }, 'validation.logoFileType'],
      [{ bytes: SVG, name: 'logo.svg', type: 'image/svg+xml' }, 'validation.logoFileType'],
      [{ bytes: new TextEncoder().encode('GIF89a....'), name: 'a.gif' }, 'validation.logoFileType'],
      [{ bytes: new Uint8Array(0), name: 'empty.png' }, 'validation.fileEmpty'],
      [
        { bytes: new Uint8Array([...PNG, ...new Uint8Array(1024 * 1024)]), name: 'big.png' },
        'validation.logoTooLarge',
      ],
      [null, 'validation.required'],
    ];
    for (const [upload, message] of refusals) {
      const refused = await uploadLogo(shop.token, { name: 'X' }, upload);
      expect(refused.status, message).toBe(400);
      expect(refused.body.validationErrors['file[]'], JSON.stringify(refused.body)).toBe(message);
    }
    const badData = await uploadLogo(shop.token, '{"name":', { bytes: PNG, name: 'a.png' });
    expect(badData.body.validationErrors).toEqual({ data: 'validation.invalidValue' });
    const extra = await uploadLogo(shop.token, { name: 'A' }, { bytes: PNG, name: 'a.png' }, (f) =>
      f.set('other', 'x'),
    );
    expect(extra.body.validationErrors).toEqual({ other: 'validation.unknownField' });
    const noName = await uploadLogo(shop.token, { name: '', x: 1 }, { bytes: PNG, name: 'a.png' });
    expect(noName.status).toBe(400);
    const json = await server.app.inject({
      method: 'POST',
      url: '/api/merchant/logos',
      headers: { authorization: `Bearer ${shop.token}`, 'content-type': 'application/json' },
      payload: jsonText({ name: 'x' }),
    });
    expect(json.statusCode).toBe(400);
    expect(await tableCounts()).toEqual(before);
  });

  it('keeps at most one default: a new default or a change of default takes it from the other', async () => {
    const shop = await company();
    const first = await logoOf(shop, 'First', true);
    const second = await logoOf(shop, 'Second', true);
    const defaults = async () =>
      (await server.call('getLogoList', {}, { token: shop.token })).body.logos
        .filter((logo) => logo.isDefault)
        .map((logo) => logo.id);
    expect(await defaults()).toEqual([second.id]);

    const moved = await server.call(
      'updateLogo',
      { id: first.id, isDefault: true, name: 'Renamed' },
      { token: shop.token },
    );
    expect(moved.body.logo).toMatchObject({ id: first.id, isDefault: true, name: 'Renamed' });
    expect(await defaults()).toEqual([first.id]);
    const list = await server.call('getLogoList', { pageNumber: 1 }, { token: shop.token });
    expect(list.body).toMatchObject({ pageSize: 1000, pageNumber: 1, total: 2 });
    expect(list.body.logos[0]!.id).toBe(first.id);

    // Two defaults at once: the second request waits for the first, and one default remains.
    await Promise.all([
      server.call('updateLogo', { id: first.id, isDefault: true }, { token: shop.token }),
      server.call('updateLogo', { id: second.id, isDefault: true }, { token: shop.token }),
    ]);
    expect(await defaults()).toHaveLength(1);

    const cleared = await server.call(
      'updateLogo',
      { id: (await defaults())[0]!, isDefault: false },
      { token: shop.token },
    );
    expect(cleared.body.logo.isDefault).toBe(false);
    expect(await defaults()).toEqual([]);
  });

  it("deletes a logo, buttons showing it fall back to the default, and another company's logos are not found", async () => {
    const shop = await company();
    const other = await company('Other');
    const logo = await logoOf(shop);
    const button = await server.call(
      'createSavedButton',
      { ...BUTTON, accountId: shop.accountId, logoId: logo.id },
      { token: shop.token },
    );
    expect(button.body.savedButton.logoId).toBe(logo.id);

    const before = await tableCounts();
    for (const answer of [
      await server.call('getLogo', { id: logo.id }, { token: other.token }),
      await server.call('updateLogo', { id: logo.id, name: 'Mine' }, { token: other.token }),
      await server.call('deleteLogo', { id: logo.id }, { token: other.token }),
    ])
      expect(answer.status).toBe(404);
    const file = await server.app.inject({
      method: 'GET',
      url: `/api/merchant/logos/${logo.id}/file`,
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(file.statusCode).toBe(404);
    expect(await tableCounts()).toEqual(before);

    const deleted = await server.call('deleteLogo', { id: logo.id }, { token: shop.token });
    expect(deleted.status).toBe(200);
    const after = await server.call(
      'getSavedButton',
      { id: button.body.savedButton.id },
      { token: shop.token },
    );
    expect(after.body.savedButton.logoId).toBeNull();
    const pub = await server.app.inject({ method: 'GET', url: logo.file });
    expect(pub.statusCode).toBe(404);
  });

  it('is refused to a personal customer', async () => {
    const personal = await createCustomer(server);
    const refused = await uploadLogo(personal.token, { name: 'A' }, { bytes: PNG, name: 'a.png' });
    expect(refused.status).toBe(403);
    expect(refused.body.responseCode).toBe('ENOA');
  });
});

describe('pay-by-name settings', () => {
  it('starts empty, saves a handle with one account per currency, and keeps handles unique within the brand', async () => {
    const shop = await company();
    const usd = await openAccount(server, shop.customerId, { currencyCode: 'USD' });
    const empty = await server.call('getPbnSettings', {}, { token: shop.token });
    expect(empty.body.settings).toEqual({
      payName: null,
      displayName: null,
      enabled: false,
      accounts: [],
      payLink: null,
    });
    const handle = `shop-${randomUUID().slice(0, 8)}`;
    const saved = await server.call(
      'updatePbnSettings',
      {
        payName: handle,
        displayName: 'Beans & Co',
        enabled: true,
        accountIds: [shop.accountId, usd.id],
      },
      { token: shop.token },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.settings).toMatchObject({
      payName: handle,
      displayName: 'Beans & Co',
      enabled: true,
      accounts: [
        { accountId: shop.accountId, currencyCode: 'EUR' },
        { accountId: usd.id, currencyCode: 'USD' },
      ],
    });
    expect(saved.body.settings.payLink?.endsWith(`/pay/name/${handle}`)).toBe(true);

    const other = await company('Other');
    const second = await openAccount(server, shop.customerId, {
      currencyCode: 'EUR',
      type: 4002,
    });
    const before = await tableCounts();
    const refusals: [CallArgs, number, Record<string, string> | null][] = [
      [
        [other, { payName: handle, enabled: false, accountIds: [] }],
        400,
        { payName: 'validation.payNameTaken' },
      ],
      [
        [other, { payName: 'admin', enabled: false, accountIds: [] }],
        400,
        { payName: 'validation.payNameReserved' },
      ],
      [
        [other, { payName: 'AB', enabled: false, accountIds: [] }],
        400,
        { payName: 'validation.payNameFormat' },
      ],
      [
        [other, { payName: 'a--b', enabled: false, accountIds: [] }],
        400,
        { payName: 'validation.payNameFormat' },
      ],
      [
        [other, { payName: 'free-name', enabled: true, accountIds: [] }],
        400,
        { accountIds: 'validation.required' },
      ],
      [[other, { payName: 'free-name', enabled: true, accountIds: [shop.accountId] }], 404, null],
      [
        [shop, { payName: handle, enabled: true, accountIds: [shop.accountId, second.id] }],
        400,
        { accountIds: 'validation.oneAccountPerCurrency' },
      ],
    ];
    for (const [[who, payload], status, errors] of refusals) {
      const answer = await server.send('updatePbnSettings', payload, { token: who.token });
      expect(answer.status, JSON.stringify(payload)).toBe(status);
      if (errors) expect(answer.body.validationErrors).toEqual(errors);
    }
    expect(await tableCounts()).toEqual(before);
  });
});

type CallArgs = [Company, Record<string, unknown>];

describe('hostile ids', () => {
  it('answers every hostile id with a 4xx envelope and changes nothing', async () => {
    const shop = await company();
    const before = await tableCounts();
    for (const method of [
      'getSavedButton',
      'deleteSavedButton',
      'getLogo',
      'deleteLogo',
      'updateLogo',
      'updateSavedButton',
    ]) {
      for (const id of HOSTILE_IDS) {
        const answer = await server.main(
          method,
          jsonText({ method, id, ...BUTTON, accountId: shop.accountId, name: 'x' }),
          { token: shop.token, headers: { 'content-type': 'application/json' } },
        );
        expect(answer.statusCode, `${method} ${String(id)}`).toBeGreaterThanOrEqual(400);
        expect(answer.statusCode, `${method} ${String(id)}`).toBeLessThan(500);
        expect(answer.json().responseCode).toBeDefined();
      }
    }
    for (const id of [...HOSTILE_IDS.map(String), '01', '+1', '..%2F1']) {
      const file = await server.app.inject({
        method: 'GET',
        url: `/api/merchant/logos/${encodeURIComponent(id)}/file`,
        headers: { authorization: `Bearer ${shop.token}` },
      });
      expect(file.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(file.statusCode, id).toBeLessThan(500);
    }
    for (const id of ['x', '%00', 'a'.repeat(200), '..%2F..%2Fhealth']) {
      const file = await server.app.inject({ method: 'GET', url: `/api/public/logos/${id}` });
      expect(file.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(file.statusCode, id).toBeLessThan(500);
    }
    expect(await tableCounts()).toEqual(before);
  });
});
