import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  accounts,
  approvalRequests,
  auditLog,
  customerAccess,
  ledgerTransfers,
  outbox,
} from '../../db/schema';
import { DEMO_CLERK_EMAIL } from '../../db/seed-transfers';
import { DEMO_SECOND_APPROVER_EMAIL } from '../../db/seed-approvals';
import { startTestServer, type TestServer } from '../../../test/helper';
import { assertLedgerBalanced } from '../../../test/ledger';
import { Money } from '../ledger/money';
import { approvalFixtures } from './approval-test-fixtures';
import { transferFixtures } from './test-fixtures';

/*
 * Business approvals, complete (issue 15): the approver sees what they approve, proves it with their
 * own second factor bound to the request, a policy may ask more approvers, and every decision is
 * audited. Through the main API as the browser calls it.
 */

let server: TestServer;
let clerk: string;
let ioana: string;
let approver: string;
let personal: string;
let office: number;
let ioanaId: number;
let approverId: number;
let clerkId: number;
const f = transferFixtures(() => server);
const a = approvalFixtures(() => server);

beforeAll(async () => {
  server = await startTestServer();
  [clerk, ioana, approver, personal] = await Promise.all([
    server.signIn(DEMO_CLERK_EMAIL),
    server.signIn('ioana@harbourlight.example'),
    server.signIn(DEMO_SECOND_APPROVER_EMAIL),
    server.signIn('personal@ledgerline.test'),
  ]);
  office = await f.customerIdOf('office@harbourlight.example');
  [ioanaId, approverId, clerkId] = await Promise.all([
    f.userId('ioana@harbourlight.example'),
    f.userId(DEMO_SECOND_APPROVER_EMAIL),
    f.userId(DEMO_CLERK_EMAIL),
  ]);
}, 240_000);
afterEach(async () => {
  await assertLedgerBalanced(f.db());
});
afterAll(async () => {
  await server.close();
});

/** The clerk asks for a transfer between the company's GBP and EUR accounts; answers the request id. */
async function requestOwnTransfer(toAmount: string): Promise<number> {
  const gbp = await f.accountIn(clerk, 'GBP', { fromCustomerId: office });
  const eur = await f.accountIn(clerk, 'EUR', { fromCustomerId: office });
  const created = await f.call(
    'transferBetweenAccounts',
    clerk,
    {
      fromAccount: gbp.accountId,
      toAccount: eur.accountId,
      toAmount,
      currency: 'EUR',
      idempotencyKey: f.key(),
    },
    office,
  );
  expect(created.body).toMatchObject({ status: 'approvalCreated' });
  const [row] = await f
    .db()
    .select({ id: approvalRequests.id })
    .from(approvalRequests)
    .orderBy(desc(approvalRequests.id))
    .limit(1);
  return row!.id;
}

async function requestRow(id: number) {
  const [row] = await f.db().select().from(approvalRequests).where(eq(approvalRequests.id, id));
  return row!;
}

async function auditActions(id: number): Promise<string[]> {
  const rows = await f
    .db()
    .select({ action: auditLog.action, details: auditLog.details })
    .from(auditLog)
    .where(eq(auditLog.customerId, office))
    .orderBy(auditLog.id);
  return rows.filter((row) => row.details.id === id).map((row) => row.action);
}

describe('what the approver sees', () => {
  it('lists the request with its source, destination, amounts, rate, fee, initiator and time', async () => {
    const id = await requestOwnTransfer('20');
    const requests = await a.pending(ioana, office);
    const item = requests.find((request) => request.id === id)!;
    const gbp = await f.accountIn(ioana, 'GBP', { fromCustomerId: office });
    expect(item).toMatchObject({
      status: 'pending',
      createdBy: DEMO_CLERK_EMAIL,
      createdByName: 'Clara Quinn',
      transactionType: 'betweenAccounts',
      currency: 'GBP',
      toAmount: '20',
      toCurrency: 'EUR',
      requiredApprovals: 1,
      approvals: [],
      canDecide: true,
      source: { kind: 'ownAccount', accountId: gbp.accountId, currency: 'GBP' },
      destination: { kind: 'ownAccount', currency: 'EUR' },
    });
    expect(Number(item.rate)).toBeGreaterThan(0);
    expect(Number(item.fee)).toBeGreaterThanOrEqual(0);
    // The initiator sees their own request but may not decide it; the users list names them.
    const mine = (await a.pending(clerk, office)).find((request) => request.id === id)!;
    expect(mine.canDecide).toBe(false);
    const { body: people } = await a.call('getBusinessApprovalUsers', ioana, {}, office);
    expect(people.users).toContainEqual({
      id: clerkId,
      email: DEMO_CLERK_EMAIL,
      name: 'Clara Quinn',
    });
    const { body: byClerk } = await a.call(
      'getBusinessApprovals',
      ioana,
      { pageNumber: 1, pageSize: 50, createdBy: clerkId },
      office,
    );
    expect(byClerk.requests.every((request) => request.createdByUserId === clerkId)).toBe(true);
    const { body: byNobody } = await a.call(
      'getBusinessApprovals',
      ioana,
      { pageNumber: 1, pageSize: 50, createdBy: ioanaId },
      office,
    );
    expect(byNobody.total).toBe(0);
    const counts = await a.call('getBusinessApprovalNotificationCounts', ioana, {}, office);
    expect(counts.body.pending).toBeGreaterThanOrEqual(1);
    // A page is at most 50 (spec 2 §9).
    const tooBig = await server.send(
      'getBusinessApprovals',
      { pageNumber: 1, pageSize: 51 },
      { token: ioana, fromCustomerId: office },
    );
    expect(tooBig.status).toBe(400);
  });
});

describe('the approver proves it with their own code', () => {
  it('moves nothing on a wrong code, settles once on the right one, and refuses the code again', async () => {
    const id = await requestOwnTransfer('25');
    const eur = await f.accountIn(ioana, 'EUR', { fromCustomerId: office });
    const before = await f.row(eur.accountId);
    const postings = await f.postingCount();
    const started = await a.start(ioana, [id], office);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    // ioana's customer confirms nothing: an approver still gets an e-mailed approval code.
    expect(started.body).toMatchObject({ approveType: 4, transactionIds: [id], declined: false });
    const [sent] = await f
      .db()
      .select()
      .from(outbox)
      .where(eq(outbox.userId, ioanaId))
      .orderBy(desc(outbox.id))
      .limit(1);
    // The code names the amount and the payee (dynamic linking).
    expect(sent!.body).toMatch(/GBP/);
    expect(sent!.body).toMatch(/EUR/);
    const code = await a.lastCode(ioanaId);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await server.send(
      'businessConfirm',
      { approvalTransactionId: started.body.approvalTransactionId, code: wrong },
      { token: ioana, fromCustomerId: office },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.validationErrors).toEqual({ code: 'validation.codeWrong' });
    expect(await f.postingCount()).toBe(postings);
    expect((await requestRow(id)).status).toBe('pending');

    // Someone else's e-mail in fromEmail: as if the operation did not exist.
    const otherEmail = await server.send(
      'businessConfirm',
      {
        approvalTransactionId: started.body.approvalTransactionId,
        code,
        fromEmail: DEMO_CLERK_EMAIL,
      },
      { token: ioana, fromCustomerId: office },
    );
    expect(otherEmail.status).toBe(404);

    const confirmed = await a.call(
      'businessConfirm',
      ioana,
      { approvalTransactionId: started.body.approvalTransactionId, code },
      office,
    );
    expect(confirmed.body.results).toEqual([
      { id, status: 'approved', transactionId: expect.any(String), message: null },
    ]);
    expect(new Money((await f.row(eur.accountId)).balance).minus(before.balance).toFixed(2)).toBe(
      '25.00',
    );
    const [transfer] = await f
      .db()
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.id, confirmed.body.results[0]!.transactionId!));
    expect(transfer).toMatchObject({
      status: 'settled',
      approvedByUserId: ioanaId,
      initiatedByUserId: clerkId,
    });
    const afterApproval = await f.postingCount();

    // The same code again: refused, nothing moves twice.
    const reused = await server.send(
      'businessConfirm',
      { approvalTransactionId: started.body.approvalTransactionId, code },
      { token: ioana, fromCustomerId: office },
    );
    expect(reused.status).toBe(400);
    expect(reused.body.validationErrors).toEqual({
      approvalTransactionId: 'validation.codeUsed',
    });
    expect(await f.postingCount()).toBe(afterApproval);

    // The initiator is told by e-mail; every step is audited.
    const [told] = await f
      .db()
      .select()
      .from(outbox)
      .where(eq(outbox.userId, clerkId))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(told).toMatchObject({ channel: 'email', subject: 'Your payment request was approved' });
    expect(await auditActions(id)).toEqual(['approval.created', 'approval.approved']);
    const [requested] = await f
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'approval.codeRequested'), eq(auditLog.userId, ioanaId)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(requested!.details).toMatchObject({ ids: [id], declined: false, approveType: 4 });
  });

  it('a code for another request approves nothing; approveTransfer takes the code of its own request', async () => {
    const first = await requestOwnTransfer('3');
    const second = await requestOwnTransfer('4');
    const postings = await f.postingCount();
    const forFirst = await a.call('requestApprovalCode', ioana, { trxid: first }, office);
    expect(forFirst.status).toBe(200);
    const firstCode = await a.lastCode(ioanaId);
    const forSecond = await a.call('requestApprovalCode', ioana, { trxid: second }, office);
    const secondCode = await a.lastCode(ioanaId);
    expect(secondCode).not.toBe(firstCode);
    const crossed = await server.send(
      'approveTransfer',
      { trxid: second, approvalCode: firstCode },
      { token: ioana, fromCustomerId: office },
    );
    expect(crossed.status).toBe(400);
    expect(crossed.body.validationErrors).toEqual({ code: 'validation.codeWrong' });
    // Asking for the second replaced the first decision: its code is dead.
    const replaced = await server.send(
      'businessConfirm',
      { approvalTransactionId: forFirst.body.approvalTransactionId, code: firstCode },
      { token: ioana, fromCustomerId: office },
    );
    expect(replaced.status).toBe(400);
    expect(await f.postingCount()).toBe(postings);
    expect(forSecond.body.transactionIds).toEqual([second]);
    const approved = await a.call(
      'approveTransfer',
      ioana,
      { trxid: second, approvalCode: secondCode },
      office,
    );
    expect(approved.body.results[0]).toMatchObject({ id: second, status: 'approved' });
    expect((await requestRow(first)).status).toBe('pending');
  });

  it('resends a new code (the old one stops working) up to the resend limit', async () => {
    const id = await requestOwnTransfer('2');
    const started = await a.start(ioana, [id], office);
    const oldCode = await a.lastCode(ioanaId);
    const operation = { approvalTransactionId: started.body.approvalTransactionId };
    for (let index = 0; index < 3; index += 1) {
      const resent = await a.call('generateApprovalCode', ioana, operation, office);
      expect(resent.body).toMatchObject({ sent: true, approvalSentTo: expect.any(String) });
    }
    const tooMany = await server.send('generateApprovalCode', operation, {
      token: ioana,
      fromCustomerId: office,
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.validationErrors).toEqual({
      approvalTransactionId: 'validation.tooManyCodes',
    });
    const newCode = await a.lastCode(ioanaId);
    if (newCode !== oldCode) {
      const stale = await server.send(
        'businessConfirm',
        { ...operation, code: oldCode },
        { token: ioana, fromCustomerId: office },
      );
      expect(stale.status).toBe(400);
    }
    const done = await a.call('businessConfirm', ioana, { ...operation, code: newCode }, office);
    expect(done.body.results[0]).toMatchObject({ status: 'approved' });
  });
});

describe('who may decide', () => {
  it('refuses the initiator, even with full access granted later, and another company’s user', async () => {
    const id = await requestOwnTransfer('5');
    const postings = await f.postingCount();
    const byClerk = await server.send(
      'businessApprovalsApprove',
      { transactionIds: [id], declined: false },
      { token: clerk, fromCustomerId: office },
    );
    expect(byClerk.status).toBe(403);
    await f
      .db()
      .update(customerAccess)
      .set({ accessRight: 2 })
      .where(and(eq(customerAccess.userId, clerkId), eq(customerAccess.customerId, office)));
    try {
      const self = await server.send(
        'businessApprovalsApprove',
        { transactionIds: [id], declined: false },
        { token: clerk, fromCustomerId: office },
      );
      expect(self.status).toBe(400);
      expect(self.body.validationErrors).toEqual({
        transactionIds: 'validation.ownApprovalRequest',
      });
    } finally {
      await f
        .db()
        .update(customerAccess)
        .set({ accessRight: 3 })
        .where(and(eq(customerAccess.userId, clerkId), eq(customerAccess.customerId, office)));
    }
    // Another customer's user: the ids do not exist for them, and no code is sent.
    const sentBefore = await f.db().select({ id: outbox.id }).from(outbox);
    const stranger = await server.send(
      'businessApprovalsApprove',
      { transactionIds: [id], declined: false },
      { token: personal },
    );
    expect(stranger.status).toBe(404);
    const strangerTrx = await server.send(
      'requestApprovalCode',
      { trxid: id },
      { token: personal },
    );
    expect(strangerTrx.status).toBe(404);
    expect((await f.db().select({ id: outbox.id }).from(outbox)).length).toBe(sentBefore.length);
    // Bad input: the envelope, nothing changes.
    const bad = await server.send(
      'businessApprovalsApprove',
      { transactionIds: [], declined: 'yes' },
      { token: ioana, fromCustomerId: office },
    );
    expect(bad.status).toBe(400);
    expect(await f.postingCount()).toBe(postings);
    expect((await requestRow(id)).status).toBe('pending');
  });

  it('a decline needs a reason, moves nothing, and the initiator sees the reason', async () => {
    const id = await requestOwnTransfer('6');
    const postings = await f.postingCount();
    const noReason = await server.send(
      'businessApprovalsApprove',
      { transactionIds: [id], declined: true },
      { token: ioana, fromCustomerId: office },
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.validationErrors).toEqual({ reason: 'validation.required' });
    const declined = await a.decide(ioana, ioanaId, [id], office, {
      declined: true,
      reason: 'Wrong supplier account',
    });
    expect(declined.body.results[0]).toMatchObject({ id, status: 'declined' });
    expect(await f.postingCount()).toBe(postings);
    const { body } = await a.call(
      'getBusinessApprovals',
      clerk,
      { pageNumber: 1, pageSize: 50, status: 'declined' },
      office,
    );
    expect(body.requests.find((item) => item.id === id)).toMatchObject({
      declineReason: 'Wrong supplier account',
      decidedBy: 'ioana@harbourlight.example',
    });
    const [told] = await f
      .db()
      .select()
      .from(outbox)
      .where(eq(outbox.userId, clerkId))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(told!.body).toContain('Wrong supplier account');
    expect(await auditActions(id)).toEqual(['approval.created', 'approval.declined']);
  });

  it('a request whose money is no longer there is refused cleanly and stays pending', async () => {
    const id = await requestOwnTransfer('7');
    const gbp = await f.accountIn(ioana, 'GBP', { fromCustomerId: office });
    const postings = await f.postingCount();
    await f
      .db()
      .update(accounts)
      .set({ accountBalanceMin: '1000000' })
      .where(eq(accounts.id, gbp.accountId));
    try {
      const tried = await a.decide(ioana, ioanaId, [id], office);
      expect(tried.status).toBe(200);
      expect(tried.body.results[0]).toMatchObject({
        id,
        status: 'failed',
        message: expect.any(String),
      });
      expect(await f.postingCount()).toBe(postings);
      expect((await requestRow(id)).status).toBe('pending');
    } finally {
      await f
        .db()
        .update(accounts)
        .set({ accountBalanceMin: '0' })
        .where(eq(accounts.id, gbp.accountId));
    }
    // Nothing was recorded for the failed try: the same approver can approve once the money is there.
    const again = await a.decide(ioana, ioanaId, [id], office);
    expect(again.body.results[0]).toMatchObject({ id, status: 'approved' });
    expect(await auditActions(id)).toEqual([
      'approval.created',
      'approval.failed',
      'approval.approved',
    ]);
  });
});

describe('approval policy', () => {
  it('a large request needs two approvers: the first approval moves nothing, the second executes once', async () => {
    const { body: policy } = await a.call('getApprovalPolicy', ioana, {}, office);
    expect(policy).toMatchObject({
      policy: { currencyCode: 'GBP', rules: [{ aboveAmount: '1000', approvals: 2 }] },
      approvers: 3,
      canEdit: true,
    });
    const id = await requestOwnTransfer('1500');
    expect((await requestRow(id)).requiredApprovals).toBe(2);
    const eur = await f.accountIn(ioana, 'EUR', { fromCustomerId: office });
    const before = await f.row(eur.accountId);
    const postings = await f.postingCount();

    const first = await a.decide(ioana, ioanaId, [id], office);
    expect(first.body.results[0]).toMatchObject({ id, status: 'awaiting' });
    expect(await f.postingCount()).toBe(postings);
    const listed = (await a.pending(ioana, office)).find((item) => item.id === id)!;
    expect(listed).toMatchObject({ canDecide: false, requiredApprovals: 2 });
    expect(listed.approvals.map((item) => item.by)).toEqual(['ioana@harbourlight.example']);
    // Each approver counts once: ioana cannot give the second approval.
    const twice = await server.send(
      'businessApprovalsApprove',
      { transactionIds: [id], declined: false },
      { token: ioana, fromCustomerId: office },
    );
    expect(twice.status).toBe(400);
    expect(twice.body.validationErrors).toEqual({ transactionIds: 'validation.alreadyApproved' });
    const waiting = await a.call('getBusinessApprovalNotificationCounts', approver, {}, office);
    expect(waiting.body.pending).toBeGreaterThanOrEqual(1);

    const second = await a.decide(approver, approverId, [id], office);
    expect(second.body.results[0]).toMatchObject({ id, status: 'approved' });
    expect(new Money((await f.row(eur.accountId)).balance).minus(before.balance).toFixed(2)).toBe(
      '1500.00',
    );
    const transfers = await f
      .db()
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, `approval-${id}`));
    expect(transfers).toHaveLength(1);
    expect(await auditActions(id)).toEqual([
      'approval.created',
      'approval.approvalRecorded',
      'approval.approved',
    ]);
  });

  it('only full access changes the policy, never beyond the company’s approvers, and it is audited', async () => {
    const byClerk = await server.send(
      'setApprovalPolicy',
      { currencyCode: 'GBP', rules: [] },
      { token: clerk, fromCustomerId: office },
    );
    expect(byClerk.status).toBe(403);
    const tooMany = await server.send(
      'setApprovalPolicy',
      { currencyCode: 'GBP', rules: [{ aboveAmount: '10', approvals: 4 }] },
      { token: ioana, fromCustomerId: office },
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.validationErrors).toEqual({
      'rules.0.approvals': 'validation.tooManyApprovers',
    });
    const set = await a.call(
      'setApprovalPolicy',
      ioana,
      {
        currencyCode: 'GBP',
        rules: [
          { aboveAmount: '5000', approvals: 3 },
          { aboveAmount: '1000', approvals: 2 },
        ],
      },
      office,
    );
    expect(set.body.policy.rules).toEqual([
      { aboveAmount: '1000', approvals: 2 },
      { aboveAmount: '5000', approvals: 3 },
    ]);
    const [changed] = await f
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'approval.policyChanged'), eq(auditLog.customerId, office)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(changed).toMatchObject({ userId: ioanaId });
    await a.call(
      'setApprovalPolicy',
      ioana,
      { currencyCode: 'GBP', rules: [{ aboveAmount: '1000', approvals: 2 }] },
      office,
    );
  });
});

describe('concurrency', () => {
  it('two approvers confirming at once execute the request once', async () => {
    const id = await requestOwnTransfer('8');
    const byIoana = await a.start(ioana, [id], office);
    const ioanaCode = await a.lastCode(ioanaId);
    const byApprover = await a.start(approver, [id], office);
    const approverCode = await a.lastCode(approverId);
    const [one, two] = await Promise.all([
      a.call(
        'businessConfirm',
        ioana,
        { approvalTransactionId: byIoana.body.approvalTransactionId, code: ioanaCode },
        office,
      ),
      a.call(
        'businessConfirm',
        approver,
        { approvalTransactionId: byApprover.body.approvalTransactionId, code: approverCode },
        office,
      ),
    ]);
    const statuses = [one.body.results[0]!.status, two.body.results[0]!.status].sort();
    expect(statuses).toEqual(['approved', 'failed']);
    const transfers = await f
      .db()
      .select()
      .from(ledgerTransfers)
      .where(inArray(ledgerTransfers.idempotencyKey, [`approval-${id}`]));
    expect(transfers).toHaveLength(1);
  });
});
