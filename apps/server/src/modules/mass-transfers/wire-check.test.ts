import { describe, expect, it } from 'vitest';
import { transferWireRequestSchema } from '@ledgerline/contract';
import { quickWireData, ROW_IDEMPOTENCY_KEY } from './wire-check';

/*
 * The quick wire check against the contract's schema over hostile rows: whatever it vouches for,
 * the schema accepts with the very same data, so the errors a customer sees are always the
 * schema's (the quick check never answers for a row the schema refuses).
 */

const SEPA = {
  fromAccount: 17,
  idempotencyKey: ROW_IDEMPOTENCY_KEY,
  beneficiaryName: 'Payee 1',
  scheme: 'sepa',
  iban: 'DE89370400440532013000',
  swift: 'COBADEFFXXX',
  countryCode: 'DE',
  amount: '12.50',
  currency: 'EUR',
  description: 'Payroll 1',
  extraParams: [{ name: 'purposeOfPayment', value: 'SALA' }],
};
const SWIFT = {
  ...SEPA,
  scheme: 'swift',
  iban: 'GB29 NWBK 6016 1331 9268 19',
  swift: 'nwbk gb 2l',
  countryCode: 'GB',
  currency: 'USD',
};

const LONG = (length: number, char = 'a') => char.repeat(length);

/** Values tried in each field: edges of every rule, wrong types, whitespace the trims remove. */
const HOSTILE: Record<string, unknown[]> = {
  fromAccount: [0, -1, 1, 2 ** 31 - 1, 2 ** 31, 1.5, '17', null, Number.NaN, Infinity],
  idempotencyKey: [
    '',
    'not-a-uuid',
    '00000000-0000-0000-0000-000000000000',
    '7a1c4c5e-1f0b-4d1e-9a3b-5b7f0c2d4e6f',
    null,
  ],
  beneficiaryName: [
    '',
    ' ',
    ' Payee',
    'Payee ',
    '\u00a0Payee',
    'Payee\u2028',
    LONG(140),
    LONG(141),
    ` ${LONG(140)}`,
    'Zoë “Ω” 😀',
    'a\u0000b',
    42,
    null,
  ],
  scheme: ['sepa', 'swift', 'ach', 'fasterPayments', 'SEPA', 'Sepa', '', 'wire', null, 1],
  iban: [
    '',
    'DE89 3704 0044 0532 0130 00',
    'de89370400440532013000',
    'DE89-3704-0044-0532-0130-00',
    'DE89370400440532013001',
    'DE8937040044053201300',
    'XX00ABCDEFGH',
    'DE89\t370400440532013000',
    'DE89\u00a0370400440532013000',
    'DE89\u2003370400440532013000',
    'ＤＥ89370400440532013000',
    `DE89${LONG(30, '1')}`,
    `DE89${LONG(31, '1')}`,
    `DE89370400440532013000${LONG(42, ' ')}`,
    `DE89370400440532013000${LONG(43, ' ')}`,
    'FR1420041010050500013M02606',
    'GB29NWBK60161331926819',
    'US12345678901234',
    12,
    null,
  ],
  swift: [
    '',
    'COBADEFF',
    'COBADEFFXXX',
    'cobadeffxxx',
    'COBA DEFF XXX',
    'COBADEFFXX',
    'COBADEFFXXXX',
    '1OBADEFFXXX',
    'COBADE\u00a0FFXXX',
    `COBADEFFXXX${LONG(21, ' ')}`,
    `COBADEFFXXX${LONG(22, ' ')}`,
    'COBADEFFXXX\n',
    undefined,
    null,
  ],
  countryCode: ['', 'DE', 'de', 'GB', 'US', 'CH', 'XK', 'DEU', 'D', ' DE', null],
  amount: [
    '',
    '0',
    '0.00',
    '00',
    '1',
    '0.01',
    '1.123456789',
    '1.12345678',
    '1e3',
    '-1',
    '+1',
    ' 1',
    '1.',
    '.5',
    '1,5',
    LONG(18, '9'),
    LONG(19, '9'),
    '١٢',
    12,
    null,
  ],
  currency: ['', 'EUR', 'eur', 'USD', 'GBP', 'EU', 'EURO', ' EUR', null],
  description: [
    '',
    ' ',
    'Payroll',
    ' Payroll',
    'Payroll\n',
    LONG(140),
    LONG(141),
    `${LONG(140)} `,
    undefined,
    null,
    7,
  ],
  extraParams: [
    [],
    [{ name: 'purposeOfPayment', value: '' }],
    [{ name: 'purposeOfPayment', value: ' SALA' }],
    [{ name: '', value: 'SALA' }],
    [{ name: LONG(64), value: 'SALA' }],
    [{ name: LONG(65), value: 'SALA' }],
    [{ name: 'purposeOfPayment', value: LONG(256) }],
    [{ name: 'purposeOfPayment', value: LONG(257) }],
    [{ name: 'purposeOfPayment', value: 'SALA', extra: 'x' }],
    [{ name: 'purposeOfPayment' }],
    Array.from({ length: 30 }, (_, index) => ({ name: `p${index}`, value: 'x' })),
    Array.from({ length: 31 }, (_, index) => ({ name: `p${index}`, value: 'x' })),
    [null],
    ['SALA'],
    [[]],
    {},
    'SALA',
    undefined,
    null,
  ],
  // Keys the wire schema knows but the quick check leaves to it, and ones it does not know.
  accountNumber: ['12345678', ''],
  routingNumber: ['011000015'],
  sortCode: ['123456'],
  beneficiaryAddress: ['1 Main Street'],
  toOwnAccount: [true],
  unknownColumn: ['x'],
};

/** A seeded generator, so a failure names a row that can be run again. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function withField(base: Record<string, unknown>, key: string, value: unknown) {
  const row: Record<string, unknown> = { ...base };
  if (value === undefined) delete row[key];
  else row[key] = value;
  return row;
}

/** Every hostile value alone in each base row, then random mixes of several. */
function hostileRows(): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [SEPA, SWIFT];
  for (const base of [SEPA, SWIFT])
    for (const [key, values] of Object.entries(HOSTILE))
      for (const value of values) rows.push(withField(base, key, value));
  const next = random(19);
  const keys = Object.keys(HOSTILE);
  for (let round = 0; round < 4_000; round += 1) {
    let row: Record<string, unknown> = next() < 0.5 ? SEPA : SWIFT;
    const changes = 1 + Math.floor(next() * 4);
    for (let change = 0; change < changes; change += 1) {
      const key = keys[Math.floor(next() * keys.length)]!;
      const values = HOSTILE[key]!;
      row = withField(row, key, values[Math.floor(next() * values.length)]);
    }
    rows.push(row);
  }
  return rows;
}

describe('the quick wire check', () => {
  it('vouches only for rows the schema accepts, with the same data', () => {
    let vouched = 0;
    let refusedBySchema = 0;
    for (const row of hostileRows()) {
      const quick = quickWireData(row);
      const parsed = transferWireRequestSchema.safeParse(row);
      if (!parsed.success) refusedBySchema += 1;
      if (quick === null) continue;
      vouched += 1;
      expect({ row, success: parsed.success }).toEqual({ row, success: true });
      expect(quick).toStrictEqual(parsed.data);
    }
    // Both sides were exercised: rows it vouched for, and rows the schema refused.
    expect(vouched).toBeGreaterThan(250);
    expect(refusedBySchema).toBeGreaterThan(2_000);
  });

  it('vouches for a plain SEPA and a plain SWIFT row, as the schema gives them back', () => {
    expect(quickWireData(SEPA)).toStrictEqual(transferWireRequestSchema.parse(SEPA));
    expect(quickWireData(SWIFT)).toMatchObject({
      iban: 'GB29NWBK60161331926819',
      swift: 'NWBKGB2L',
    });
  });

  it('leaves to the schema every row it cannot vouch for', () => {
    expect(quickWireData({ ...SEPA, amount: '0.00' })).toBeNull();
    expect(quickWireData({ ...SEPA, currency: 'USD' })).toBeNull();
    expect(quickWireData({ ...SEPA, countryCode: 'US' })).toBeNull();
    expect(quickWireData({ ...SEPA, beneficiaryName: ' Payee' })).toBeNull();
    expect(quickWireData({ ...SEPA, accountNumber: '12345678' })).toBeNull();
    expect(quickWireData({ ...SWIFT, swift: undefined })).toBeNull();
  });
});
