import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { massTransferMethods, type MassUploadResult } from '@ledgerline/contract';
import { parseCsv } from '@ledgerline/domain/csv';
import { MASS_COLUMNS, MASS_MAX_ROWS } from '@ledgerline/domain/mass-transfers';
import {
  batchTransferRows,
  batchTransfers,
  customerAddresses,
  transferPermissions,
} from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/helper';
import { HOSTILE_IDS, jsonText } from '../../../test/hostile';
import { assertLedgerBalanced } from '../../../test/ledger';
import { createCustomer, openAccount } from '../cards/test-fixtures';
import { readCsvBatch } from './parse';
import { toCsv, toXlsx } from './samples';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await assertLedgerBalanced(server.database.db);
});
afterAll(async () => server.close());

const db = () => server.database.db;

/** A verified customer of their own with a funded EUR account and the mass flags asked for. */
async function business(flags: string[] = ['mass.wire', 'mass.p2p', 'mass.oct']) {
  const who = await createCustomer(server);
  if (flags.length > 0)
    await db()
      .insert(transferPermissions)
      .values({
        userId: who.userId,
        customerId: who.customerId,
        flags: Object.fromEntries(flags.map((flag) => [flag, true])),
      });
  // Money sent abroad needs a confirmed home address (the single transfers' requirement).
  await db().insert(customerAddresses).values({
    customerId: who.customerId,
    address1: '1 Main Street',
    city: 'Berlin',
    countryCode: 'DE',
    addressStatus: 'confirmed',
  });
  const account = await openAccount(server, who.customerId, { balance: '5000' });
  return { ...who, accountId: account.id };
}

const WIRE_HEADER = MASS_COLUMNS.wire.map((column) => column.header);
const IBANS = ['DE89370400440532013000', 'FR1420041010050500013M02606', 'NL91ABNA0417164300'];

function wireRow(index: number, overrides: Partial<Record<string, string>> = {}): string[] {
  const row: Record<string, string> = {
    beneficiaryName: `Payee ${index}`,
    scheme: 'sepa',
    iban: IBANS[index % IBANS.length]!,
    countryCode: IBANS[index % IBANS.length]!.slice(0, 2),
    amount: `${10 + index}.25`,
    currency: 'EUR',
    description: `Row ${index}`,
    purposeOfPayment: 'SALA',
    ...overrides,
  };
  return MASS_COLUMNS.wire.map((column) => row[column.key] ?? '');
}

type UploadAnswer = MassUploadResult & { validationErrors?: Record<string, string> };

/** POST /api/mass-transfers/batches as multipart/form-data, the way a browser's FormData sends it. */
async function upload(
  who: { token: string },
  data: Record<string, unknown>,
  file?: { bytes: Uint8Array; name: string },
) {
  const form = new FormData();
  form.set('data', JSON.stringify(data));
  if (file) form.set('attachedFile', new Blob([file.bytes]), file.name);
  const request = new Request('http://localhost/x', { method: 'POST', body: form });
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/mass-transfers/batches',
    headers: {
      'content-type': request.headers.get('content-type')!,
      authorization: `Bearer ${who.token}`,
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: response.statusCode, body: response.json<UploadAnswer>() };
}

const csvFile = (rows: string[][], name = 'batch.csv') => ({
  bytes: new TextEncoder().encode(toCsv(rows)),
  name,
});

async function batchCount() {
  return (await db().select({ id: batchTransfers.id }).from(batchTransfers)).length;
}

describe('mass transfer upload and workbench (issue 17)', () => {
  it('reads a CSV, marks bad cells, lets them be fixed, dropped and restored, and totals the dry run exactly', async () => {
    const who = await business();
    const rows = [
      WIRE_HEADER,
      wireRow(1),
      wireRow(2, { iban: 'DE00123' }),
      wireRow(3, { amount: '1.005' }),
      wireRow(4, { beneficiaryName: '' }),
      wireRow(5),
    ];
    const { status, body } = await upload(
      who,
      { batchName: 'March', accountId: who.accountId, type: 'wire' },
      csvFile(rows),
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ responseCode: '00', result: 'created' });

    const opts = { token: who.token };
    const first = await server.call('getMassBatch', { batchId: body.batchId }, opts);
    expect(first.status).toBe(200);
    expect(first.body.batch).toMatchObject({
      rowsCount: 5,
      validCount: 2,
      invalidCount: 3,
      canSubmit: false,
    });
    const errorsOf = (n: number) => first.body.rows.find((row) => row.rowNumber === n)?.errors;
    expect(errorsOf(2)).toEqual({ iban: expect.stringMatching(/^validation\./) });
    expect(errorsOf(3)).toEqual({ amount: 'validation.amountMinorUnits' });
    expect(errorsOf(4)).toEqual({ beneficiaryName: 'validation.required' });

    // Fix two rows in place, drop the third: the batch can be submitted.
    const fixed = await server.call(
      'updateMassBatchRow',
      { batchId: body.batchId, rowNumber: 2, fields: { iban: 'NL91 ABNA 0417 1643 00' } },
      opts,
    );
    expect(fixed.body.row).toMatchObject({ status: 'valid', errors: {} });
    await server.call(
      'updateMassBatchRow',
      { batchId: body.batchId, rowNumber: 3, fields: { amount: '13.5' } },
      opts,
    );
    const dropped = await server.call(
      'removeMassBatchRow',
      { batchId: body.batchId, rowNumber: 4 },
      opts,
    );
    expect(dropped.body.batch).toMatchObject({ validCount: 4, invalidCount: 0, removedCount: 1 });
    expect(dropped.body.batch.canSubmit).toBe(true);
    const restored = await server.call(
      'restoreMassBatchRow',
      { batchId: body.batchId, rowNumber: 4 },
      opts,
    );
    expect(restored.body.row).toMatchObject({ status: 'invalid' });
    await server.call('removeMassBatchRow', { batchId: body.batchId, rowNumber: 4 }, opts);

    // The dry run: the four valid amounts and their fees (each the single wire's fee), nothing moved.
    const amounts = ['11.25', '12.25', '13.5', '15.25'];
    let fees = 0;
    for (const amount of amounts) {
      const fee = await server.call(
        'getExternalTransferFee',
        {
          type: 'wire',
          fromAccount: who.accountId,
          amount,
          currency: 'EUR',
          countryCode: 'DE',
          scheme: 'sepa',
        },
        opts,
      );
      expect(fee.status, JSON.stringify(fee.body)).toBe(200);
      fees += Math.round(Number(fee.body.fee) * 100);
    }
    const dry = await server.call('getMassBatchDryRun', { batchId: body.batchId }, opts);
    expect(dry.status).toBe(200);
    const cents = (value: string) => Math.round(Number(value) * 100);
    expect(dry.body.totals).toHaveLength(1);
    expect(cents(dry.body.totals[0]!.amount)).toBe(5225);
    expect(cents(dry.body.totals[0]!.fee)).toBe(fees);
    expect(cents(dry.body.totalDebit)).toBe(5225 + fees);
    expect(dry.body).toMatchObject({ validCount: 4, isFundsSufficient: true, canSubmit: true });
    expect(cents(dry.body.availableBalance)).toBe(500000);

    // History's batch list shows the real batch.
    const list = await server.call('getBatchTransfers', { search: 'March' }, opts);
    expect(list.body.batches[0]).toMatchObject({ batchId: body.batchId, paymentsCount: 4 });
  });

  it('reads XLSX and pasted text, and answers 92 for an identical file unless told to ignore it', async () => {
    const who = await business();
    const table = [WIRE_HEADER, wireRow(1), wireRow(2)];
    const xlsx = { bytes: new Uint8Array(await toXlsx(table)), name: 'batch.xlsx' };
    const data = { batchName: 'X', accountId: who.accountId, type: 'wire' };
    const first = await upload(who, data, xlsx);
    expect(first.body).toMatchObject({ responseCode: '00' });
    const again = await upload(who, data, xlsx);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      responseCode: '92',
      result: 'identicalBatch',
      batchId: first.body.batchId,
      date: first.body.date,
    });
    const confirmed = await upload(who, { ...data, ignoreIdenticalBatch: true }, xlsx);
    expect(confirmed.body.responseCode).toBe('00');
    expect(confirmed.body.batchId).not.toBe(first.body.batchId);
    const read = await server.call('getMassBatch', { batchId: first.body.batchId }, who);
    expect(read.body.batch).toMatchObject({ validCount: 2, invalidCount: 0 });

    const pasted = await upload(who, { ...data, text: toCsv([WIRE_HEADER, wireRow(7)]) });
    expect(pasted.body.responseCode).toBe('00');
    const p = await server.call('getMassBatch', { batchId: pasted.body.batchId }, who);
    expect(p.body.rows[0]?.fields.beneficiaryName).toBe('Payee 7');
  });

  it('checks and stores a file of thousands of rows in parts, numbered and kept as one file', async () => {
    // 2,300 rows: three parts of checking and storing; one bad row in the last part.
    const who = await business();
    const rows = Array.from({ length: 2_300 }, (_, index) =>
      index === 2_249 ? wireRow(index + 1, { iban: 'DE00123' }) : wireRow(index + 1),
    );
    const { body } = await upload(
      who,
      { batchName: 'Payroll', accountId: who.accountId, type: 'wire' },
      csvFile([WIRE_HEADER, ...rows]),
    );
    expect(body).toMatchObject({ responseCode: '00', result: 'created' });
    const read = await server.call(
      'getMassBatch',
      { batchId: body.batchId, filter: 'invalid' },
      who,
    );
    expect(read.body.batch).toMatchObject({ rowsCount: 2_300, validCount: 2_299, invalidCount: 1 });
    expect(read.body.rows.map((row) => row.rowNumber)).toEqual([2_250]);
    const file = await server.call('getBatchTransferFile', { batchId: body.batchId }, who);
    const lines = file.body.content.trimEnd().split(/\r?\n/);
    expect(lines).toHaveLength(2_301);
    expect(lines[2_250]).toContain('Payee 2250');
    expect(lines[2_300]).toContain('Payee 2300');
  });

  it('reads the e2e SEPA sample (50 rows) with exactly its three bad rows marked', async () => {
    const who = await business();
    const bytes = readFileSync(
      new URL('../../../../../e2e/fixtures/mass/sepa-50.csv', import.meta.url),
    );
    const { body } = await upload(
      who,
      { batchName: 'SEPA 50', accountId: who.accountId, type: 'wire' },
      { bytes: new Uint8Array(bytes), name: 'sepa-50.csv' },
    );
    const read = await server.call(
      'getMassBatch',
      { batchId: body.batchId, filter: 'invalid' },
      who,
    );
    expect(read.body.batch).toMatchObject({ rowsCount: 50, validCount: 47, invalidCount: 3 });
    expect(read.body.rows.map((row) => [row.rowNumber, Object.keys(row.errors)])).toEqual([
      [7, ['iban']],
      [19, ['amount']],
      [33, ['beneficiaryName']],
    ]);
  });

  it('checks P2P payees and card payouts with the single transfers’ rules and keeps no card number', async () => {
    const who = await business();
    const payee = await createCustomer(server);
    await openAccount(server, payee.customerId);
    const p2p = await upload(who, {
      batchName: 'P2P',
      accountId: who.accountId,
      type: 'p2p',
      text: toCsv([
        ['E-mail', 'Amount', 'Currency'],
        [payee.email, '5', 'EUR'],
        ['nobody@nowhere.example', '5', 'EUR'],
        [payee.email, '5', 'USD'],
      ]),
    });
    const rows = (await server.call('getMassBatch', { batchId: p2p.body.batchId }, who)).body.rows;
    expect(rows.map((row) => row.status)).toEqual(['valid', 'invalid', 'invalid']);
    expect(Object.keys(rows[1]!.errors)).toEqual(['email']);
    expect(rows[2]!.errors).toEqual({ currency: 'validation.currencyMismatch' });

    const oct = await upload(who, {
      batchName: 'Cards',
      accountId: who.accountId,
      type: 'oct',
      text: toCsv([
        ['Card number', 'Name on card', 'Country', 'Amount', 'Currency'],
        ['4000056655665556', 'Sam Carter', 'GB', '50', 'EUR'],
        ['4000056655665557', 'Bad Luhn', 'GB', '50', 'EUR'],
      ]),
    });
    const cards = (await server.call('getMassBatch', { batchId: oct.body.batchId }, who)).body.rows;
    expect(cards[0]).toMatchObject({ status: 'valid', fields: { cardNumber: '•••• 5556' } });
    expect(cards[1]).toMatchObject({ errors: { cardNumber: 'validation.cardNumber' } });
    const [stored] = await db()
      .select({ content: batchTransfers.fileContent })
      .from(batchTransfers)
      .where(eq(batchTransfers.id, oct.body.batchId));
    expect(stored?.content).not.toContain('4000056655665556');
    const storedRows = await db()
      .select({ fields: batchTransferRows.fields })
      .from(batchTransferRows)
      .where(eq(batchTransferRows.batchId, oct.body.batchId));
    expect(JSON.stringify(storedRows)).not.toContain('4000056655665556');
  });

  it('refuses bad files cleanly and stores nothing', async () => {
    const who = await business();
    const data = { batchName: 'Bad', accountId: who.accountId, type: 'wire' };
    const before = await batchCount();
    const tooMany = [WIRE_HEADER, ...Array.from({ length: MASS_MAX_ROWS + 1 }, () => wireRow(1))];
    const cases: [string, Record<string, unknown>, { bytes: Uint8Array; name: string }?][] = [
      ['validation.massFileType', data, { bytes: new Uint8Array([0, 1, 2, 3]), name: 'a.bin' }],
      [
        'validation.massMalformedCsv',
        data,
        { bytes: new TextEncoder().encode(`${WIRE_HEADER.join(',')}\n"open,1`), name: 'a.csv' },
      ],
      [
        'validation.massMalformedXlsx',
        data,
        { bytes: new Uint8Array([0x50, 0x4b, 3, 4, 9, 9, 9]), name: 'a.xlsx' },
      ],
      [
        'validation.massCellTooLong',
        data,
        csvFile([WIRE_HEADER, wireRow(1, { description: 'x'.repeat(300) })]),
      ],
      ['validation.massTooManyRows', data, csvFile(tooMany)],
      ['validation.massMissingColumn', data, csvFile([['Amount'], ['1']])],
      ['validation.massUnknownColumn', data, csvFile([[...WIRE_HEADER, '=cmd'], wireRow(1)])],
      ['validation.massNoRows', data, csvFile([WIRE_HEADER])],
      [
        'validation.massFileTooLarge',
        data,
        { bytes: new Uint8Array(5 * 1024 * 1024 + 1).fill(65), name: 'big.csv' },
      ],
      ['validation.massFileOrText', data, undefined],
      ['validation.massFileOrText', { ...data, text: 'a' }, csvFile([WIRE_HEADER, wireRow(1)])],
    ];
    for (const [message, payload, file] of cases) {
      const { status, body } = await upload(who, payload, file);
      expect(status, message).toBe(400);
      expect(body.validationErrors, message).toEqual({ attachedFile: message });
    }
    expect(await batchCount()).toBe(before);
  });

  it('refuses a NUL or broken Unicode in pasted rows, a name or a cell, and stores nothing', async () => {
    const who = await business();
    const data = { batchName: 'Text', accountId: who.accountId, type: 'wire' };
    const before = await batchCount();
    const pasted = (description: string) =>
      toCsv([WIRE_HEADER, wireRow(1, { description }), wireRow(2)]);
    for (const [payload, field] of [
      [{ ...data, text: pasted('a\u0000b') }, 'text'],
      [{ ...data, text: pasted('a\ud800b') }, 'text'],
      [{ ...data, batchName: 'Pay\u0000roll', text: pasted('fine') }, 'batchName'],
    ] as const) {
      const { status, body } = await upload(who, payload);
      expect(status).toBe(400);
      expect(body).toMatchObject({
        responseCode: 'TA1',
        validationErrors: { [field]: 'validation.invalidValue' },
      });
    }
    expect(await batchCount()).toBe(before);
    // A file's cells are read by the module itself (an XLSX may spell them as character references).
    for (const cell of ['a\u0000b', 'a\udc00b'])
      expect(() => readCsvBatch('wire', pasted(cell))).toThrow(
        expect.objectContaining({
          validationErrors: { attachedFile: 'validation.massCellUnstorable' },
        }),
      );
  });

  it('refuses callers without the mass flag, another customer’s account and batch, and a locked batch', async () => {
    const who = await business();
    const stranger = await business();
    const noFlag = await business([]);
    const data = { batchName: 'Mine', accountId: who.accountId, type: 'wire' };
    const mine = await upload(who, data, csvFile([WIRE_HEADER, wireRow(1)]));
    const before = await batchCount();

    expect(
      (
        await upload(
          noFlag,
          { ...data, accountId: noFlag.accountId },
          csvFile([WIRE_HEADER, wireRow(2)]),
        )
      ).status,
    ).toBe(403);
    // The flag is per type: wire is allowed, digital is not.
    expect((await upload(who, { ...data, type: 'digital' }, csvFile([WIRE_HEADER]))).status).toBe(
      403,
    );
    expect((await upload(stranger, data, csvFile([WIRE_HEADER, wireRow(3)]))).status).toBe(404);
    for (const [method, payload] of [
      ['getMassBatch', { batchId: mine.body.batchId }],
      ['getMassBatchDryRun', { batchId: mine.body.batchId }],
      ['removeMassBatchRow', { batchId: mine.body.batchId, rowNumber: 1 }],
      ['updateMassBatchRow', { batchId: mine.body.batchId, rowNumber: 1, fields: { amount: '1' } }],
    ] as const) {
      const response = await server.main(method, jsonText(payload), { token: stranger.token });
      expect(response.statusCode, method).toBe(404);
    }
    const unknownCell = await server.call(
      'updateMassBatchRow',
      { batchId: mine.body.batchId, rowNumber: 1, fields: { nope: '1' } },
      who,
    );
    expect(unknownCell.status).toBe(400);
    await db()
      .update(batchTransfers)
      .set({ status: 'processing' })
      .where(eq(batchTransfers.id, mine.body.batchId));
    const locked = await server.call(
      'removeMassBatchRow',
      { batchId: mine.body.batchId, rowNumber: 1 },
      who,
    );
    expect(locked.body).toMatchObject({
      validationErrors: { batchId: 'validation.massBatchLocked' },
    });
    const rows = await server.call('getMassBatch', { batchId: mine.body.batchId }, who);
    expect(rows.body.rows[0]?.status).toBe('valid');
    expect(await batchCount()).toBe(before);
  });

  it('writes sample files whose every type reads back, with no cell able to start a formula', async () => {
    const links = await server.call('getMassSampleLinks', {}, {});
    expect(links.status).toBe(401);
    const who = await business();
    const { body } = await server.call('getMassSampleLinks', {}, who);
    expect(body.samples.map((sample) => sample.type).sort()).toEqual(
      Object.keys(MASS_COLUMNS).sort(),
    );
    const csv = await server.app.inject({ method: 'GET', url: body.samples[0]!.csvUrl });
    expect(csv.statusCode).toBe(200);
    expect(parseCsv(csv.body)[0]).toEqual(WIRE_HEADER);
    const xlsx = await server.app.inject({ method: 'GET', url: body.samples[0]!.xlsxUrl });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.getRow(1).getCell(1).value).toBe(WIRE_HEADER[0]);

    const hostile = [['=1+1', '+1', '-1', '@SUM(A1)', 'plain']];
    expect(parseCsv(toCsv(hostile))[0]).toEqual(["'=1+1", "'+1", "'-1", "'@SUM(A1)", 'plain']);
    const written = new ExcelJS.Workbook();
    await written.xlsx.load((await toXlsx(hostile)) as unknown as ArrayBuffer);
    const cells = (written.worksheets[0]?.getRow(1).values as unknown[]).slice(1);
    expect(cells).toEqual(["'=1+1", "'+1", "'-1", "'@SUM(A1)", 'plain']);
  });

  it('refuses hostile input to every workbench method with a 4xx and changes nothing', async () => {
    const who = await business();
    const theirs = await business();
    const their = await upload(
      theirs,
      { batchName: 'T', accountId: theirs.accountId, type: 'wire' },
      csvFile([WIRE_HEADER, wireRow(1)]),
    );
    const mine = await upload(
      who,
      { batchName: 'M', accountId: who.accountId, type: 'wire' },
      csvFile([WIRE_HEADER, wireRow(1)]),
    );
    const badBatch = [their.body.batchId, ...HOSTILE_IDS, 'x', true, {}, []];
    const badRow = [0, -1, MASS_MAX_ROWS + 1, 1.5, 'x', {}, []];
    const key = '6f1c2c1e-8a4b-4e7a-9f3d-2b1a0c9d8e7f';
    const cases: Record<
      string,
      { valid: Record<string, unknown>; bad: Record<string, unknown[]> }
    > = {
      getMassSampleLinks: { valid: {}, bad: {} },
      getMassBatch: {
        valid: { batchId: mine.body.batchId },
        bad: { batchId: badBatch, pageSize: [0, 501, 'x'], filter: ['other', 1] },
      },
      updateMassBatchRow: {
        valid: { batchId: mine.body.batchId, rowNumber: 1, fields: { amount: '2' } },
        bad: {
          batchId: badBatch,
          rowNumber: badRow,
          fields: [{ amount: 'x'.repeat(300) }, { nope: '1' }, 'x', [], { amount: 1 }],
        },
      },
      removeMassBatchRow: {
        valid: { batchId: mine.body.batchId, rowNumber: 1 },
        bad: { batchId: badBatch, rowNumber: badRow },
      },
      restoreMassBatchRow: {
        valid: { batchId: mine.body.batchId, rowNumber: 1 },
        bad: { batchId: badBatch, rowNumber: badRow },
      },
      getMassBatchDryRun: { valid: { batchId: mine.body.batchId }, bad: { batchId: badBatch } },
      submitMassBatch: {
        valid: { batchId: mine.body.batchId, totalAmount: '1', idempotencyKey: key },
        bad: { batchId: badBatch, totalAmount: ['x', '', {}], idempotencyKey: ['no', 1] },
      },
      resubmitMassFailedRows: {
        valid: { batchId: mine.body.batchId, idempotencyKey: key },
        bad: { batchId: badBatch, idempotencyKey: ['no', 1] },
      },
      getMassBatchStatus: { valid: { batchId: mine.body.batchId }, bad: { batchId: badBatch } },
      massApprove: {
        valid: { batchId: mine.body.batchId, declined: false },
        bad: { batchId: badBatch, declined: ['yes', 1, null] },
      },
      massApproveConfirm: {
        valid: { approvalTransactionId: key },
        bad: { approvalTransactionId: ['no', 1], code: ['12', 'abcdef', 123456] },
      },
    };
    expect(Object.keys(cases).sort()).toEqual(Object.keys(massTransferMethods).sort());
    const snapshot = async () =>
      JSON.stringify(await db().select().from(batchTransferRows).orderBy(batchTransferRows.id));
    const before = { rows: await snapshot(), batches: await batchCount() };
    for (const [method, spec] of Object.entries(cases)) {
      const sends = [
        ...Object.entries(spec.bad).flatMap(([field, values]) =>
          values.map((value) => ({ ...spec.valid, [field]: value })),
        ),
        { ...spec.valid, unknownField: 1 },
      ];
      for (const payload of sends) {
        const response = await server.main(method, jsonText(payload), { token: who.token });
        const label = `${method} ${jsonText(payload)}`;
        expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, label).toBeLessThan(500);
        expect(response.json().responseDescription, label).toMatch(/\S/);
      }
    }
    expect({ rows: await snapshot(), batches: await batchCount() }).toEqual(before);
  });
});
