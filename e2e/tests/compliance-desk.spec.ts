import { expect, expectAccessible, signInThroughApi, test } from './fixtures';

/*
 * The compliance review desk (issue 14): an administrator approves the pending identity result and
 * the submitted proof of identity of review@baltvale.example (seed-compliance.ts), and that
 * customer's home, open in another browser, loses the "we are reviewing your documents" banner at
 * once, through the realtime channel, without a reload. The customer is used by no other test.
 */
const ADMIN = 'admin@ledgerline.test';
const CUSTOMER = 'review@baltvale.example';
const CUSTOMER_NAME = 'Rūta Kazlauskienė';
const SCREENSHOTS = process.env.DESK_SCREENSHOTS;

test('an administrator approves a waiting customer on the desk and the customer home follows without reload', async ({
  page,
  browser,
}) => {
  // The customer, in a browser of their own, waiting for the review.
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await signInThroughApi(customerPage, CUSTOMER, { brand: 'baltvale' });
  const banner = customerPage.getByRole('region', { name: 'We are reviewing your documents' });
  await expect(banner).toBeVisible();
  const actions = customerPage.getByRole('list', { name: 'Quick actions' });
  // Not verified: money cannot leave, so there is nothing to send with.
  await expect(actions.getByRole('link', { name: 'Send' })).toHaveCount(0);
  // No money yet: home says how to add some.
  const addMoney = customerPage.getByRole('region', { name: 'Add money to your account' });
  await expect(addMoney).toBeVisible();
  const iban = (await addMoney.getByText(/^LT\d{18}$/).textContent()) ?? '';
  await customerPage.evaluate(() => {
    (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage = true;
  });

  // The administrator opens the desk from the overview.
  await signInThroughApi(page, ADMIN, { path: '/admin-overview' });
  await page.getByRole('link', { name: 'Open the compliance review desk' }).click();
  await expect(page).toHaveURL(/\/admin-overview\/review$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Compliance review desk' }),
  ).toBeVisible();
  await page.getByLabel('Brand').selectOption('baltvale');
  const queue = page.getByRole('list', { name: 'Waiting for a decision' });
  const entries = queue.getByRole('button', { name: CUSTOMER_NAME });
  await expect(entries).toHaveCount(2);
  await expectAccessible(page, '/admin-overview/review');
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/desk-queue.png`, fullPage: true });

  // Both items, one after the other: the identity result, then the document.
  for (const kind of ['Identity result', 'Document']) {
    await queue
      .getByRole('button', { name: CUSTOMER_NAME })
      .filter({ hasText: kind })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 2, name: CUSTOMER_NAME })).toBeVisible();
    await expect(page.getByText('Gedimino pr. 9, 01103, Vilnius, LT')).toBeVisible();
    if (SCREENSHOTS && kind === 'Document') {
      await page.screenshot({ path: `${SCREENSHOTS}/desk-item-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 476, height: 900 });
      await page.screenshot({ path: `${SCREENSHOTS}/desk-item-476.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 720 });
    }
    await page.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve this item?' });
    await expect(dialog).toBeVisible();
    if (SCREENSHOTS && kind === 'Document')
      await page.screenshot({ path: `${SCREENSHOTS}/desk-confirm.png` });
    await expectAccessible(page, '/admin-overview/review (confirmation)');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Approved. The customer has been told.')).toBeVisible();
  }
  await expect(entries).toHaveCount(0);

  // The customer's home followed on its own: the banner went, no reload happened.
  await expect(banner).toBeHidden();
  // …and the transfer screens came with the permissions.
  await expect(actions.getByRole('link', { name: 'Send' })).toBeVisible();

  // Money arrives by a bank transfer to the IBAN home showed: the balance follows, the hint goes.
  const arrived = await page.request.post('/dev/rails/incoming', {
    data: {
      iban,
      currency: 'EUR',
      amount: '150.25',
      payerName: 'Jonas Petraitis',
      reference: `E2E-DESK-${Date.now()}`,
    },
  });
  expect(arrived.status(), await arrived.text()).toBe(200);
  await expect(addMoney).toBeHidden();
  await expect(
    customerPage.getByTestId('account-row').filter({ hasText: 'EUR' }).first(),
  ).toContainText('150.25');
  expect(
    await customerPage.evaluate(
      () => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage === true,
    ),
  ).toBe(true);
  await customerContext.close();
});
