import type { Browser, Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  exclusively,
  freshEmail,
  fromOutbox,
  signInThroughApi,
  test,
} from './fixtures';

/*
 * Global payouts (issue 17D): a business pays people by e-mail from /transfer/mass/global; each
 * beneficiary claims at /receive/{secret} from the e-mailed link, without an account. The sender
 * is payouts@ledgerline.test (Meridian Creators Ltd, seed-global-payouts-web.ts): nobody else
 * moves its money, and the test that reads its balance holds a lock while it does.
 */

const SENDER = 'payouts@ledgerline.test';
const SENDER_NAME = 'Meridian Creators Ltd';
const SENDER_MONEY = 'payouts-money';
const CLAIM_LINK = /(\/receive\/[A-Za-z0-9_-]{43})/;

interface Payee {
  name: string;
  email: string;
  country: string;
  amount: string;
  reference: string;
}

/** A new batch of one typed payment, created from the empty screen; answers when its screen shows. */
async function createBatch(page: Page, batchName: string, payee: Payee): Promise<void> {
  await page.getByLabel('Batch name').fill(batchName);
  await page.getByLabel('Pay from').selectOption({ index: 1 });
  await fillPayment(page, payee);
  await page.getByRole('button', { name: 'Create batch' }).click();
  await expect(page.getByRole('heading', { name: batchName })).toBeVisible();
}

async function fillPayment(scope: Page | ReturnType<Page['getByRole']>, payee: Payee) {
  await scope.getByLabel('Beneficiary name').fill(payee.name);
  await scope.getByLabel('Beneficiary e-mail').fill(payee.email);
  await scope.getByLabel('Beneficiary country').selectOption({ label: payee.country });
  await scope.getByLabel(/^Amount/).fill(payee.amount);
  await scope.getByLabel('Reference (shown to the beneficiary)').fill(payee.reference);
}

/**
 * Submits the batch on screen: the sender confirms payments with an e-mailed code, so the total
 * waits reserved (the batch says so) until the code for this batch is entered; then it runs.
 */
async function submitBatch(page: Page, batchName: string): Promise<void> {
  await page.getByRole('button', { name: 'Submit batch' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit the batch?' });
  await dialog.getByRole('button', { name: 'Reserve and send' }).click();
  await expect(dialog).toBeHidden();
  const codeDialog = page.getByRole('dialog', { name: 'Enter the approval code' });
  await expect(codeDialog).toBeVisible();
  await expect(page.getByText('Waiting for your confirmation')).toBeVisible();
  await expectAccessible(page, 'the batch waiting for the sender’s code');
  const code = await fromOutbox(
    page.request,
    SENDER,
    // eslint-disable-next-line security/detect-non-literal-regexp -- the test's own batch name: letters, digits and spaces
    new RegExp(`to batch “${batchName}”, payments: \\d+ is (\\d{6})\\.`),
  );
  await codeDialog.getByLabel('Code').fill(code);
  await codeDialog.getByRole('button', { name: 'Confirm' }).click();
  const done = page.getByRole('dialog', { name: 'Transfer on its way' });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Running', { exact: true })).toBeVisible();
}

/** The beneficiary opens the e-mailed link in a browser of their own (no session, no cookies). */
async function openClaimLink(browser: Browser, page: Page, email: string): Promise<Page> {
  const link = await fromOutbox(page.request, email, CLAIM_LINK);
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const recipient = await context.newPage();
  await recipient.goto(link);
  await expect(
    recipient.getByRole('heading', { name: `${SENDER_NAME} sends you money` }),
  ).toBeVisible();
  return recipient;
}

/** What the "Pay from" choice says of the EUR account: its name and balance. */
async function accountChoice(page: Page): Promise<string> {
  const option = page.getByLabel('Pay from').locator('option').nth(1);
  await expect(option).toHaveText(/EUR/);
  return (await option.textContent()) ?? '';
}

test('a business pays a batch; the beneficiary claims it to a card in dollars with the e-mailed code; the sender sees it paid', async ({
  page,
  browser,
}) => {
  // The sender's workbench, a claim in another browser and the rail's answer: one long journey.
  test.setTimeout(150_000);
  const batchName = `Creators May ${Date.now()}`;
  const payee: Payee = {
    name: 'Lucía Romero',
    email: freshEmail('lucia'),
    country: 'Spain',
    amount: '25.00',
    reference: 'Illustrations for May',
  };
  await signInThroughApi(page, SENDER, { path: '/transfer/mass/global' });
  await expect(page.getByRole('heading', { name: 'New batch' })).toBeVisible();
  await expectAccessible(page, 'a new global payout batch');
  await createBatch(page, batchName, payee);
  await expect(page.getByRole('row', { name: /Lucía Romero/ })).toBeVisible();
  await expectAccessible(page, 'a draft global payout batch');

  // The same batch again answers 92: the screen asks, and may open the one that exists.
  await page.getByRole('button', { name: 'New batch' }).click();
  await page.getByLabel('Batch name').fill(batchName);
  await page.getByLabel('Pay from').selectOption({ index: 1 });
  await fillPayment(page, payee);
  await page.getByRole('button', { name: 'Create batch' }).click();
  const identical = page.getByRole('dialog', { name: 'This batch exists already' });
  await expect(identical).toBeVisible();
  await identical.getByRole('button', { name: 'Open that batch' }).click();
  await expect(page.getByRole('heading', { name: batchName })).toBeVisible();

  // The workbench: a second payment is added, edited, removed, restored and removed again.
  await page.getByRole('button', { name: 'Add payment' }).click();
  const add = page.getByRole('dialog', { name: 'Add a payment' });
  await fillPayment(add, {
    name: 'Kwame Mensah',
    email: freshEmail('kwame'),
    country: 'United Kingdom',
    amount: '10',
    reference: 'Voice-over',
  });
  await expect(add.getByTestId('country-methods')).toContainText('Card payout (GBP, EUR, USD)');
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add).toBeHidden();
  await expect(page.getByTestId('batch-totals')).toContainText('2');
  await page.getByRole('button', { name: 'Edit the payment to Kwame Mensah' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit the payment' });
  await edit.getByLabel(/^Amount/).fill('12.50');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('row', { name: /Kwame Mensah/ })).toContainText('€12.50');
  await page.getByRole('button', { name: 'Remove the payment to Kwame Mensah' }).click();
  await page.getByRole('button', { name: 'Restore the payment to Kwame Mensah' }).click();
  await page.getByRole('button', { name: 'Remove the payment to Kwame Mensah' }).click();
  await expect(page.getByRole('row', { name: /Kwame Mensah/ })).toContainText('Removed');
  await expect(page.getByTestId('batch-total')).toHaveText('€26.00');

  // Reserving moves the sender's balance, which the refusal test reads: not while it does.
  await exclusively(SENDER_MONEY, () => submitBatch(page, batchName));
  await expect(page.getByTestId('batch-counts')).toContainText('Waiting for claim: 1');

  const recipient = await openClaimLink(browser, page, payee.email);
  await expect(recipient.getByTestId('receive-amount')).toHaveText('€25.00');
  await recipient.getByLabel('Country').selectOption({ label: 'Spain' });
  await recipient.getByRole('radio', { name: /Card payout/ }).check();
  await recipient.getByLabel('Currency you receive').selectOption('USD');
  await expect(recipient.getByText('Exchange rate')).toBeVisible();
  await expect(recipient.getByTestId('receive-to-amount')).toHaveText(/^\$\d/);
  await recipient.getByLabel('Card number').fill('4111 1111 1111 1111');
  await recipient.getByLabel('Name on the card').fill('Lucia Romero');
  await expectAccessible(recipient, 'the claim of a global payout');
  await recipient.getByRole('button', { name: 'Continue' }).click();
  const code = await fromOutbox(page.request, payee.email, /Your code is (\d{6})/);
  await recipient.getByLabel('Confirmation code').fill(code);
  await recipient.getByRole('button', { name: 'Receive the money' }).click();
  await expect(recipient.getByText('The money is on its way')).toBeVisible();
  await recipient.context().close();

  // The sender's screen polls the running batch: the rail pays the card and the row says so.
  await expect(page.getByRole('row', { name: /Lucía Romero/ })).toContainText('Paid', {
    timeout: 30_000,
  });
  await page.getByRole('link', { name: 'Summary of global payouts' }).click();
  await expect(page.getByRole('link', { name: batchName })).toBeVisible();
  await expect(page.getByTestId('summary-paid')).toContainText('€');
  await expectAccessible(page, 'the global payouts summary');
});

test('a beneficiary refuses a payout and the money returns to the sender', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const payee: Payee = {
    name: 'Tomasz Nowak',
    email: freshEmail('tomasz'),
    country: 'Poland',
    amount: '40.00',
    reference: 'Affiliate payout',
  };
  await signInThroughApi(page, SENDER, { path: '/transfer/mass/global' });
  await exclusively(SENDER_MONEY, async () => {
    await page.reload();
    const before = await accountChoice(page);
    const batchName = `Affiliates ${Date.now()}`;
    await createBatch(page, batchName, payee);
    // 40.00 and the sender's fee of 1 % (at least 1.00) are reserved.
    await expect(page.getByTestId('batch-total')).toHaveText('€41.00');
    await submitBatch(page, batchName);

    const recipient = await openClaimLink(browser, page, payee.email);
    await recipient.getByRole('button', { name: 'Refuse the payment' }).click();
    const confirm = recipient.getByRole('dialog', { name: 'Refuse this payment?' });
    await confirm.getByRole('button', { name: 'Refuse the payment' }).click();
    await expect(recipient.getByText('You refused this payment.', { exact: false })).toBeVisible();
    await expectAccessible(recipient, 'a refused global payout');
    await recipient.context().close();

    await expect(page.getByRole('row', { name: /Tomasz Nowak/ })).toContainText('Refused');
    await page.getByRole('button', { name: 'New batch' }).click();
    // The account's balance is what it was before the batch reserved anything.
    await expect(page.getByLabel('Pay from').locator('option').nth(1)).toHaveText(before);
  });
});
