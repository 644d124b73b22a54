import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calendarDaySchema } from './dates';
import { idSchema } from './envelope';
import { mainMethods } from './methods';
import { textIdSchema } from './merchant-api/routes';
import { listRestRoutes } from './routes';

/*
 * Every main-API request field that is an id or a calendar day refuses the hostile values of
 * issue 12 before a handler runs: ids out of range (0, -1, 2^31, 2^63, 1e309 which JSON parses
 * as Infinity, "1e3") and days out of range or impossible. The server's fuzz tests send the same
 * values through HTTP for the methods that move money or read history.
 */

const HOSTILE_IDS = [0, -1, 2 ** 31, 2 ** 63, Infinity, -Infinity, Number.NaN, 1.5, '1e3', '12'];
const HOSTILE_DAYS = ['0000-01-01', '9999-12-31', '2026-99-99', '2026-02-30', '1899-12-31'];

/** The schema under optional, default and nullable wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    if (
      current instanceof z.ZodOptional ||
      current instanceof z.ZodNullable ||
      current instanceof z.ZodDefault
    )
      current = current.unwrap() as z.ZodType;
    else return current;
  }
}

type Kind = 'id' | 'ids' | 'day';

/** The id, id-list and day fields of every method's request. */
function hostileFields(): { method: string; field: string; kind: Kind; schema: z.ZodType }[] {
  const found: { method: string; field: string; kind: Kind; schema: z.ZodType }[] = [];
  for (const [method, definition] of Object.entries(mainMethods)) {
    const request = definition.request as z.ZodType;
    if (!(request instanceof z.ZodObject)) continue;
    for (const [field, child] of Object.entries(request.shape as Record<string, z.ZodType>)) {
      const inner = unwrap(child);
      if (inner === idSchema) found.push({ method, field, kind: 'id', schema: request });
      else if (inner === calendarDaySchema)
        found.push({ method, field, kind: 'day', schema: request });
      else if (inner instanceof z.ZodArray && unwrap(inner.element as z.ZodType) === idSchema)
        found.push({ method, field, kind: 'ids', schema: request });
    }
  }
  return found;
}

describe('hostile ids and days in every request (issue 12)', () => {
  const fields = hostileFields();

  it('finds the id and day fields (the walk itself works)', () => {
    const names = new Set(fields.map((item) => `${item.method}.${item.field}`));
    for (const expected of [
      'getTransactionHistory.accountId',
      'getTransactionHistory.fromDate',
      'getBatchTransfers.from',
      'getBusinessApprovals.toDate',
      'businessApprovalsApprove.transactionIds',
      'cancelRecurringTransfer.id',
      'transferBetweenAccounts.subscriptionEndDate',
      'createInvoice.dueDate',
      'payInvoice.fromAccount',
      'getInvoice.invoiceId',
      'fundingInvoiceCreate.accountId',
      'getFundingInvoicePdf.invoiceId',
      'getMassBatch.batchId',
      'massApprove.batchId',
      // Issue 17C: global payouts.
      'globalPayGetBatch.batchId',
      'globalPayUpdatePayments.remove',
      'globalPayCancelPayment.paymentId',
      'globalPayWithdrawalDetails.paymentId',
      // Issue 18: IPN history.
      'getIpn.id',
      'confirmIpn.id',
      // Issue 18: saved buttons, logos and pay-by-name.
      'getSavedButton.id',
      'updateSavedButton.accountId',
      'createSavedButton.logoId',
      'deleteLogo.id',
      'updatePbnSettings.accountIds',
    ])
      expect(names, expected).toContain(expected);
    expect(fields.length).toBeGreaterThan(40);
  });

  it('refuses each hostile value in each such field, on that field', () => {
    const accepted: string[] = [];
    for (const { method, field, kind, schema } of fields) {
      const values =
        kind === 'day' ? HOSTILE_DAYS : kind === 'id' ? HOSTILE_IDS : HOSTILE_IDS.map((id) => [id]);
      for (const value of values) {
        const result = schema.safeParse({ [field]: value });
        const onField = result.error?.issues.some((issue) => issue.path[0] === field) ?? false;
        if (!onField) accepted.push(`${method}.${field} = ${String(value)}`);
      }
    }
    expect(accepted).toEqual([]);
  });
});

/*
 * The same walk over the REST routes' params, query and body (issue 18 added the merchant REST
 * routes): an id field (idSchema, or textIdSchema for ids that travel as text in a path or a
 * query string) and a day field refuse every hostile value on that field.
 */
function restHostileFields(): {
  route: string;
  field: string;
  kind: Kind | 'textId';
  schema: z.ZodType;
}[] {
  const found: { route: string; field: string; kind: Kind | 'textId'; schema: z.ZodType }[] = [];
  for (const { name, route } of listRestRoutes()) {
    for (const part of [route.params, route.query, route.body]) {
      if (!(part instanceof z.ZodObject)) continue;
      for (const [field, child] of Object.entries(part.shape as Record<string, z.ZodType>)) {
        const inner = unwrap(child);
        const kind =
          inner === idSchema
            ? 'id'
            : inner === textIdSchema
              ? 'textId'
              : inner === calendarDaySchema
                ? 'day'
                : null;
        if (kind) found.push({ route: name, field, kind, schema: part });
      }
    }
  }
  return found;
}

/** Ids as text ('12' is a fine one there): the hostile numbers written out, and numbers in disguise. */
const HOSTILE_TEXT_IDS = [
  ...HOSTILE_IDS.filter((value) => value !== '12').map(String),
  '',
  '01',
  '+1',
  '0x10',
  ' 1',
  '1 ',
];

describe('hostile ids and days in every REST route', () => {
  const fields = restHostileFields();

  it('finds the id and day fields of the merchant routes (the walk itself works)', () => {
    const names = new Set(fields.map((item) => `${item.route}.${item.field}`));
    for (const expected of [
      'merchantApi.apiKeys.create.customerId',
      'merchantApi.apiKeys.create.expiresOn',
      'merchantApi.apiKeys.list.customerId',
      'merchantApi.apiKeys.update.id',
      'merchantApi.apiKeys.delete.customerId',
      'merchantApi.allowedIps.update.id',
      'merchantApi.apiRequests.apiKeyId',
      'merchantApi.apiRequests.fromDate',
      // Issue 18 M2: webhooks and their request log.
      'webhooks.create.customerId',
      'webhooks.list.customerId',
      'webhooks.update.id',
      'webhooks.rotateSecret.id',
      'webhooks.requests.customerId',
      'webhooks.requests.toDate',
      // Issue 18: a logo's image by id.
      'merchantButtons.logoFile.logoId',
    ])
      expect(names, expected).toContain(expected);
  });

  it('refuses each hostile value in each such field, on that field', () => {
    const accepted: string[] = [];
    for (const { route, field, kind, schema } of fields) {
      const values =
        kind === 'day' ? HOSTILE_DAYS : kind === 'textId' ? HOSTILE_TEXT_IDS : HOSTILE_IDS;
      for (const value of values) {
        const result = schema.safeParse({ [field]: value });
        const onField = result.error?.issues.some((issue) => issue.path[0] === field) ?? false;
        if (!onField) accepted.push(`${route}.${field} = ${String(value)}`);
      }
    }
    expect(accepted).toEqual([]);
  });
});
