import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { bankDirectoryMethods } from '@ledgerline/contract';
import { isCpfValid } from '@ledgerline/domain';
import {
  bankBranches,
  banks,
  blockedBins,
  customers,
  paymentTemplates,
  transferPermissions,
} from '../../db/schema';
import { seedDemo } from '../../db/seed';
import { BANK_DIRECTORY_SEED, DEMO_IBANS } from '../../db/seed-bank-directory';
import { DEMO_CLERK_EMAIL } from '../../db/seed-transfers';
import { startTestServer, type TestServer } from '../../../test/helper';
import { HOSTILE_IDS, jsonText } from '../../../test/hostile';
import { assertLedgerBalanced } from '../../../test/ledger';
import { transferFixtures } from '../transfers/test-fixtures';
import { isBlockedBin } from './directory';

let server: TestServer;
let personal: string;
let anna: string;
let clerk: string;
let ioana: string;
const f = transferFixtures(() => server);

beforeAll(async () => {
  server = await startTestServer();
  [personal, anna, clerk, ioana] = await Promise.all([
    server.signIn('personal@ledgerline.test'),
    server.signIn('anna@pebble.example'),
    server.signIn(DEMO_CLERK_EMAIL),
    server.signIn('ioana@harbourlight.example'),
  ]);
}, 240_000);
afterAll(async () => {
  await server.close();
});

async function templateRows() {
  return f.db().select().from(paymentTemplates).orderBy(paymentTemplates.id);
}

describe('the seeded directory', () => {
  it('holds every seeded bank and branch once, and a second seed run adds nothing', async () => {
    const counts = async () =>
      Promise.all(
        [banks, bankBranches, blockedBins, paymentTemplates].map(
          async (table) =>
            (
              await f
                .db()
                .select({ n: sql<number>`count(*)::int` })
                .from(table)
            )[0]?.n,
        ),
      );
    const before = await counts();
    expect(before[0]).toBe(BANK_DIRECTORY_SEED.length);
    expect(before[1]).toBe(
      BANK_DIRECTORY_SEED.reduce((sum, bank) => sum + (bank.branches?.length ?? 0), 0),
    );
    await seedDemo(f.db());
    expect(await counts()).toEqual(before);
  });
});

describe('bank lists and branch codes', () => {
  it('lists a country’s banks by name, the same on every call and in every language', async () => {
    const first = await f.call('getBankList', personal, { countryCode: 'DE' });
    expect(first.status).toBe(200);
    expect(first.body.responseCode).toBe('00');
    expect(first.body.banks.map((bank) => bank.code)).toEqual([
      '10050000',
      '37040044',
      '50070010',
      '50060400',
      '50010517',
    ]);
    expect(first.body.banks.map((bank) => bank.name)).toEqual([
      'Berliner Sparkasse',
      'Commerzbank',
      'Deutsche Bank',
      'DZ BANK',
      'ING-DiBa',
    ]);
    const again = await server.call(
      'getBankList',
      { countryCode: 'DE' },
      { token: personal, lang: 'ro' },
    );
    expect(again.body).toEqual(first.body);
  });

  it('answers an empty list for a country the directory holds no bank of, and refuses a malformed country', async () => {
    const none = await f.call('getBankList', personal, { countryCode: 'ZW' });
    expect(none.status).toBe(200);
    expect(none.body.banks).toEqual([]);
    const bad = await f.call('getBankList', personal, { countryCode: 'de' });
    expect(bad.status).toBe(400);
    expect(bad.body.responseCode).toBe('TA1');
    expect(Object.keys(bad.body.validationErrors ?? {})).toEqual(['countryCode']);
  });

  it('gives the branch codes of a bank in each country that needs them (BR, JP, HK, LK)', async () => {
    const cases: [string, string, string[]][] = [
      ['BR', '104', ['0001', '0647']],
      ['JP', '0005', ['001', '251']],
      ['HK', '004', ['002', '511']],
      ['LK', '7010', ['001', '044']],
    ];
    for (const [countryCode, bankCode, codes] of cases) {
      const { status, body } = await f.call('getBranchCodes', personal, { countryCode, bankCode });
      expect(status, `${countryCode} ${bankCode}`).toBe(200);
      expect(body.bankBranches.map((branch) => branch.code)).toEqual(codes);
      expect(
        body.bankBranches.every((branch) => branch.name.length > 0 && branch.city.length > 0),
      ).toBe(true);
    }
  });

  it('says clearly that a bank code is not in the directory', async () => {
    const { status, body } = await f.call('getBranchCodes', personal, {
      countryCode: 'JP',
      bankCode: '0999',
    });
    expect(status).toBe(404);
    expect(body.responseCode).toBe('ENOA');
    expect(body.validationErrors).toEqual({ bankCode: 'validation.bankNotFound' });
    expect(body.responseDescription).toContain('0999');
  });
});

describe('bank details by SWIFT', () => {
  it('finds the head office by an 8- or 11-character BIC, written any way', async () => {
    for (const swift of ['COBADEFF', 'COBADEFFXXX', 'coba de ff xxx']) {
      const { status, body } = await f.call('getBankBySwift', personal, { swift });
      expect(status, swift).toBe(200);
      expect(body.bank).toEqual({
        address: 'Unter Sachsenhausen 21-27',
        city: 'Köln',
        zipCode: '50667',
        countryIsoCode: 'DE',
        bankName: 'Commerzbank',
        code: 'COBADEFFXXX',
      });
    }
  });

  it('answers a branch BIC with the branch’s address', async () => {
    const { body } = await f.call('getBankBySwift', personal, {
      swift: 'PSSTFRPPPAR',
    });
    expect(body.bank).toMatchObject({
      bankName: 'La Banque Postale',
      city: 'Paris',
      zipCode: '75015',
      countryIsoCode: 'FR',
      code: 'PSSTFRPPPAR',
    });
  });

  it('refuses a malformed BIC with TA1 and says an unknown one is not found', async () => {
    for (const swift of ['COBA', 'COBA1EFFXXX', 'COBAZZFFXXX', '']) {
      const { status, body } = await f.call('getBankBySwift', personal, { swift });
      expect(status, swift).toBe(400);
      expect(body.responseCode).toBe('TA1');
      expect(body.validationErrors).toEqual({ swift: 'validation.swift' });
    }
    const unknown = await f.call('getBankBySwift', personal, { swift: 'ABCDDEFFXXX' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.validationErrors).toEqual({ swift: 'validation.bankNotFound' });
    expect(unknown.body.responseDescription).toContain('ABCDDEFFXXX');
  });
});

describe('bank details by IBAN', () => {
  it('resolves every demo IBAN to its bank', async () => {
    for (const [label, iban] of Object.entries(DEMO_IBANS)) {
      const { status, body } = await f.call('getBankByIban', personal, { iban });
      expect(status, label).toBe(200);
      expect(body.bank.countryIsoCode).toBe(iban.slice(0, 2));
      expect(body.bank.iban).toBe(iban);
      expect(body.bank.bankName?.length).toBeGreaterThan(0);
    }
  });

  it('answers the bank, the branch and the country name in the request’s language', async () => {
    const de = await f.call('getBankByIban', personal, {
      iban: 'DE89 3704 0044 0532 0130 00',
    });
    expect(de.body.bank).toEqual({
      address: 'Unter Sachsenhausen 21-27',
      branch: null,
      city: 'Köln',
      zipCode: '50667',
      countryIsoCode: 'DE',
      country: 'Germany',
      bankName: 'Commerzbank',
      swift: 'COBADEFFXXX',
      bankCode: '37040044',
      branchCode: null,
      iban: 'DE89370400440532013000',
    });
    const gb = await server.call(
      'getBankByIban',
      { iban: DEMO_IBANS.natWest },
      { token: personal, lang: 'es' },
    );
    expect(gb.body.bank).toMatchObject({
      bankName: 'National Westminster Bank',
      branch: 'NatWest 60-16-13',
      branchCode: '601613',
      swift: 'NWBKGB2LXXX',
      countryIsoCode: 'GB',
    });
    expect(gb.body.bank.country).toMatch(/Reino Unido/);
    // Brazil's IBAN carries the ISPB and a five-digit branch: agência 0001 of Caixa.
    const br = await f.call('getBankByIban', personal, {
      iban: DEMO_IBANS.caixaBr,
    });
    expect(br.body.bank).toMatchObject({
      bankName: 'Caixa Econômica Federal',
      bankCode: '104',
      branchCode: '0001',
      branch: 'Agência Sé',
      city: 'São Paulo, SP',
    });
  });

  it('refuses an IBAN with wrong check digits or format (TA1 iban)', async () => {
    for (const iban of [
      'DE88370400440532013000',
      'DE8937040044053201300',
      'XX89370400440532013000',
      'not an iban',
      '',
    ]) {
      const { status, body } = await f.call('getBankByIban', personal, { iban });
      expect(status, iban).toBe(400);
      expect(body.responseCode).toBe('TA1');
      expect(body.validationErrors).toEqual({ iban: 'validation.iban' });
    }
  });

  it('says a valid IBAN of a bank outside the directory is not found', async () => {
    const { status, body } = await f.call('getBankByIban', personal, {
      iban: 'CH9300762011623852957',
    });
    expect(status).toBe(404);
    expect(body.responseCode).toBe('ENOA');
    expect(body.validationErrors).toEqual({ iban: 'validation.bankNotFound' });
  });

  it('answers only a signed-in caller', async () => {
    const response = await server.main('getBankByIban', { iban: DEMO_IBANS.natWest });
    expect(response.statusCode).toBe(401);
  });
});

describe('scheme countries and blocked BINs', () => {
  it('lists SEPA (EPC scope), ACH and Faster Payments countries', async () => {
    const { status, body } = await f.call('getPaymentSchemeCountries', personal, {});
    expect(status).toBe(200);
    for (const code of ['DE', 'FR', 'RO', 'NO', 'IS', 'LI', 'CH', 'GB', 'MC', 'SM', 'AD', 'VA'])
      expect(body.sepa).toContain(code);
    for (const code of ['US', 'BR', 'JP', 'CA']) expect(body.sepa).not.toContain(code);
    expect(body.sepa).toEqual([...body.sepa].sort());
    expect(body.ach).toEqual(['US']);
    expect(body.fasterPayments).toEqual(['GB']);
  });

  it('lists the blocked BINs and refuses payouts to cards starting with one', async () => {
    const { body } = await f.call('getBlockedBins', personal, {});
    expect(body.bins).toEqual(['401288', '431940', '45717360', '510510']);
    const db = f.db();
    expect(await isBlockedBin(db, '5105 1051 0510 5100')).toBe(true);
    expect(await isBlockedBin(db, '4012888888881881')).toBe(true);
    expect(await isBlockedBin(db, '4571736012345678')).toBe(true);
    expect(await isBlockedBin(db, '4571736112345678')).toBe(false);
    expect(await isBlockedBin(db, '4111111111111111')).toBe(false);
    expect(await isBlockedBin(db, '51051')).toBe(false);
  });
});

describe('instant payment info', () => {
  it('answers the customer’s key and the country’s participating banks', async () => {
    const { status, body } = await f.call('getInstantInfo', personal, { countryCode: 'BR' });
    expect(status).toBe(200);
    expect(body.taxId).toBeNull();
    // personal@ has no tax id on file: its confirmed phone is its key, in E.164.
    expect(body.instantKeyType).toBe('phone');
    expect(body.instantKey).toMatch(/^\+447700900\d{3}$/);
    expect(body.keyTypes).toEqual(['email', 'phone', 'taxId', 'random']);
    expect(body.banks.map((bank) => bank.code).sort()).toEqual([
      '001',
      '033',
      '104',
      '237',
      '260',
      '341',
    ]);
  });

  it('prefers a valid CPF or CNPJ on file as the key, in its written form', async () => {
    const cpf = '52998224725';
    expect(isCpfValid(cpf)).toBe(true);
    const customerId = await f.customerIdOf('anna@pebble.example');
    await f.db().update(customers).set({ taxId: cpf }).where(eq(customers.id, customerId));
    try {
      const { body } = await f.call('getInstantInfo', anna, { countryCode: 'BR' });
      // The key keeps its written form, so the client's number coercion leaves it a string.
      expect(body).toMatchObject({ instantKey: '529.982.247-25', instantKeyType: 'taxId' });
      expect(String(body.taxId)).toBe(cpf);
      await f
        .db()
        .update(customers)
        .set({ taxId: '11222333000181' })
        .where(eq(customers.id, customerId));
      const company = await f.call('getInstantInfo', anna, { countryCode: 'BR' });
      expect(company.body).toMatchObject({
        instantKey: '11.222.333/0001-81',
        instantKeyType: 'taxId',
      });
    } finally {
      await f.db().update(customers).set({ taxId: null }).where(eq(customers.id, customerId));
    }
  });

  it('refuses a country without an instant scheme', async () => {
    const { status, body } = await f.call('getInstantInfo', personal, { countryCode: 'DE' });
    expect(status).toBe(400);
    expect(body.validationErrors).toEqual({ countryCode: 'validation.instantNotAvailable' });
  });
});

describe('payment templates', () => {
  const wire = {
    beneficiaryName: 'Marie Dubois',
    countryCode: 'FR',
    iban: 'fr14 2004 1010 0505 0001 3m02 606',
    currency: 'EUR',
  };

  it('lists the seeded wire and EFT templates with their statuses', async () => {
    const { status, body } = await f.call('getPaymentTemplates', personal, {});
    expect(status).toBe(200);
    const seeded = body.templates.filter(
      (template) =>
        template.name === 'Jonas Weber (Commerzbank)' || template.name === 'Haruto Tanaka (MUFG)',
    );
    expect(
      seeded.map((template) => [template.type, template.wireStatus, template.eftStatus]),
    ).toEqual([
      ['eft', null, 'active'],
      ['wire', 'active', null],
    ]);
    const eftOnly = await f.call('getPaymentTemplates', personal, { type: 'eft' });
    expect(eftOnly.body.templates.every((template) => template.type === 'eft')).toBe(true);
  });

  it('saves a wire template with the bank filled in from the directory, then updates and deletes it', async () => {
    const saved = await f.call('savePaymentTemplate', personal, {
      type: 'wire',
      name: 'Marie (La Banque Postale)',
      bankDetails: wire,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.template).toMatchObject({
      type: 'wire',
      name: 'Marie (La Banque Postale)',
      wireStatus: 'active',
      eftStatus: null,
      bankDetails: {
        beneficiaryName: 'Marie Dubois',
        countryCode: 'FR',
        iban: DEMO_IBANS.banquePostale,
        swift: 'PSSTFRPPPAR',
        bankName: 'La Banque Postale',
        currency: 'EUR',
      },
    });
    const id = saved.body.template.id;
    const updated = await f.call('savePaymentTemplate', personal, {
      id,
      type: 'wire',
      name: 'Marie D.',
      bankDetails: { ...wire, iban: DEMO_IBANS.bancaTransilvania, countryCode: 'RO' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.template).toMatchObject({
      id,
      name: 'Marie D.',
      bankDetails: {
        iban: DEMO_IBANS.bancaTransilvania,
        swift: 'BTRLRO22XXX',
        bankName: 'Banca Transilvania',
      },
    });
    const deleted = await f.call('deletePaymentTemplate', personal, { id });
    expect(deleted.status).toBe(200);
    expect(deleted.body.templates.some((template) => template.id === id)).toBe(false);
    expect((await templateRows()).some((row) => row.id === id)).toBe(false);
  });

  it('saves an EFT template whose bank and branch are in the directory', async () => {
    const { status, body } = await f.call('savePaymentTemplate', personal, {
      type: 'eft',
      name: 'Chen Wai (HSBC)',
      bankDetails: {
        beneficiaryName: 'Chen Wai',
        countryCode: 'HK',
        accountNumber: '123-456789-001',
        bankCode: '004',
        branchCode: '511',
        currency: 'HKD',
      },
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.template).toMatchObject({
      type: 'eft',
      eftStatus: 'active',
      bankDetails: { accountNumber: '123456789001', bankCode: '004', branchCode: '511' },
    });
  });

  it('refuses bad bank details with the field named and stores nothing', async () => {
    const before = await templateRows();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        {
          type: 'wire',
          name: 'Bad IBAN',
          bankDetails: { ...wire, iban: 'FR1420041010050500013M02607' },
        },
        { 'bankDetails.iban': 'validation.iban' },
      ],
      [
        { type: 'wire', name: 'Wrong country', bankDetails: { ...wire, countryCode: 'DE' } },
        { 'bankDetails.iban': 'validation.ibanCountry' },
      ],
      [
        {
          type: 'wire',
          name: 'Unknown bank, no BIC',
          bankDetails: { ...wire, countryCode: 'CH', iban: 'CH9300762011623852957' },
        },
        { 'bankDetails.swift': 'validation.required' },
      ],
      [
        {
          type: 'wire',
          name: 'Both',
          bankDetails: { ...wire, accountNumber: '12345678', swift: 'CHASUS33' },
        },
        { 'bankDetails.iban': 'validation.ibanOrAccountNumber' },
      ],
      [
        {
          type: 'wire',
          name: 'Bad BIC',
          bankDetails: {
            beneficiaryName: 'X',
            countryCode: 'US',
            accountNumber: '12345678',
            swift: 'CHASZZ33',
          },
        },
        { 'bankDetails.swift': 'validation.swift' },
      ],
      [
        {
          type: 'eft',
          name: 'No branch',
          bankDetails: {
            beneficiaryName: 'Y',
            countryCode: 'JP',
            accountNumber: '1234567',
            bankCode: '0005',
          },
        },
        { 'bankDetails.branchCode': 'validation.required' },
      ],
      [
        {
          type: 'eft',
          name: 'Unknown branch',
          bankDetails: {
            beneficiaryName: 'Y',
            countryCode: 'JP',
            accountNumber: '1234567',
            bankCode: '0005',
            branchCode: '999',
          },
        },
        { 'bankDetails.branchCode': 'validation.branchNotFound' },
      ],
      [
        {
          type: 'eft',
          name: 'Unknown bank',
          bankDetails: {
            beneficiaryName: 'Y',
            countryCode: 'LK',
            accountNumber: '1234567',
            bankCode: '7999',
            branchCode: '001',
          },
        },
        { 'bankDetails.bankCode': 'validation.bankNotFound' },
      ],
      [
        { type: 'wire', name: 'Jonas Weber (COMMERZBANK)', bankDetails: wire },
        { name: 'validation.templateNameTaken' },
      ],
      [{ type: 'wire', name: '   ', bankDetails: wire }, { name: 'validation.required' }],
    ];
    for (const [payload, errors] of cases) {
      const { status, body } = await f.send('savePaymentTemplate', personal, payload);
      expect(status, String(payload.name)).toBe(400);
      expect(body.responseCode).toBe('TA1');
      expect(body.validationErrors).toEqual(errors);
    }
    expect(await templateRows()).toEqual(before);
  });

  it('keeps templates per customer: another customer’s is not found and stays unchanged', async () => {
    const mine = await f.call('getPaymentTemplates', personal, {});
    const target = mine.body.templates[0]!;
    const theirs = await f.call('getPaymentTemplates', anna, {});
    expect(theirs.body.templates.some((template) => template.id === target.id)).toBe(false);
    const before = await templateRows();
    const update = await f.call('savePaymentTemplate', anna, {
      id: target.id,
      type: 'wire',
      name: 'Stolen',
      bankDetails: wire,
    });
    expect(update.status).toBe(404);
    expect(update.body.responseCode).toBe('ENOA');
    const remove = await f.call('deletePaymentTemplate', anna, { id: target.id });
    expect(remove.status).toBe(404);
    const missing = await f.call('deletePaymentTemplate', personal, { id: 2_000_000 });
    expect(missing.status).toBe(404);
    expect(await templateRows()).toEqual(before);
  });

  it('lets an initiate-only user read the company’s templates but not change them', async () => {
    const company = await f.customerIdOf('office@harbourlight.example');
    const created = await f.call(
      'savePaymentTemplate',
      ioana,
      { type: 'wire', name: 'Harbour supplier', bankDetails: wire },
      company,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const read = await f.call('getPaymentTemplates', clerk, {}, company);
    expect(read.status).toBe(200);
    expect(read.body.templates.map((template) => template.name)).toContain('Harbour supplier');
    const before = await templateRows();
    const change = await f.call(
      'deletePaymentTemplate',
      clerk,
      { id: created.body.template.id },
      company,
    );
    expect(change.status).toBe(403);
    expect(change.body.responseCode).toBe('ENOA');
    expect(await templateRows()).toEqual(before);
    // Ioana's own customer does not see the company's templates.
    const own = await f.call('getPaymentTemplates', ioana, {});
    expect(own.body.templates.map((template) => template.name)).not.toContain('Harbour supplier');
  });

  it('marks templates disabled when the user’s flag for their type is off', async () => {
    const userId = await f.userId('personal@ledgerline.test');
    const customerId = await f.customerIdOf('personal@ledgerline.test');
    const where = and(
      eq(transferPermissions.userId, userId),
      eq(transferPermissions.customerId, customerId),
    );
    const [row] = await f.db().select().from(transferPermissions).where(where);
    expect(row).toBeDefined();
    await f
      .db()
      .update(transferPermissions)
      .set({ flags: { ...row!.flags, 'otherPerson.wire': false } })
      .where(where);
    try {
      const { body } = await f.call('getPaymentTemplates', personal, {});
      expect(
        body.templates
          .filter((template) => template.type === 'wire')
          .every((template) => template.wireStatus === 'disabled'),
      ).toBe(true);
      expect(
        body.templates
          .filter((template) => template.type === 'eft')
          .every((template) => template.eftStatus === 'active'),
      ).toBe(true);
    } finally {
      await f.db().update(transferPermissions).set({ flags: row!.flags }).where(where);
    }
  });
});

describe('beneficiaries', () => {
  it('lists wire and EFT templates and the P2P payees the customer paid', async () => {
    const eur = await f.accountIn(personal, 'EUR');
    const sent = await f.call('transferP2P', personal, {
      fromAccount: eur.accountId,
      email: 'anna@pebble.example',
      amount: '2',
      idempotencyKey: f.key(),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await assertLedgerBalanced(f.db());
    const all = await f.call('getBeneficiaries', personal, {});
    expect(all.status).toBe(200);
    expect(all.body.beneficiaries).toContainEqual(
      expect.objectContaining({
        type: 'p2p',
        email: 'anna@pebble.example',
        templateId: null,
        wireStatus: null,
        eftStatus: null,
      }),
    );
    expect(all.body.beneficiaries).toContainEqual(
      expect.objectContaining({
        type: 'wire',
        name: 'Jonas Weber (Commerzbank)',
        beneficiaryName: 'Jonas Weber',
        bankAccount: DEMO_IBANS.commerzbankKoeln,
        bankName: 'Commerzbank',
        countryCode: 'DE',
        wireStatus: 'active',
      }),
    );
    expect(all.body.beneficiaries).toContainEqual(
      expect.objectContaining({
        type: 'eft',
        beneficiaryName: 'Haruto Tanaka',
        bankAccount: '1234567',
        eftStatus: 'active',
      }),
    );
    const wires = await f.call('getBeneficiaries', personal, { type: 'wire' });
    expect(wires.body.beneficiaries.length).toBeGreaterThan(0);
    expect(wires.body.beneficiaries.every((beneficiary) => beneficiary.type === 'wire')).toBe(true);
    const p2p = await f.call('getBeneficiaries', personal, {
      type: 'p2p',
    });
    expect(p2p.body.beneficiaries.every((beneficiary) => beneficiary.type === 'p2p')).toBe(true);
  });

  it('lists a verified external card, not one still waiting for verification', async () => {
    const nextYear = new Date().getFullYear() + 1;
    const link = (cardNumber: string) =>
      f.call('addExternalCard', personal, {
        cardNumber,
        expiryMonth: 6,
        expiryYear: nextYear,
        holderName: 'Petra Lindqvist',
        idempotencyKey: f.key(),
      });
    const verified = await link('4000 0012 3456 7899');
    const waiting = await link('5200 8200 0000 0016');
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(waiting.status, JSON.stringify(waiting.body)).toBe(200);
    const statement = await server.app.inject({
      method: 'GET',
      url: `/dev/card-statement.json?email=${encodeURIComponent('personal@ledgerline.test')}`,
    });
    const charge = (statement.json().charges as { cardId: number; amount: string }[]).find(
      (line) => line.cardId === verified.body.card.cardId,
    );
    const confirmed = await f.call('confirmExternalCard', personal, {
      cardId: verified.body.card.cardId,
      amount: charge!.amount,
    });
    expect(confirmed.status).toBe(200);
    const { body } = await f.call('getBeneficiaries', personal, { type: 'card' });
    expect(body.beneficiaries).toEqual([
      {
        type: 'card',
        templateId: null,
        externalCardId: verified.body.card.cardId,
        name: 'Visa •••• 7899',
        beneficiaryName: 'Petra Lindqvist',
        countryCode: null,
        bankName: 'Contoso Savings Bank',
        bankAccount: '•••• 7899',
        email: null,
        wireStatus: null,
        eftStatus: null,
        lastUsedAt: null,
      },
    ]);
    const theirs = await f.call('getBeneficiaries', anna, {
      type: 'card',
    });
    expect(theirs.body.beneficiaries).toEqual([]);
  });

  it('shows nothing of another customer', async () => {
    const { body } = await f.call('getBeneficiaries', anna, {
      type: 'wire',
    });
    expect(body.beneficiaries.map((beneficiary) => beneficiary.name)).not.toContain(
      'Jonas Weber (Commerzbank)',
    );
  });
});

describe('fuzzing every bank-directory method', () => {
  it('answers a clear 4xx to any broken payload and changes no template', async () => {
    const badText = [1, true, {}, [], 'x'.repeat(300)];
    const badCountry = ['de', 'DEU', '', 1, {}, 'D1'];
    const base: Record<string, { valid: Record<string, unknown>; bad: Record<string, unknown[]> }> =
      {
        getBankList: { valid: { countryCode: 'DE' }, bad: { countryCode: badCountry } },
        getBranchCodes: {
          valid: { countryCode: 'JP', bankCode: '0005' },
          bad: { countryCode: badCountry, bankCode: ['', '0-5', 'x'.repeat(17), 5, {}] },
        },
        getBankBySwift: {
          valid: { swift: 'COBADEFFXXX' },
          bad: { swift: ['COBA', 'COBADEFFXX', '12345678', '', 1, {}, 'x'.repeat(40)] },
        },
        getBankByIban: {
          valid: { iban: DEMO_IBANS.natWest },
          bad: { iban: ['DE88370400440532013000', 'GB29', '', 1, {}, 'x'.repeat(70)] },
        },
        getPaymentSchemeCountries: { valid: {}, bad: {} },
        getBlockedBins: { valid: {}, bad: {} },
        getInstantInfo: {
          valid: { countryCode: 'BR' },
          bad: { countryCode: [...badCountry, 'DE'] },
        },
        getBeneficiaries: { valid: { type: 'wire' }, bad: { type: ['oct', 'cards', 1, {}, ''] } },
        getPaymentTemplates: { valid: { type: 'eft' }, bad: { type: ['p2p', 1, {}, ''] } },
        savePaymentTemplate: {
          valid: {
            type: 'wire',
            name: 'Fuzz',
            bankDetails: {
              beneficiaryName: 'Fuzz',
              countryCode: 'DE',
              iban: DEMO_IBANS.deutscheBank,
            },
          },
          bad: {
            type: ['eft', 'p2p', 1, {}],
            name: ['', ...badText, 'Jonas Weber (Commerzbank)'],
            id: ['x', 2_000_000, ...HOSTILE_IDS],
            bankDetails: [
              {},
              [],
              'x',
              { beneficiaryName: 'F', countryCode: 'DE', iban: 'DE88370400440532013000' },
              { beneficiaryName: 'F', countryCode: 'DE', iban: DEMO_IBANS.deutscheBank, extra: 1 },
              { beneficiaryName: '', countryCode: 'DE', iban: DEMO_IBANS.deutscheBank },
            ],
          },
        },
        deletePaymentTemplate: {
          valid: { id: 2_000_000 },
          bad: { id: ['x', {}, ...HOSTILE_IDS] },
        },
      };
    expect(Object.keys(base).sort()).toEqual(Object.keys(bankDirectoryMethods).sort());
    const methods = Object.keys(base);
    const before = await templateRows();
    const payloads = fc.constantFrom(...methods).chain((method) => {
      const spec = base[method]!;
      const fields = Object.keys(spec.bad);
      const mutations =
        fields.length === 0
          ? fc.constant([] as [string, unknown][])
          : fc
              .uniqueArray(fc.constantFrom(...fields), { minLength: 1, maxLength: fields.length })
              .chain((chosen) =>
                fc.tuple(
                  ...chosen.map((field) =>
                    fc.tuple(fc.constant(field), fc.constantFrom(...spec.bad[field]!)),
                  ),
                ),
              );
      // Without a field to break, an unknown field is the fault (request schemas are strict).
      const extra = fields.length === 0 ? fc.constant(true) : fc.boolean();
      return fc.tuple(
        fc.constant(method),
        mutations,
        extra,
        fc
          .string({ maxLength: 8 })
          .filter(
            (name) =>
              !(name in spec.valid) &&
              ![
                '__proto__',
                'constructor',
                'method',
                'lang',
                'fromCustomerId',
                'fromEmail',
                'authSecret',
              ].includes(name),
          ),
      );
    });
    await fc.assert(
      fc.asyncProperty(payloads, async ([method, mutations, extra, extraName]) => {
        const spec = base[method]!;
        const payload: Record<string, unknown> = {
          ...spec.valid,
          ...Object.fromEntries(mutations),
        };
        if (extra || mutations.length === 0) payload[extraName || 'unexpected'] = 1;
        const response = await server.main(method, jsonText(payload), { token: personal });
        const context = `${method} ${jsonText(payload).slice(0, 300)}`;
        expect(response.statusCode, context).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, context).toBeLessThan(500);
        expect(response.json().responseDescription.length, context).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
    expect(await templateRows()).toEqual(before);
    const [counted] = await f
      .db()
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentTemplates);
    expect(counted?.n).toBe(before.length);
  });
});
