import type { Browser, Page, Route } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { SHORT_IDLE_SECONDS } from '../playwright.config';
import { DEMO_PASSWORD, expect, expectAccessible, test } from './fixtures';

/** otp@ledgerline.test's TOTP secret, as the README prints it (an authenticator app would hold it). */
const OTP_SECRET = 'LEDGERLINEDEMOTOTPSECRETKEY23456';

async function submitPassword(page: Page, email: string): Promise<void> {
  await page.goto('/login?brand=pebble');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The phone app stand-in: opens /dev/device for `email` in another page and decides the waiting request. */
async function decideOnPhone(
  browser: Browser,
  email: string,
  decision: 'Approve' | 'Deny',
): Promise<void> {
  const phone = await browser.newPage();
  try {
    await phone.goto(`/dev/device?email=${encodeURIComponent(email)}`);
    // The request appears as soon as the sign-in created it; reload until it is listed.
    await expect(async () => {
      await phone.reload();
      await expect(phone.getByRole('button', { name: decision }).first()).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 15_000 });
    await phone.getByRole('button', { name: decision }).first().click();
    await expect(phone.getByText(/No requests are waiting/)).toBeVisible();
  } finally {
    await phone.close();
  }
}

/** The newest SMS in the outbox for this sign-in: "<identifier>-<6 digits> is your … sign-in code". */
async function smsCode(page: Page, identifier: string): Promise<string> {
  let code = '';
  await expect(async () => {
    const response = await page.request.get('/dev/outbox.json');
    const { messages } = (await response.json()) as {
      messages: { channel: string; body: string }[];
    };
    const match = messages
      .filter((message) => message.channel === 'sms')
      .map((message) =>
        message.body.startsWith(`${identifier}-`) ? /^\d{2}-(\d{6}) /.exec(message.body) : null,
      )
      .find((found) => found !== null);
    expect(match).toBeTruthy();
    code = match?.[1] ?? '';
  }).toPass({ timeout: 10_000 });
  return code;
}

function countRequests(page: Page, path: string): { count: () => number } {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) count += 1;
  });
  return { count: () => count };
}

test.describe('sign-in flows', () => {
  test('simple: straight to the start page', async ({ page }) => {
    await submitPassword(page, 'personal@ledgerline.test');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: 'Hello, Petra' })).toBeVisible();
  });

  test('otp: the code from the authenticator app', async ({ page }) => {
    await submitPassword(page, 'otp@ledgerline.test');
    await expect(
      page.getByRole('heading', { name: 'Enter the code from your authenticator app' }),
    ).toBeVisible();
    await expectAccessible(page, 'otp code entry');
    await page.getByLabel('Sign-in code').fill('000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('That code is not right. Check it and try again.')).toBeVisible();
    const totp = new TOTP({
      secret: Secret.fromBase32(OTP_SECRET),
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
    });
    await page.getByLabel('Sign-in code').fill(totp.generate());
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('heading', { name: 'Hello, Omar' })).toBeVisible();
  });

  test('sms: the masked phone, the two-digit identifier and the code from the outbox', async ({
    page,
  }) => {
    await submitPassword(page, 'sms@ledgerline.test');
    await expect(
      page.getByRole('heading', { name: 'Enter the code we sent by text message' }),
    ).toBeVisible();
    await expect(page.getByText(/We sent a text message to \+44 .*•.*123/)).toBeVisible();
    const identifier = (await page.locator('[class*="identifier"]').innerText()).trim();
    expect(identifier).toMatch(/^\d{2}$/);
    await page.getByLabel('Sign-in code').fill(await smsCode(page, identifier));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('heading', { name: 'Hello, Sofia' })).toBeVisible();
  });

  test('soft migration: days left, then continue', async ({ page }) => {
    await submitPassword(page, 'soft@ledgerline.test');
    await expect(page.getByRole('heading', { name: 'Turn on sign-in approval' })).toBeVisible();
    await expect(page.getByText(/Days left: \d+/)).toBeVisible();
    await page.getByRole('button', { name: 'Continue to online banking' }).click();
    await expect(page.getByRole('heading', { name: 'Hello, Samuel' })).toBeVisible();
  });

  test('strict migration: /scp with the QR code, push turned on from the phone, then a push sign-in', async ({
    page,
    browser,
  }) => {
    await submitPassword(page, 'strict@ledgerline.test');
    await expect(page).toHaveURL(/\/scp$/);
    await expect(
      page.getByRole('img', { name: /QR code that turns on sign-in approval/ }),
    ).toBeVisible();
    await expect(page.getByText('Waiting for the app…')).toBeVisible();
    await expectAccessible(page, '/scp');
    await decideOnPhone(browser, 'strict@ledgerline.test', 'Approve');
    await expect(page.getByText('Sign-in approval is on')).toBeVisible();
    await page.getByRole('button', { name: 'Sign in again' }).click();
    await page.getByLabel('E-mail').fill('strict@ledgerline.test');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(
      page.getByRole('heading', { name: 'Approve the sign-in on your phone' }),
    ).toBeVisible();
    await decideOnPhone(browser, 'strict@ledgerline.test', 'Approve');
    await expect(page.getByRole('heading', { name: 'Hello, Stella' })).toBeVisible();
  });

  test('verifyDevice: no phone linked yet, the QR code, the phone links itself, then signed in', async ({
    page,
    browser,
  }) => {
    await submitPassword(page, 'newphone@ledgerline.test');
    await expect(page.getByRole('heading', { name: 'Link your phone' })).toBeVisible();
    await expect(page.getByRole('img', { name: /QR code that links your phone/ })).toBeVisible();
    await expect(page.getByText('Waiting for your phone to be linked…')).toBeVisible();
    await expectAccessible(page, 'verify device screen');
    await decideOnPhone(browser, 'newphone@ledgerline.test', 'Approve');
    await expect(page.getByRole('heading', { name: 'Hello, Nina' })).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('updated terms: accepted before going on, then not asked again', async ({ page }) => {
    await submitPassword(page, 'terms@ledgerline.test');
    await expect(page).toHaveURL(/\/accept-terms$/);
    await expect(
      page.getByRole('heading', { name: 'Please accept the updated terms' }),
    ).toBeVisible();
    await expectAccessible(page, '/accept-terms');
    // Nothing goes on until every term is ticked.
    await page.getByRole('button', { name: 'Accept and continue' }).click();
    await expect(page).toHaveURL(/\/accept-terms$/);
    for (const box of await page.getByRole('checkbox').all()) await box.check();
    await page.getByRole('button', { name: 'Accept and continue' }).click();
    await expect(page.getByRole('heading', { name: 'Hello, Theo' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Hello, Theo' })).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('/scp without a sign-in in progress goes to the sign-in page', async ({ page }) => {
    await page.goto('/scp?brand=pebble');
    await expect(page).toHaveURL(/\/login/);
  });
});

// push@ has one phone: its two tests take turns, or one would decide the other's request.
test.describe('push sign-in', () => {
  test.describe.configure({ mode: 'serial' });

  test('push approved on the phone: the page moves on by itself', async ({ page, browser }) => {
    await submitPassword(page, 'push@ledgerline.test');
    await expect(
      page.getByRole('heading', { name: 'Approve the sign-in on your phone' }),
    ).toBeVisible();
    await expect(page.getByText('Waiting for your approval…')).toBeVisible();
    await expectAccessible(page, 'push waiting screen');
    await decideOnPhone(browser, 'push@ledgerline.test', 'Approve');
    await expect(page.getByRole('heading', { name: 'Hello, Priya' })).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('push declined on the phone: said clearly, no session', async ({ page, browser }) => {
    await submitPassword(page, 'push@ledgerline.test');
    await expect(page.getByText('Waiting for your approval…')).toBeVisible();
    await decideOnPhone(browser, 'push@ledgerline.test', 'Deny');
    await expect(page.getByRole('alert')).toContainText('Sign-in declined');
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login/);
    // The login page may still be reading /config.json through the route above: let it go, or
    // its callback outlives the test and fails the worker (seen on CI).
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});

test.describe('the page the start-page rules choose', () => {
  test('business with related companies: the company choice, then the chosen company', async ({
    page,
  }) => {
    await submitPassword(page, 'business@ledgerline.test');
    await expect(page).toHaveURL(/\/company-access$/);
    const companies = page.getByRole('list', { name: 'Companies' });
    await expect(companies.getByRole('listitem')).toHaveCount(3);
    await expect(companies).toContainText('Ledgerline Demo Trading Ltd');
    await expect(companies).toContainText('Ledgerline Demo Studio Ltd');
    await expectAccessible(page, 'company choice');
    await companies.getByRole('button', { name: /Ledgerline Demo Trading Ltd/ }).click();
    // No self-certification on record: the business self-certification splash, which may be passed.
    await expect(page).toHaveURL(/\/self-certification-business-splash$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Confirm your company’s tax residency' }),
    ).toBeVisible();
    await expect(
      page.getByText(/Ledgerline Demo Trading Ltd is resident for tax purposes/),
    ).toBeVisible();
    await expectAccessible(page, '/self-certification-business-splash');
    await page.getByRole('link', { name: 'Continue to online banking' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a customer who needs KYC: the clear /kyc page', async ({ page }) => {
    await submitPassword(page, 'kyc@ledgerline.test');
    await expect(page).toHaveURL(/\/kyc$/);
    await expect(page.getByRole('heading', { name: "Let's verify your identity" })).toBeVisible();
    await expectAccessible(page, '/kyc');
    await page.goto('/home');
    await expect(page).toHaveURL(/\/kyc$/);
  });

  test('an old-web user: the old web client', async ({ page }) => {
    await page.route('https://old.pebble.example/**', (route: Route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>Old web</title><h1>Old online banking</h1>',
      }),
    );
    await submitPassword(page, 'oldweb@ledgerline.test');
    await expect(page).toHaveURL(/^https:\/\/old\.pebble\.example\/?$/);
    await expect(page.getByRole('heading', { name: 'Old online banking' })).toBeVisible();
  });

  test('an administrator: the admin overview', async ({ page }) => {
    await submitPassword(page, 'admin@ledgerline.test');
    await expect(page).toHaveURL(/\/admin-overview$/);
    await expect(page.getByRole('heading', { name: 'Administrator overview' })).toBeVisible();
    await expectAccessible(page, '/admin-overview');
  });
});

test.describe('the session', () => {
  test('survives a forced token expiry with exactly one refresh', async ({ page }) => {
    const refreshes = countRequests(page, '/api/auth/refresh');
    let refused = 0;
    // The first customer-info call meets an expired token: the server's 401, once.
    await page.route(
      (url) => url.pathname === '/api/main/' && url.search === '?getCustomerInfo',
      async (route) => {
        if (refused === 0) {
          refused += 1;
          await route.fulfill({
            status: 401,
            contentType: 'application/json',
            body: JSON.stringify({
              responseCode: 'AU',
              responseDescription: 'The session has expired or the token is not valid',
            }),
          });
        } else {
          await route.continue();
        }
      },
    );
    await submitPassword(page, 'personal@ledgerline.test');
    await expect(page.getByRole('heading', { name: 'Hello, Petra' })).toBeVisible();
    expect(refused).toBe(1);
    expect(refreshes.count()).toBe(1);
  });

  test('a reload of the tab restores the session with one refresh', async ({ page }) => {
    await submitPassword(page, 'personal@ledgerline.test');
    await expect(page.getByRole('heading', { name: 'Hello, Petra' })).toBeVisible();
    const refreshes = countRequests(page, '/api/auth/refresh');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Hello, Petra' })).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    expect(refreshes.count()).toBe(1);
    // The page keeps no token of its own anywhere a script could read it.
    const stored = await page.evaluate(
      () =>
        JSON.stringify({ ...sessionStorage }) +
        JSON.stringify({ ...localStorage }) +
        document.cookie,
    );
    expect(stored).not.toMatch(/eyJ[A-Za-z0-9_-]+\./);
  });

  test('signing out ends the session; the cookie no longer restores it', async ({ page }) => {
    await submitPassword(page, 'personal@ledgerline.test');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login/);
    // The login page may still be reading /config.json through the route above: let it go, or
    // its callback outlives the test and fails the worker (seen on CI).
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});

test.describe('idle logout', () => {
  test(`signs out after ${SHORT_IDLE_SECONDS} s without activity (the idle time the server's /config.json sets)`, async ({
    page,
  }) => {
    // The server's answer with a short idle time, as CLIENT_IDLE_TIMEOUT_SECONDS would make it
    // (the server tests cover that variable): one server serves every browser test.
    await page.route('**/config.json', async (route) => {
      const answer = await route.fetch();
      await route.fulfill({
        response: answer,
        json: { ...(await answer.json()), idleTimeoutSeconds: SHORT_IDLE_SECONDS },
      });
    });
    await submitPassword(page, 'personal@ledgerline.test');
    await expect(page.getByRole('heading', { name: 'Hello, Petra' })).toBeVisible();
    // Nothing happens on the page from here on: the client's idle timer ends the session.
    await expect(page.getByText('You were signed out')).toBeVisible({
      timeout: (SHORT_IDLE_SECONDS + 10) * 1000,
    });
    await expect(page).toHaveURL(/\/login/);
    // The server's session ended too: a reload cannot restore it from the cookie.
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login/);
    // The login page may still be reading /config.json through the route above: let it go, or
    // its callback outlives the test and fails the worker (seen on CI).
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});
