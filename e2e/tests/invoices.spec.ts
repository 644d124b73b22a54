import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import {
  apiSignIn,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  freshEmail,
  fromOutbox,
  signInThroughApi,
  test,
} from './fixtures';

/*
 * Invoices and money requests (issue 16) against the real server and its demo seed:
 * - anna@pebble.example bills sms@ledgerline.test (Pebble Wallet, confirms transfers with an SMS
 *   code) in GBP: sms@'s other tests move its EUR only, and anna's GBP no other test moves; the
 *   balances are measured before and after anyway.
 * - anna bills personal@ledgerline.test, who rejects it with a note anna reads.
 * - anna bills an e-mail nobody uses: its owner opens the e-mailed link, registers from it, is
 *   verified, gets money by a bank transfer, and pays the invoice.
 */

const ANNA = 'anna@pebble.example';
const PAYER = 'sms@ledgerline.test';
const SHOTS = fileURLToPath(new URL('../../test-results/invoices/', import.meta.url));
const IDENTITY = fileURLToPath(new URL('../fixtures/identity/', import.meta.url));
const DOCUMENTS = fileURLToPath(new URL('../fixtures/documents/', import.meta.url));

interface WireAccount {
  accountId: number;
  type: number;
  accountStatusId: number;
  balance: string | number;
  currencyCode: string;
}

/** Decimal strings as whole units of 10⁻⁸, so the test adds and subtracts exactly. */
function units(amount: string | number): bigint {
  const text = String(amount);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const value = BigInt(whole + fraction.padEnd(8, '0'));
  return negative ? -value : value;
}

/** A payment account's balance in `currency`, read from the API with the user's own sign-in. */
async function balanceOf(
  request: APIRequestContext,
  token: string,
  currency: string,
): Promise<bigint> {
  const response = await request.post('/api/main/?getAccounts', {
    headers: { authorization: `Bearer ${token}` },
    data: { method: 'getAccounts', lang: 'en' },
  });
  expect(response.status()).toBe(200);
  const { accounts } = (await response.json()) as { accounts: WireAccount[] };
  const account = accounts.find(
    (item) => item.type === 1001 && item.currencyCode === currency && item.accountStatusId === 2,
  );
  expect(account, `a ${currency} payment account`).toBeDefined();
  return units(account!.balance);
}

/** A due date ten days ahead, typed day first as the date field reads it. */
function dueDateTyped(): string {
  const date = new Date(Date.now() + 10 * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;
}

async function shootBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [476, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Anna sends an invoice from /transfer/invoices; answers its number. */
async function sendInvoice(
  page: Page,
  to: string,
  amount: string,
  currency: string,
  note: string,
): Promise<string> {
  await page.getByRole('button', { name: 'New invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'New invoice' });
  await dialog.getByLabel("Payer's e-mail address").fill(to);
  await dialog.getByLabel('Amount').fill(amount);
  await dialog.getByLabel('Currency').selectOption(currency);
  await dialog.getByLabel('Due date').fill(dueDateTyped());
  await dialog.getByLabel('What it is for').fill(note);
  await dialog.getByRole('button', { name: 'Send invoice' }).click();
  const sent = page.getByRole('dialog', { name: 'Invoice sent' });
  await expect(sent).toBeVisible();
  const text = (await sent.getByRole('status').textContent()) ?? '';
  const number = /Invoice (\S+) for/.exec(text)?.[1] ?? '';
  expect(number).not.toBe('');
  await sent.getByRole('button', { name: 'Done' }).click();
  return number;
}

/** The invoice's row in the open list. */
function rowOf(page: Page, number: string) {
  return page.locator(`[data-testid="invoice-row"][data-number="${number}"]`);
}

/** sms@ledgerline.test signs in with the code texted to the phone (the sign-in page, as external-transfers.spec does). */
async function signInWithSms(page: Page): Promise<WireAccount[]> {
  await page.goto('/login?brand=pebble');
  await page.getByLabel('E-mail').fill(PAYER);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Sign-in code')).toBeVisible({ timeout: 45_000 });
  const identifier = (await page.locator('[class*="identifier"]').innerText()).trim();
  const code = await newestSms(page, (body) =>
    body.startsWith(`${identifier}-`) ? /^\d{2}-(\d{6}) /.exec(body) : null,
  );
  const accountsAnswer = page.waitForResponse((response) =>
    response.url().endsWith('/api/main/?getAccounts'),
  );
  await page.getByLabel('Sign-in code').fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
  // Read while home is still the page: a later navigation discards the answer's body.
  return ((await (await accountsAnswer).json()) as { accounts: WireAccount[] }).accounts;
}

/** The newest SMS in the outbox that `pick` accepts, waiting until it arrives; answers the first group. */
async function newestSms(
  page: Page,
  pick: (body: string) => RegExpExecArray | null,
): Promise<string> {
  let found: string | undefined;
  await expect(async () => {
    const response = await page.request.get('/dev/outbox.json');
    const { messages } = (await response.json()) as {
      messages: { channel: string; body: string }[];
    };
    found = messages
      .filter((message) => message.channel === 'sms')
      .map((message) => pick(message.body)?.[1])
      .find((match) => match !== undefined);
    expect(found).toBeDefined();
  }).toPass({ timeout: 15_000 });
  return found ?? '';
}

/** A ToUnicode CMap's glyph codes (hex, as the content writes them) → the characters. */
function readCMap(cmap: string): Map<string, string> {
  const glyphs = new Map<string, string>();
  const text = (hex: string) =>
    String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16)));
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, from = '', to = ''] of (block[1] ?? '').matchAll(
      /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g,
    ))
      glyphs.set(from.toUpperCase(), text(to));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const [, low = '0', high = '0', to = '0'] of (block[1] ?? '').matchAll(
      /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g,
    )) {
      const first = Number.parseInt(low, 16);
      for (let code = first; code <= Number.parseInt(high, 16); code += 1)
        glyphs.set(
          code.toString(16).toUpperCase().padStart(low.length, '0'),
          String.fromCodePoint(Number.parseInt(to, 16) + code - first),
        );
    }
  return glyphs;
}

const latin1 = (data: Uint8Array) => Buffer.from(data).toString('latin1');

/**
 * The text a PDF shows, read the way a viewer does (pdf-lib parses the file): each page's content,
 * every string shown (Tj, TJ) decoded through the ToUnicode map of the font selected with Tf
 * (pdf-lib writes one for every embedded font). One line per string shown.
 */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of pdf.getPages()) {
    const maps = new Map<string, Map<string, string>>();
    const fonts = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    for (const [name, ref] of fonts?.entries() ?? []) {
      const font = pdf.context.lookup(ref, PDFDict);
      const cmap = font.lookup(PDFName.of('ToUnicode'));
      if (cmap instanceof PDFRawStream)
        maps.set(name.toString(), readCMap(latin1(decodePDFRawStream(cmap).decode())));
    }
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray
        ? contents
            .asArray()
            .map((ref) => pdf.context.lookup(ref))
            .filter((item): item is PDFRawStream => item instanceof PDFRawStream)
        : contents instanceof PDFRawStream
          ? [contents]
          : [];
    let glyphs = new Map<string, string>();
    for (const stream of streams) {
      const content = latin1(decodePDFRawStream(stream).decode());
      for (const [, font, shown = ''] of content.matchAll(
        /(\/[A-Za-z0-9_-]+) [\d.]+ Tf|(\[[^\]]*\]|<[0-9A-Fa-f]*>) ?T[jJ]/g,
      )) {
        if (font) {
          glyphs = maps.get(font) ?? new Map();
          continue;
        }
        const width = [...glyphs.keys()][0]?.length ?? 4;
        let line = '';
        for (const [, hex = ''] of shown.matchAll(/<([0-9A-Fa-f]*)>/g))
          for (let at = 0; at + width <= hex.length; at += width)
            line += glyphs.get(hex.slice(at, at + width).toUpperCase()) ?? '';
        lines.push(line);
      }
    }
  }
  return lines.join('\n');
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

// Two people, a second factor, realtime and a PDF: slower than the default.
test.describe.configure({ timeout: 180_000 });

test.describe('invoices', () => {
  test('anna invoices another customer of her brand, who pays it with an SMS code: both lists and balances change and the PDF reads right', async ({
    page,
    browser,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    // sms@ signs in with a code: its balance is read from the answer its page gets, below.
    const annaToken = await apiSignIn(request, ANNA);
    const annaBefore = await balanceOf(request, annaToken, 'GBP');

    // Anna bills sms@ for £12.34.
    await signInThroughApi(page, ANNA, { path: '/transfer/invoices' });
    await expect(page.getByRole('heading', { level: 2, name: 'Invoices' })).toBeVisible();
    await expectAccessible(page, '/transfer/invoices (received)');
    const note = `Garden design ${Date.now()}`;
    const number = await sendInvoice(page, PAYER, '12.34', 'GBP', note);
    await page.getByRole('tab', { name: 'Sent' }).click();
    const sentRow = rowOf(page, number);
    await expect(sentRow).toContainText(note);
    await expect(sentRow.getByTestId('invoice-status')).toHaveText('Unpaid');
    await expect(sentRow.getByTestId('invoice-amount')).toHaveText('£12.34');
    await expectAccessible(page, '/transfer/invoices (sent)');
    await shootBothWidths(page, 'sent-list');

    // The payer, in a browser of their own, finds it among the received invoices.
    const payer = await newPage(browser);
    const payerAccounts = await signInWithSms(payer);
    await payer.goto('/transfer/invoices');
    const payerGbp = payerAccounts.find(
      (item) => item.type === 1001 && item.currencyCode === 'GBP',
    );
    expect(payerGbp, 'sms@ holds a GBP payment account').toBeDefined();
    const payerBefore = units(payerGbp!.balance);
    const received = rowOf(payer, number);
    await expect(received).toContainText(note);
    await expect(received).toContainText('Anna');
    await shootBothWidths(payer, 'received-list');

    await received.getByRole('button', { name: `Pay invoice ${number}` }).click();
    const pay = payer.getByRole('dialog', { name: `Pay invoice ${number}` });
    await expect(pay.getByLabel('Pay from')).toHaveValue(String(payerGbp!.accountId));
    await expect(pay.getByTestId('fact-total')).toHaveText(/£\d/);
    const fee = units(
      ((await pay.getByTestId('fact-fee').textContent()) ?? '').replace(/[^\d.]/g, ''),
    );
    await expectAccessible(payer, 'the pay dialog');
    await shootBothWidths(payer, 'pay-dialog');
    await pay.getByRole('button', { name: 'Review payment' }).click();
    const review = payer.getByRole('dialog', { name: 'Check and confirm' });
    await expect(review.getByTestId('review-receive')).toHaveText('£12.34');
    const total = ((await review.getByTestId('review-total').textContent()) ?? '').trim();
    await review.getByRole('button', { name: `Pay ${total}` }).click();

    const code = payer.getByRole('dialog', { name: 'Enter the code from the text message' });
    await expect(code).toBeVisible();
    const sms = await newestSms(payer, (body) =>
      body.includes('Anna') ? /^(\d{6}) is your .* code to send /.exec(body) : null,
    );
    await code.getByLabel('Code').fill(sms);
    await code.getByRole('button', { name: 'Confirm' }).click();
    await expect(payer.getByRole('dialog', { name: /Transfer completed/ })).toBeVisible();

    // Both lists follow: the payer's at once, anna's through the realtime channel (no reload).
    await expect(received.getByTestId('invoice-status')).toHaveText('Paid');
    await expect(sentRow.getByTestId('invoice-status')).toHaveText('Paid');
    await shootBothWidths(page, 'sent-paid');

    // Balances: the payer paid the amount and the fee once, anna received the amount.
    expect(await balanceOf(request, annaToken, 'GBP')).toBe(annaBefore + units('12.34'));
    await payer.goto('/home');
    await expect(
      payer
        .getByTestId('account-row')
        .filter({ hasText: 'GBP' })
        .first()
        .getByTestId('account-balance'),
    ).toHaveText(formatPounds(payerBefore - units('12.34') - fee));

    // The PDF: a real PDF naming the invoice, both parties, the amount and the due date.
    const downloading = page.waitForEvent('download');
    await sentRow.getByRole('button', { name: `Download invoice ${number} (PDF)` }).click();
    const download = await downloading;
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain(number);
    expect(text).toContain('Anna');
    expect(text).toContain(PAYER);
    expect(text).toMatch(/12\.34/);
    await payer.context().close();
  });

  test('a rejected invoice shows the payer’s note to the sender', async ({ page, browser }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInThroughApi(page, ANNA, { path: '/transfer/invoices?box=sent' });
    const note = `Consulting ${Date.now()}`;
    const number = await sendInvoice(page, 'personal@ledgerline.test', '40', 'EUR', note);
    const sentRow = rowOf(page, number);
    await expect(sentRow.getByTestId('invoice-status')).toHaveText('Unpaid');

    const payer = await newPage(browser);
    await signInThroughApi(payer, 'personal@ledgerline.test', { path: '/transfer/invoices' });
    const row = rowOf(payer, number);
    await row.getByRole('button', { name: `Reject invoice ${number}` }).click();
    const dialog = payer.getByRole('dialog', { name: `Reject invoice ${number}` });
    await dialog.getByLabel('Why you reject it').fill('We never ordered this');
    await expectAccessible(payer, 'the reject dialog');
    await dialog.getByRole('button', { name: 'Reject invoice' }).click();
    await expect(
      payer.getByText(`Invoice ${number} was rejected. The sender has been told why.`),
    ).toBeVisible();
    await expect(row.getByTestId('invoice-status')).toHaveText('Rejected');

    // The sender sees it without a reload, with the note.
    await expect(sentRow.getByTestId('invoice-status')).toHaveText('Rejected');
    await expect(sentRow).toContainText('Rejected: “We never ordered this”');
    await payer.context().close();
  });

  test('an invoice to an e-mail without an account is paid through the public page after registering', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const email = freshEmail('invoiced');
    const password = 'Harbour-light-42';
    const annaToken = await apiSignIn(request, ANNA);
    const annaBefore = await balanceOf(request, annaToken, 'USD');

    // Anna bills someone who has no account, in USD (their EUR pays it through an exchange).
    const anna = await newPage(browser);
    await signInThroughApi(anna, ANNA, { path: '/transfer/invoices?box=sent' });
    const note = `Photo session ${Date.now()}`;
    const number = await sendInvoice(anna, email, '30', 'USD', note);
    const sentRow = rowOf(anna, number);
    await expect(sentRow).toContainText(email);

    // The e-mail's link opens the public page: who asks, how much, why.
    const link = await fromOutbox(
      page.request,
      email,
      /(https?:\/\/\S+\/invoice\/[A-Za-z0-9_-]{43})/,
    );
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: /asks you to pay$/ })).toBeVisible();
    await expect(page.getByTestId('public-amount')).toHaveText('$30.00');
    await expect(page.getByText(note)).toBeVisible();
    await expectAccessible(page, '/invoice/:token');
    await shootBothWidths(page, 'public-page');

    // Register from it.
    await page.getByRole('link', { name: 'Register to pay' }).click();
    await page.getByRole('link', { name: 'Open a personal account' }).click();
    await page.getByLabel('What describes you best?').selectOption('freelancers');
    await page.getByLabel('First name').fill('Marta');
    await page.getByLabel('Last name').fill('Silva');
    await expect(page.getByLabel('Country of residence').locator('option[value="PT"]')).toHaveCount(
      1,
    );
    await page.getByLabel('Country of residence').selectOption('PT');
    await page.getByLabel('E-mail').fill(email);
    await expect(page.getByText('This address can be used.')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Repeat the password').fill(password);
    await page.getByLabel(/I have read and accept the Privacy Policy/).check();
    await page.getByLabel(/I have read and accept the Terms and Conditions/).check();
    await page.getByRole('button', { name: 'Open account' }).click();
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    const activation = await fromOutbox(page.request, email, /(https?:\/\/\S+\/activate\?\S+)/);
    await page.goto(activation);
    await expect(page.getByText('Your Account has been activated.')).toBeVisible();
    await page.getByRole('button', { name: 'Continue to sign in' }).click();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // A new customer proves who they are first (the start page sends them to KYC).
    await expect(page).toHaveURL(/\/kyc$/);

    // Identity at the brand's provider, a proof of address, and an administrator's approval.
    const check = page.getByTestId('identity-check');
    await check.getByRole('button', { name: 'Start identity check' }).click();
    await page.getByRole('link', { name: 'Continue on this computer' }).click();
    await page
      .getByLabel('Choose a picture: Front of your document')
      .setInputFiles(IDENTITY + 'passport-front.jpg');
    await page
      .getByLabel('Choose a picture: Back of your document')
      .setInputFiles(IDENTITY + 'passport-back.jpg');
    await page.getByLabel('Choose a picture: Selfie').setInputFiles(IDENTITY + 'selfie.png');
    await page.getByRole('button', { name: 'Send for checking' }).click();
    await expect(page.getByText('Thank you, your pictures were sent')).toBeVisible();
    await page.getByRole('link', { name: /^Back to / }).click();
    await expect(page).toHaveURL(/\/kyc$/);
    await expect(check.getByText('Under review', { exact: true })).toBeVisible();
    const proof = page.getByRole('region', { name: 'Proof of address' });
    if (await proof.isVisible()) {
      await proof.getByRole('button', { name: 'Upload: Proof of address' }).click();
      const form = proof.getByRole('form', { name: 'Upload a document' });
      await form.getByLabel('Country that issued the document').selectOption('PT');
      const type = form.getByLabel('Document type');
      await expect(type.getByRole('option', { name: 'Utility bill' })).toBeAttached();
      await type.selectOption({ label: 'Utility bill' });
      await form
        .locator('input[type="file"]')
        .first()
        .setInputFiles(DOCUMENTS + 'sample.pdf');
      await form.getByRole('button', { name: 'Upload', exact: true }).click();
      await expect(proof.getByText('In review').first()).toBeVisible();
    }
    const admin = await newPage(browser);
    await signInThroughApi(admin, 'admin@ledgerline.test', { path: '/admin-overview/review' });
    await admin.getByLabel('Brand').selectOption('pebble');
    const queue = admin.getByRole('list', { name: 'Waiting for a decision' });
    const entries = queue.getByRole('button', { name: 'Marta Silva' });
    await expect(entries.first()).toBeVisible();
    while ((await entries.count()) > 0) {
      const left = await entries.count();
      await entries.first().click();
      await admin.getByRole('button', { name: 'Approve' }).click();
      await admin
        .getByRole('dialog', { name: 'Approve this item?' })
        .getByRole('button', { name: 'Approve' })
        .click();
      await expect(admin.getByText('Approved. The customer has been told.')).toBeVisible();
      await expect(entries).toHaveCount(left - 1);
    }
    await admin.context().close();
    await expect(
      page.getByRole('region', { name: 'Identity' }).getByText('Done', { exact: true }),
    ).toBeVisible();

    // A EUR account, and money arriving by a bank transfer to its details.
    await page.getByRole('link', { name: 'Back to online banking' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Add currency' }).click();
    const open = page.getByRole('dialog', { name: 'Add a currency' });
    await open.getByRole('combobox', { name: 'Currency' }).selectOption('EUR');
    await open.getByRole('button', { name: 'Add currency' }).click();
    const addMoney = page.getByRole('region', { name: 'Add money to your account' });
    const iban =
      (await addMoney
        .getByText(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/)
        .first()
        .textContent()) ?? '';
    const arrived = await page.request.post('/dev/rails/incoming', {
      data: {
        iban,
        currency: 'EUR',
        amount: '100.00',
        payerName: 'Marta Silva',
        reference: `E2E-INVOICE-${Date.now()}`,
      },
    });
    expect(arrived.status(), await arrived.text()).toBe(200);
    await expect(addMoney).toBeHidden();

    // Back to the e-mailed link, now signed in: it leads straight to paying the invoice.
    await page.goto(link);
    await page.getByRole('link', { name: 'Pay this invoice' }).click();
    await expect(page).toHaveURL(/\/transfer\/invoices/);
    const pay = page.getByRole('dialog', { name: `Pay invoice ${number}` });
    await expect(pay.getByTestId('fact-total')).toHaveText(/€\d/);
    await expect(pay.getByTestId('fact-rate')).toHaveText(/^1 EUR = [\d.]+ USD$/);
    await shootBothWidths(page, 'pay-exchange');
    await pay.getByRole('button', { name: 'Review payment' }).click();
    const review = page.getByRole('dialog', { name: 'Check and confirm' });
    const total = ((await review.getByTestId('review-total').textContent()) ?? '').trim();
    await review.getByRole('button', { name: `Pay ${total}` }).click();
    await expect(page.getByRole('dialog', { name: /Transfer completed/ })).toBeVisible();
    await expect(rowOf(page, number).getByTestId('invoice-status')).toHaveText('Paid');

    // Anna sees it paid without a reload, and received the amount.
    await expect(sentRow.getByTestId('invoice-status')).toHaveText('Paid');
    expect(await balanceOf(request, annaToken, 'USD')).toBe(annaBefore + units('30'));
    await anna.context().close();
  });
});

/** Pounds as the page writes them in English: grouped thousands, 2 to 8 decimals, the symbol first. */
function formatPounds(value: bigint): string {
  const digits = value.toString().padStart(9, '0');
  let whole = digits.slice(0, -8);
  const groups: string[] = [];
  for (; whole.length > 3; whole = whole.slice(0, -3)) groups.unshift(whole.slice(-3));
  groups.unshift(whole);
  const fraction = digits.slice(-8).replace(/0+$/, '').padEnd(2, '0');
  return `£${groups.join(',')}.${fraction}`;
}
