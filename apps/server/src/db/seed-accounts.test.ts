import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryItem } from '@ledgerline/contract';
import { startTestServer, type TestServer } from '../../test/helper';
import { transferFixtures } from '../modules/transfers/test-fixtures';

let server: TestServer;
const f = transferFixtures(() => server);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function seededItem(currencyCode: string, description: string): Promise<HistoryItem> {
  const token = await server.signIn('personal@ledgerline.test');
  const account = await f.accountIn(token, currencyCode);
  const { status, body } = await f.call('getTransactionHistory', token, {
    accountId: account.accountId,
  });
  expect(status, JSON.stringify(body)).toBe(200);
  const item = body.items.find((entry) => entry.description === description);
  if (!item) throw new Error(`no seeded "${description}" in the ${currencyCode} history`);
  return item;
}

describe('the demo seed', () => {
  it('labels its pending card payment as a card purchase, not a wire', async () => {
    const item = await seededItem('USD', 'Card payment at Northwind Books');
    expect(item).toMatchObject({ operationType: 'card_purchase', status: 'processing' });
  });

  it('labels its pending transfer to a company as a wire', async () => {
    const item = await seededItem('EUR', 'Transfer to Baltic Supplies UAB');
    expect(item).toMatchObject({ operationType: 'wire', status: 'processing' });
  });
});
