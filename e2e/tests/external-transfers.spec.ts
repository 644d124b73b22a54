import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectAccessible, test } from './fixtures';

/** CaixaBank Barcelona in the seeded bank directory (apps/server/src/db/seed-bank-directory.ts DEMO_IBANS.caixaBank). */
const CAIXABANK_IBAN = 'ES9121000418450200051332';
const AMOUNT = '125.50';

interface WireAccount {
  accountId: number;
  type: number;
  accountStatusId: number;
  balance: string;
  currencyCode: string;
}

/** Decimal strings as whole units of 10⁻⁸ (the most decimals money has), so the test adds and subtracts exactly. */
const SCALE = 8;
function toUnits(amount: string): bigint {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const units = BigInt(whole + fraction.padEnd(SCALE, '0'));
  return negative ? -units : units;
}
function fromUnits(units: bigint): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(SCALE + 1, '0');
  const text = `${digits.slice(0, -SCALE)}.${digits.slice(-SCALE)}`;
  return `${negative ? '-' : ''}${text}`;
}

/** A decimal as the server writes it in texts: no trailing zeros. */
function plain(amount: string): string {
  return amount.includes('.') ? amount.replace(/0+$/, '').replace(/\.$/, '') : amount;
}

/**
 * What a euro amount must look like on screen in English: grouped thousands, 2 to 8 decimals,
 * the symbol first. Written out here, independently of the app's formatter.
 */
function euros(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const decimals = fraction.replace(/0+$/, '').padEnd(2, '0');
  const groups: string[] = [];
  for (let end = whole.length; end > 0; end -= 3)
    groups.unshift(whole.slice(Math.max(0, end - 3), end));
  return `€${groups.join(',')}.${decimals}`;
}

/** The newest SMS in the outbox that `pick` accepts, waiting until it arrives. */
async function newestSms(
  page: Page,
  pick: (body: string) => RegExpExecArray | null,
): Promise<RegExpExecArray> {
  let found: RegExpExecArray | null = null;
  await expect(async () => {
    const response = await page.request.get('/dev/outbox.json');
    const { messages } = (await response.json()) as {
      messages: { channel: string; body: string }[];
    };
    found =
      messages
        .filter((message) => message.channel === 'sms')
        .map((message) => pick(message.body))
        .find((match) => match !== null) ?? null;
    expect(found).not.toBeNull();
  }).toPass({ timeout: 15_000 });
  return found as unknown as RegExpExecArray;
}

/** sms@ledgerline.test signs in with the code texted to the phone; answers the accounts home received. */
async function signInWithSms(page: Page): Promise<WireAccount[]> {
  await page.goto('/login?brand=pebble');
  await page.getByLabel('E-mail').fill('sms@ledgerline.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Sign-in runs the bot check's proof of work first: slow on a busy machine.
  await expect(page.getByLabel('Sign-in code')).toBeVisible({ timeout: 45_000 });
  const identifier = (await page.locator('[class*="identifier"]').innerText()).trim();
  const sms = await newestSms(page, (body) =>
    body.startsWith(`${identifier}-`) ? /^\d{2}-(\d{6}) /.exec(body) : null,
  );
  const accountsAnswer = page.waitForResponse((response) =>
    response.url().endsWith('/api/main/?getAccounts'),
  );
  await page.getByLabel('Sign-in code').fill(sms[1] ?? '');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
  return ((await (await accountsAnswer).json()) as { accounts: WireAccount[] }).accounts;
}

// Sign-in with a code, a transfer with its confirmation and two accessibility scans: slower than the default.
test.describe.configure({ timeout: 150_000 });

test.describe('transfer to another bank', () => {
  test('a SEPA wire with IBAN lookup: reviewed (back moves nothing), confirmed by the SMS code, on its way, lowering the balance by amount and fee once', async ({
    page,
  }) => {
    const accounts = await signInWithSms(page);
    const eur = accounts.find(
      (account) =>
        account.type === 1001 && account.currencyCode === 'EUR' && account.accountStatusId === 2,
    );
    expect(eur, 'sms@ holds an open EUR payment account').toBeDefined();
    const before = eur?.balance ?? '0';

    await page.getByRole('link', { name: 'Transfers' }).first().click();
    await page.getByRole('link', { name: 'To another bank' }).click();
    await expect(page).toHaveURL(/\/transfer\/external/);
    await expect(page.getByRole('radio', { name: /Bank wire/ })).toBeChecked();
    await page.getByLabel('From account').selectOption(String(eur?.accountId));

    // The IBAN alone finds the bank, which the customer checks; it also names the country (Spain: SEPA).
    await page.getByLabel(/^IBAN/).fill(CAIXABANK_IBAN);
    await expect(page.getByText('The bank of this IBAN — please check it:')).toBeVisible();
    await expect(page.getByText('CaixaBank', { exact: true })).toBeVisible();
    await expect(page.getByText('CAIXESBBXXX', { exact: true })).toBeVisible();
    await expect(page.getByLabel("Payee's bank country")).toHaveValue('ES');
    await expect(page.getByLabel('Payment scheme')).toHaveValue('sepa');

    await page.getByLabel("Payee's name").fill('Lucía Fernández');
    const feeAnswer = page.waitForResponse(async (response) => {
      if (!response.url().endsWith('/api/main/?getExternalTransferFee')) return false;
      const request = response.request().postDataJSON() as { amount?: string };
      return request.amount === AMOUNT;
    });
    await page.getByLabel('Amount', { exact: true }).fill(AMOUNT);
    const { fee } = (await (await feeAnswer).json()) as { fee: string | number };
    const feeText = String(fee);
    await expect(page.getByTestId('external-total')).toHaveText(
      euros(fromUnits(toUnits(AMOUNT) + toUnits(feeText))),
    );

    // The extra parameters the bank asks for (getExtraParams): every required select gets its first option.
    for (const select of await page
      .getByRole('group', { name: "Details the payee's bank needs" })
      .getByRole('combobox')
      .all()) {
      const options = await select
        .locator('option')
        .evaluateAll((items) =>
          items.map((item) => (item as HTMLOptionElement).value).filter((value) => value !== ''),
        );
      if (options[0]) await select.selectOption(options[0]);
    }
    await expectAccessible(page, '/transfer/external (filled)');

    let submitted = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/main/?transferWire')) submitted += 1;
    });
    // The review before anything moves: the amount, the payee with the IBAN in fours, the fee, the total, when.
    await page.getByRole('button', { name: 'Review transfer' }).click();
    const review = page.getByRole('dialog', { name: 'Check and confirm' });
    await expect(review.getByTestId('review-amount')).toHaveText(euros(AMOUNT));
    await expect(review.getByTestId('review-payee')).toHaveText('Lucía Fernández');
    await expect(review.getByTestId('review-iban')).toHaveText('ES91 2100 0418 4502 0005 1332');
    await expect(review.getByTestId('review-fee')).toHaveText(euros(plain(feeText)));
    await expect(review.getByTestId('review-total')).toHaveText(
      euros(fromUnits(toUnits(AMOUNT) + toUnits(feeText))),
    );
    await expect(review.getByTestId('review-when')).toHaveText('Usually within 1 business day');
    await expectAccessible(page, 'external transfer review');
    // Back returns to the filled form and sends nothing (the balance check at the end counts one transfer).
    await review.getByRole('button', { name: 'Back to edit' }).click();
    await expect(review).toBeHidden();
    await expect(page.getByLabel(/^IBAN/)).toHaveValue(CAIXABANK_IBAN);
    expect(submitted).toBe(0);

    await page.getByRole('button', { name: 'Review transfer' }).click();
    await review.getByRole('button', { name: `Send ${euros(AMOUNT)}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter the code from the text message' });
    await expect(dialog).toBeVisible();
    // What the phone receives names the sum taken (amount and fee) and the payee with the IBAN's end
    // (dynamic linking): the code of this transfer only.
    const charged = `${plain(fromUnits(toUnits(AMOUNT) + toUnits(feeText)))} EUR`;
    const sms = await newestSms(page, (body) =>
      body.includes(charged) && body.includes('Lucía Fernández (•••• 1332)')
        ? /^(\d{6}) is your .* code to send /.exec(body)
        : null,
    );
    await dialog.getByLabel('Code').fill(sms[1] ?? '');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    // The wire left the account and travels on its rail: the result says so, as the recent list does.
    await expect(page.getByRole('dialog', { name: 'Transfer on its way' })).toBeVisible();
    // After an SMS confirmation the success popup closes by itself (spec 2 §4).
    await expect(page.getByRole('dialog', { name: 'Transfer on its way' })).toBeHidden({
      timeout: 10_000,
    });
    expect(submitted).toBe(1);

    await page.getByRole('link', { name: 'Home' }).first().click();
    await expect(page).toHaveURL(/\/home$/);
    const expected = euros(fromUnits(toUnits(before) - toUnits(AMOUNT) - toUnits(feeText)));
    await expect(
      page
        .getByTestId('account-row')
        .filter({ hasText: 'EUR account' })
        .getByTestId('account-balance'),
    ).toHaveText(expected);
  });

  test('"Send the most possible" before an amount fills the amount without a crash; a card payout to a blocked BIN is refused before it is sent', async ({
    page,
    visit,
  }) => {
    await signInWithSms(page);
    await visit('/transfer/external?type=oct', async (screen) => {
      await expect(screen.getByRole('heading', { name: 'Payout to a card' })).toBeVisible();
      await expect(screen.getByLabel('From account')).not.toHaveValue('');
    });
    let submitted = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/main/?transferOct')) submitted = true;
    });
    await page.getByLabel("Payee's bank country").selectOption('GB');
    // Before any amount: the maximum (a number on the wire) goes into the field as text, and the
    // amount is checked; the form stays (this threw "t.amount.trim is not a function").
    await page.getByRole('button', { name: 'Send the most possible' }).click();
    await expect(page.getByLabel('Amount', { exact: true })).toHaveValue(/^[\d.]+$/);
    await expect(page.getByRole('heading', { name: 'Payout to a card' })).toBeVisible();
    await page.getByLabel('Amount', { exact: true }).fill('10.555');
    await page.getByRole('button', { name: 'Review transfer' }).click();
    await expect(page.getByText('This currency does not allow so many decimals.')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Check and confirm' })).toBeHidden();
    // 510510… is on the seeded blocked list (a valid Luhn number all the same).
    await page.getByLabel('Card number').fill('5105105105105100');
    await expect(
      page.getByText('Payouts to this card are not possible. Use another card.'),
    ).toBeVisible();
    await page.getByLabel('Name on the card').fill('Sofia Marín');
    await page.getByLabel('Amount', { exact: true }).fill('10');
    await page.getByRole('button', { name: 'Review transfer' }).click();
    await expect(
      page.getByText('Payouts to this card are not possible. Use another card.'),
    ).toBeVisible();
    expect(submitted).toBe(false);
  });
});
