import { inArray, sql } from 'drizzle-orm';
import { isBusinessCustomerType } from '@ledgerline/domain';
import type { Tx } from './client';
import { companyDetails, customers } from './schema';

/*
 * Company details of the demo businesses (issue 15D), inside seedDemo's transaction; a company that
 * already has details keeps them (a second run changes nothing).
 */

interface DemoCompany {
  registrationNumber: string;
  registrationDate: string;
  businessTaxId: string;
  tradingName: string;
  email: string;
  website: string;
  description: string;
  phone: [string, string];
  registered: { address1: string; city: string; postalCode: string; countryCode: string };
  trading?: { address1: string; city: string; postalCode: string; countryCode: string };
  financial: Record<string, unknown>;
  diligence: Record<string, unknown>;
}

const DEMO_COMPANIES: Record<string, DemoCompany> = {
  'Harbourlight Studio Ltd': {
    registrationNumber: '09876543',
    registrationDate: '2017-03-14',
    businessTaxId: 'GB 123 4567 89',
    tradingName: 'Harbourlight',
    email: 'accounts@harbourlight.example',
    website: 'https://harbourlight.example',
    description: 'Architectural lighting design for museums, theatres and public spaces.',
    phone: ['GB', '+44 20 7946 0321'],
    registered: {
      address1: '14 Quayside Walk',
      city: 'Bristol',
      postalCode: 'BS1 4RN',
      countryCode: 'GB',
    },
    trading: {
      address1: 'Unit 3, Paintworks',
      city: 'Bristol',
      postalCode: 'BS4 3EH',
      countryCode: 'GB',
    },
    financial: {
      annualTurnover: '1mTo10m',
      expectedMonthlyVolume: '100kTo1m',
      employees: '11to50',
      sourceOfFunds: 'tradingIncome',
    },
    diligence: {
      industry: 'mainstream',
      purposes: ['supplierPayments', 'customerPayments', 'payroll'],
      countriesOfBusiness: ['GB', 'IE', 'NL', 'RO'],
      handlesCash: false,
      hasPoliticallyExposedPerson: false,
    },
  },
  'Ledgerline Demo Holdings Ltd': {
    registrationNumber: '11223344',
    registrationDate: '2019-09-02',
    businessTaxId: 'GB 987 6543 21',
    tradingName: 'Ledgerline Holdings',
    email: 'finance@holdings.ledgerline.test',
    website: 'https://holdings.ledgerline.test',
    description: 'Holding company of the Ledgerline demo group.',
    phone: ['GB', '+44 161 496 0754'],
    registered: {
      address1: '1 Exchange Square',
      city: 'Manchester',
      postalCode: 'M4 3TR',
      countryCode: 'GB',
    },
    financial: {
      annualTurnover: '100kTo1m',
      expectedMonthlyVolume: '10kTo100k',
      employees: '1to10',
      sourceOfFunds: 'shareCapital',
    },
    diligence: {
      industry: 'investment',
      purposes: ['treasury', 'international'],
      countriesOfBusiness: ['GB', 'SE'],
      handlesCash: false,
      hasPoliticallyExposedPerson: false,
    },
  },
  'Ledgerline Demo Trading Ltd': {
    registrationNumber: '12345670',
    registrationDate: '2020-06-18',
    businessTaxId: 'GB 246 8024 68',
    tradingName: 'Ledgerline Trading',
    email: 'orders@trading.ledgerline.test',
    website: 'https://trading.ledgerline.test',
    description: 'Wholesale of office furniture across the United Kingdom and the Nordics.',
    phone: ['GB', '+44 113 496 0218'],
    registered: {
      address1: '22 Wellington Street',
      city: 'Leeds',
      postalCode: 'LS1 4DL',
      countryCode: 'GB',
    },
    financial: {
      annualTurnover: '1mTo10m',
      expectedMonthlyVolume: '100kTo1m',
      employees: '51to250',
      sourceOfFunds: 'tradingIncome',
    },
    diligence: {
      industry: 'mainstream',
      purposes: ['supplierPayments', 'customerPayments'],
      countriesOfBusiness: ['GB', 'SE', 'NO', 'DK'],
      handlesCash: false,
      hasPoliticallyExposedPerson: false,
    },
  },
  'Ledgerline Demo Studio Ltd': {
    registrationNumber: '13579135',
    registrationDate: '2022-01-10',
    businessTaxId: 'GB 135 7913 57',
    tradingName: 'Ledgerline Studio',
    email: 'hello@studio.ledgerline.test',
    website: 'https://studio.ledgerline.test',
    description: 'Brand and product design studio.',
    phone: ['GB', '+44 117 496 0873'],
    registered: {
      address1: '5 Harbourside',
      city: 'Bristol',
      postalCode: 'BS1 5LL',
      countryCode: 'GB',
    },
    // Financial details and due diligence not given yet: the screens ask for them.
    financial: {},
    diligence: {},
  },
};

export async function seedCompanyDemo(tx: Tx): Promise<void> {
  const rows = await tx
    .select({
      id: customers.id,
      businessName: customers.businessName,
      type: customers.customerType,
    })
    .from(customers)
    .where(inArray(customers.businessName, Object.keys(DEMO_COMPANIES)));
  const values = rows.flatMap((row) => {
    const demo = row.businessName ? DEMO_COMPANIES[row.businessName] : undefined;
    if (!demo || !isBusinessCustomerType(row.type)) return [];
    return [
      {
        customerId: row.id,
        tradingName: demo.tradingName,
        registrationCountryCode: demo.registered.countryCode,
        registrationNumber: demo.registrationNumber,
        registrationDate: demo.registrationDate,
        businessTaxId: demo.businessTaxId,
        email: demo.email,
        website: demo.website,
        description: demo.description,
        phoneCountryCode: demo.phone[0],
        phoneNumber: demo.phone[1],
        registeredAddress: { ...demo.registered, address2: null },
        tradingAddress: demo.trading ? { ...demo.trading, address2: null } : null,
        financialDetail: Object.keys(demo.financial).length > 0 ? demo.financial : null,
        dueDiligence: Object.keys(demo.diligence).length > 0 ? demo.diligence : null,
        updatedAt: sql`now() - interval '40 days'`,
      },
    ];
  });
  if (values.length > 0) await tx.insert(companyDetails).values(values).onConflictDoNothing();
}
