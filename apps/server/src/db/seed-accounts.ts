import { eq, inArray, sql } from 'drizzle-orm';
import { ACCOUNT_TYPES, BRAND_IDS, getBrand, type Language } from '@ledgerline/domain';
import type { Tx } from './client';
import {
  accounts,
  announcementTexts,
  announcements,
  customerAccess,
  customerAddresses,
  customerDocuments,
  customerIdentities,
  customerPhones,
  customerVerification,
  customers,
  users,
} from './schema';
import { createCustomerAccount } from '../modules/accounts';
import { postTransfer, systemAccount } from '../modules/ledger';
import { seedRates } from '../modules/rates';

/*
 * Demo accounts, balances, verification facts and announcements (issue 4). Runs inside seedDemo's
 * transaction after the demo customers exist; like it, a second run changes nothing: a customer
 * that already has an account is left alone, and announcements are seeded once.
 */

const DAY_MS = 86_400_000;

interface AccountPlan {
  type: number;
  currencyCode: string;
  /** Opening balance, posted through the ledger from the opening-balance account. */
  opening: string;
  /**
   * Money held back by a pending outgoing payment (shown as pendingAmount). `kind` is the ledger
   * kind the history labels it by: a card purchase must not read as a wire (issue 13).
   */
  pending?: { amount: string; description: string; kind: 'outgoingTransfer' | 'card_purchase' };
}

const payment = (
  currencyCode: string,
  opening: string,
  pending?: AccountPlan['pending'],
): AccountPlan => ({
  type: ACCOUNT_TYPES.payment,
  currencyCode,
  opening,
  ...(pending ? { pending } : {}),
});
const wallet = (currencyCode: string, opening: string): AccountPlan => ({
  type: ACCOUNT_TYPES.prepaidFunding,
  currencyCode,
  opening,
});

/** Accounts per demo login (or, for companies without a login, per business name); others get one EUR account. */
const ACCOUNT_PLANS: Record<string, AccountPlan[]> = {
  'personal@ledgerline.test': [
    payment('EUR', '2450.75', {
      amount: '120.5',
      description: 'Transfer to Baltic Supplies UAB',
      kind: 'outgoingTransfer',
    }),
    payment('USD', '1320.4', {
      amount: '45.99',
      description: 'Card payment at Northwind Books',
      kind: 'card_purchase',
    }),
    payment('GBP', '845.12'),
    payment('RON', '3100'),
    wallet('EUR', '150'),
  ],
  'anna@pebble.example': [
    payment('EUR', '1875.2', {
      amount: '60',
      description: 'Transfer to Vilnius Rent Services',
      kind: 'outgoingTransfer',
    }),
    payment('USD', '640'),
    payment('GBP', '310.55'),
    payment('RON', '1200.5'),
    wallet('EUR', '75'),
  ],
  'tomas@northmere.example': [payment('EUR', '980.3'), payment('GBP', '120')],
  'ioana@harbourlight.example': [payment('RON', '2300'), payment('EUR', '410')],
  'office@harbourlight.example': [
    payment('GBP', '15200', {
      amount: '1250',
      description: 'Supplier payment to Quayside Print Ltd',
      kind: 'outgoingTransfer',
    }),
    payment('EUR', '7300'),
  ],
  'business@ledgerline.test': [
    payment('EUR', '48250'),
    payment('USD', '12000'),
    payment('GBP', '9300.45'),
  ],
  'Ledgerline Demo Trading Ltd': [payment('EUR', '22000'), payment('USD', '5400')],
  'Ledgerline Demo Studio Ltd': [payment('EUR', '5400')],
  'history@ledgerline.test': [payment('EUR', '1500'), payment('USD', '300')],
  'limited@ledgerline.test': [payment('EUR', '75.2')],
  'unverified@ledgerline.test': [payment('EUR', '0')],
  'new@thistle.example': [payment('GBP', '0')],
  'kyc@ledgerline.test': [payment('EUR', '0')],
  // The second-factor demo users confirm transfers (issue 5): money in two currencies to move.
  'sms@ledgerline.test': [payment('EUR', '5200'), payment('GBP', '640')],
  'push@ledgerline.test': [payment('EUR', '3150.4'), payment('GBP', '420')],
  'pushpay@ledgerline.test': [payment('EUR', '2400'), payment('GBP', '300')],
  'otp@ledgerline.test': [payment('EUR', '1980'), payment('USD', '760')],
};
const DEFAULT_PLAN: AccountPlan[] = [payment('EUR', '250')];

type CustomerRow = typeof customers.$inferSelect;

async function seedCustomerAccounts(
  tx: Tx,
  customer: CustomerRow,
  plan: AccountPlan[],
): Promise<void> {
  for (const item of plan) {
    const account = await createCustomerAccount(tx, {
      customerId: customer.id,
      type: item.type,
      currencyCode: item.currencyCode,
    });
    if (item.opening !== '0') {
      const opening = await systemAccount(tx, 'openingBalance', item.currencyCode);
      await postTransfer(tx, {
        kind: 'openingBalance',
        customerId: customer.id,
        initiatedByUserId: null,
        status: 'settled',
        postings: [
          { accountId: opening.id, amount: `-${item.opening}` },
          { accountId: account.id, amount: item.opening },
        ],
        details: { description: 'Opening balance' },
      });
    }
    if (item.pending) {
      const clearing = await systemAccount(tx, 'clearing', item.currencyCode);
      await postTransfer(tx, {
        kind: item.pending.kind,
        customerId: customer.id,
        initiatedByUserId: null,
        status: 'pending',
        postings: [
          { accountId: account.id, amount: `-${item.pending.amount}` },
          { accountId: clearing.id, amount: item.pending.amount },
        ],
        details: { description: item.pending.description },
      });
    }
  }
}

type Verification = 'checked' | 'limited' | 'unverified';

/** Verification facts: a verified customer has everything confirmed, so the banner says "checked". */
async function seedVerification(tx: Tx, customer: CustomerRow, kind: Verification): Promise<void> {
  const [existing] = await tx
    .select({ id: customerVerification.customerId })
    .from(customerVerification)
    .where(eq(customerVerification.customerId, customer.id));
  if (existing) return;
  if (kind === 'unverified') {
    // Nothing given yet: no documents, address or identity; the phone from registration is not confirmed.
    await tx.insert(customerVerification).values({ customerId: customer.id });
    await tx.insert(customerPhones).values({
      customerId: customer.id,
      countryCode: 'GB',
      number: '+44 7700 900731',
      confirmed: false,
    });
    return;
  }
  const country = customer.residenceCountryCode ?? 'GB';
  await tx.insert(customerVerification).values({
    customerId: customer.id,
    taxFormStatus: 'validated',
    videoIdentityStatus: 'validated',
    ...(kind === 'limited'
      ? { limitReasons: ['expiredDocuments'], limitDocumentsUploaded: false }
      : {}),
  });
  await tx.insert(customerAddresses).values({
    customerId: customer.id,
    address1: '18 Lantern Street',
    city: 'Demo City',
    postalCode: '10001',
    countryCode: country,
    addressStatus: 'confirmed',
    proofOfResidenceStatus: 'validated',
  });
  await tx.insert(customerIdentities).values({
    customerId: customer.id,
    typeId: 1,
    number: `DEMO${String(customer.id).padStart(6, '0')}`,
    status: 'validated',
    issuedDate: kind === 'limited' ? '2016-09-30' : '2022-05-14',
    expiresDate: kind === 'limited' ? '2026-09-30' : '2032-05-14',
  });
  await tx.insert(customerDocuments).values([
    // The limited customer's passport has expired (status 38): the limit asks for a new one.
    {
      customerId: customer.id,
      documentTypeId: 1,
      categoryId: 1,
      statusId: kind === 'limited' ? 38 : 2,
      issuedDate: '2022-05-14',
      expiresDate: kind === 'limited' ? '2026-09-30' : '2032-05-14',
    },
    {
      customerId: customer.id,
      documentTypeId: 6,
      categoryId: 2,
      statusId: 2,
      issuedDate: '2026-08-02',
      expiresDate: null,
    },
  ]);
  await tx.insert(customerPhones).values({
    customerId: customer.id,
    countryCode: 'GB',
    number: `+44 7700 900${String(customer.id % 1000).padStart(3, '0')}`,
    confirmed: true,
  });
}

type Texts = Record<Language, { title: string; body: string }>;

function maintenanceTexts(brand: string): Texts {
  return {
    en: {
      title: 'Scheduled maintenance on 6 December',
      body: `${brand} online banking will be unavailable on Sunday 6 December from 01:00 to 03:00 (UTC) while we upgrade our systems. Card payments keep working.`,
    },
    es: {
      title: 'Mantenimiento programado el 6 de diciembre',
      body: `La banca en línea de ${brand} no estará disponible el domingo 6 de diciembre de 01:00 a 03:00 (UTC) mientras actualizamos nuestros sistemas. Los pagos con tarjeta seguirán funcionando.`,
    },
    pt: {
      title: 'Manutenção programada a 6 de dezembro',
      body: `O banco online ${brand} estará indisponível no domingo, 6 de dezembro, das 01:00 às 03:00 (UTC), enquanto atualizamos os nossos sistemas. Os pagamentos com cartão continuam a funcionar.`,
    },
    ro: {
      title: 'Mentenanță programată pe 6 decembrie',
      body: `Serviciul online ${brand} nu va fi disponibil duminică, 6 decembrie, între 01:00 și 03:00 (UTC), cât timp ne actualizăm sistemele. Plățile cu cardul funcționează în continuare.`,
    },
    ru: {
      title: 'Плановые технические работы 6 декабря',
      body: `Интернет-банк ${brand} будет недоступен в воскресенье, 6 декабря, с 01:00 до 03:00 (UTC), пока мы обновляем наши системы. Оплата картой продолжит работать.`,
    },
    ua: {
      title: 'Планові технічні роботи 6 грудня',
      body: `Інтернет-банк ${brand} буде недоступний у неділю, 6 грудня, з 01:00 до 03:00 (UTC), поки ми оновлюємо наші системи. Оплата карткою й надалі працюватиме.`,
    },
  };
}

function paperlessTexts(brand: string): Texts {
  return {
    en: {
      title: 'Switch to paperless statements',
      body: `From January ${brand} sends monthly statements only as PDF files in online banking. Accept to receive them electronically, or decline to keep getting paper statements by post (a fee may apply).`,
    },
    es: {
      title: 'Pase a los extractos sin papel',
      body: `A partir de enero, ${brand} enviará los extractos mensuales solo como archivos PDF en la banca en línea. Acepte para recibirlos en formato electrónico o rechace para seguir recibiendo extractos en papel por correo (puede aplicarse una comisión).`,
    },
    pt: {
      title: 'Passe para extratos sem papel',
      body: `A partir de janeiro, ${brand} envia os extratos mensais apenas como ficheiros PDF no banco online. Aceite para os receber em formato eletrónico ou recuse para continuar a receber extratos em papel pelo correio (pode ser cobrada uma comissão).`,
    },
    ro: {
      title: 'Treceți la extrase fără hârtie',
      body: `Din ianuarie, ${brand} trimite extrasele lunare doar ca fișiere PDF în serviciul online. Acceptați pentru a le primi electronic sau refuzați pentru a primi în continuare extrase pe hârtie prin poștă (se poate aplica un comision).`,
    },
    ru: {
      title: 'Переходите на электронные выписки',
      body: `С января ${brand} отправляет ежемесячные выписки только в виде PDF-файлов в интернет-банке. Примите, чтобы получать их в электронном виде, или откажитесь, чтобы и дальше получать бумажные выписки по почте (может взиматься комиссия).`,
    },
    ua: {
      title: 'Перейдіть на електронні виписки',
      body: `З січня ${brand} надсилає щомісячні виписки лише як PDF-файли в інтернет-банку. Прийміть, щоб отримувати їх в електронному вигляді, або відмовтеся, щоб і надалі отримувати паперові виписки поштою (може стягуватися комісія).`,
    },
  };
}

const CURRENCIES_TEXTS: Texts = {
  en: {
    title: 'Hold money in more currencies',
    body: 'You can now open accounts in more currencies, including CHF, PLN, SEK and JPY. Add a currency from the home screen.',
  },
  es: {
    title: 'Guarde dinero en más divisas',
    body: 'Ahora puede abrir cuentas en más divisas, entre ellas CHF, PLN, SEK y JPY. Añada una divisa desde la pantalla de inicio.',
  },
  pt: {
    title: 'Guarde dinheiro em mais moedas',
    body: 'Agora pode abrir contas em mais moedas, incluindo CHF, PLN, SEK e JPY. Adicione uma moeda a partir do ecrã inicial.',
  },
  ro: {
    title: 'Păstrați bani în mai multe valute',
    body: 'Acum puteți deschide conturi în mai multe valute, printre care CHF, PLN, SEK și JPY. Adăugați o valută din ecranul principal.',
  },
  ru: {
    title: 'Храните деньги в большем числе валют',
    body: 'Теперь можно открыть счета в большем числе валют, в том числе в CHF, PLN, SEK и JPY. Добавьте валюту на главном экране.',
  },
  ua: {
    title: 'Зберігайте гроші в більшій кількості валют',
    body: 'Тепер можна відкрити рахунки в більшій кількості валют, зокрема в CHF, PLN, SEK і JPY. Додайте валюту на головному екрані.',
  },
};

async function insertAnnouncement(
  tx: Tx,
  values: { brandId: string | null; requiresConfirmation: boolean; publishedAt: Date },
  texts: Texts,
): Promise<void> {
  const [row] = await tx.insert(announcements).values(values).returning({ id: announcements.id });
  if (!row) throw new Error('seed: announcement insert returned nothing');
  await tx.insert(announcementTexts).values(
    Object.entries(texts).map(([language, text]) => ({
      announcementId: row.id,
      language,
      ...text,
    })),
  );
}

/** Every brand gets a maintenance notice and a paperless-statements question; every customer sees the currencies news. */
async function seedAnnouncements(tx: Tx): Promise<void> {
  const [any] = await tx.select({ id: announcements.id }).from(announcements).limit(1);
  if (any) return;
  const now = Date.now();
  await insertAnnouncement(
    tx,
    { brandId: null, requiresConfirmation: false, publishedAt: new Date(now - 10 * DAY_MS) },
    CURRENCIES_TEXTS,
  );
  for (const brandId of BRAND_IDS) {
    const brand = getBrand(brandId).projectName;
    await insertAnnouncement(
      tx,
      { brandId, requiresConfirmation: true, publishedAt: new Date(now - 5 * DAY_MS) },
      paperlessTexts(brand),
    );
    await insertAnnouncement(
      tx,
      { brandId, requiresConfirmation: false, publishedAt: new Date(now - 2 * DAY_MS) },
      maintenanceTexts(brand),
    );
  }
}

/** Accounts, balances, verification facts and news for the demo customers (see DEMO_USERS in seed.ts). */
export async function seedAccountsDemo(tx: Tx, demoEmails: readonly string[]): Promise<void> {
  await seedRates(tx);
  await seedAnnouncements(tx);

  const demoUsers = await tx
    .select({ id: users.id, email: users.email, customerId: users.customerId })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, [...demoEmails]));
  const grants = demoUsers.length
    ? await tx
        .select({ customerId: customerAccess.customerId })
        .from(customerAccess)
        .where(
          inArray(
            customerAccess.userId,
            demoUsers.map((user) => user.id),
          ),
        )
    : [];
  const ownerEmail = new Map(demoUsers.map((user) => [user.customerId, user.email.toLowerCase()]));
  const ids = [
    ...new Set([
      ...demoUsers.map((user) => user.customerId),
      ...grants.map((grant) => grant.customerId),
    ]),
  ];
  if (ids.length === 0) return;
  const rows = await tx
    .select()
    .from(customers)
    .where(inArray(customers.id, ids))
    .orderBy(customers.id);
  const withAccounts = new Set(
    (
      await tx
        .selectDistinct({ customerId: accounts.customerId })
        .from(accounts)
        .where(inArray(accounts.customerId, ids))
    ).map((row) => row.customerId),
  );

  for (const customer of rows) {
    const email = ownerEmail.get(customer.id);
    const key = email ?? customer.businessName ?? '';
    if (email === 'limited@ledgerline.test' && !customer.limited) {
      await tx.update(customers).set({ limited: true }).where(eq(customers.id, customer.id));
    }
    await seedVerification(
      tx,
      customer,
      email === 'limited@ledgerline.test'
        ? 'limited'
        : customer.verified
          ? 'checked'
          : 'unverified',
    );
    if (!withAccounts.has(customer.id))
      await seedCustomerAccounts(tx, customer, ACCOUNT_PLANS[key] ?? DEFAULT_PLAN);
  }
}
