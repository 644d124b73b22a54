import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, desc, eq } from 'drizzle-orm';
import type { IdvCallback, RealtimeEvent } from '@ledgerline/contract';
import { accountStatusBanner, type VerificationInput } from '@ledgerline/domain';
import {
  auditLog,
  customerIdentities,
  customerVerification,
  identityCallbackEvents,
  identityWorkflowImages,
  identityWorkflowRuns,
  users,
} from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/helper';
import { HOSTILE_IDS, jsonText } from '../../../test/hostile';
import { decideIdentity, listIdentityResultsAwaitingReview } from './index';
import { signCallback } from './signature';

const JMO_SECRET = 'jmo-test-secret-0123456789abcdefghijklmnop';
const NFD_SECRET = 'nfd-test-secret-0123456789abcdefghijklmnop';
const FIXTURES = new URL('../../../../../e2e/fixtures/identity/', import.meta.url);
const fixture = (name: string) => readFile(new URL(name, FIXTURES));

let server: TestServer;
const published: { userId: number; event: RealtimeEvent }[] = [];
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer({ KYC_JMO_SECRET: JMO_SECRET, KYC_NFD_SECRET: NFD_SECRET });
  const publish = server.services.realtime.publish.bind(server.services.realtime);
  server.services.realtime.publish = async (userId, event) => {
    published.push({ userId, event });
    await publish(userId, event);
  };
}, 240_000);
afterAll(async () => {
  await server.close();
});

async function userOf(email: string): Promise<{ userId: number; customerId: number }> {
  const [user] = await db()
    .select({ userId: users.id, customerId: users.customerId })
    .from(users)
    .where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return user;
}

/** Clears what earlier tests recorded, so each test starts from "no identity under review". */
async function withoutOpenIdentity(customerId: number): Promise<void> {
  await db()
    .update(customerIdentities)
    .set({ status: 'canceled' })
    .where(eq(customerIdentities.customerId, customerId));
}

function inject(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  init: { token?: string; payload?: unknown; headers?: Record<string, string> } = {},
) {
  return server.app.inject({
    method,
    url,
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    ...(init.payload === undefined ? {} : { payload: init.payload as string }),
  });
}

interface Started {
  workflowRunId: number;
  provider: string;
  kind: string;
  url: string;
}

async function start(token: string, body: object = {}): Promise<Started> {
  const answer = await inject('POST', '/api/identity-verification', { token, payload: body });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Started>();
}

/** The run's API base from its page path (/identity-verification/{id}/{token} or /video-identity-job/{token}). */
function apiOf(started: Started): string {
  const parts = started.url.split('/');
  return started.kind === 'video'
    ? `/api/identity-verification/provider/video-jobs/${parts[2]}`
    : `/api/identity-verification/provider/runs/${parts[2]}/${parts[3]}`;
}

async function upload(
  base: string,
  step: string,
  fileName: string,
  bytes: Buffer,
  type = 'image/jpeg',
) {
  return inject('PUT', `${base}/images/${step}?fileName=${encodeURIComponent(fileName)}`, {
    payload: bytes as unknown as string,
    headers: { 'content-type': type },
  });
}

async function completeDocumentCheck(
  started: Started,
  names: { front?: string; back?: string; selfie?: string } = {},
) {
  const base = apiOf(started);
  const front = names.front ?? 'passport-front.jpg';
  expect((await upload(base, 'front', front, await fixture('passport-front.jpg'))).statusCode).toBe(
    200,
  );
  if (started.kind === 'document')
    expect(
      (
        await upload(
          base,
          'back',
          names.back ?? 'passport-back.jpg',
          await fixture('passport-back.jpg'),
        )
      ).statusCode,
    ).toBe(200);
  const selfie = names.selfie ?? 'selfie.png';
  expect(
    (await upload(base, 'selfie', selfie, await fixture('selfie.png'), 'image/png')).statusCode,
  ).toBe(200);
  const submitted = await inject('POST', `${base}/submit`);
  expect(submitted.statusCode, submitted.body).toBe(200);
  return submitted.json<{ state: string; outcome: string | null; reason: string | null }>();
}

async function latestIdentity(customerId: number) {
  const [identity] = await db()
    .select()
    .from(customerIdentities)
    .where(eq(customerIdentities.customerId, customerId))
    .orderBy(desc(customerIdentities.id))
    .limit(1);
  return identity;
}

async function verificationOf(customerId: number) {
  const [row] = await db()
    .select()
    .from(customerVerification)
    .where(eq(customerVerification.customerId, customerId));
  return row;
}

/** A count of the rows a refused callback must leave alone. */
async function snapshot() {
  const [identities] = await db().select({ n: count() }).from(customerIdentities);
  const [events] = await db().select({ n: count() }).from(identityCallbackEvents);
  const runs = await db().select().from(identityWorkflowRuns).orderBy(identityWorkflowRuns.id);
  const verification = await db()
    .select()
    .from(customerVerification)
    .orderBy(customerVerification.customerId);
  return { identities: identities?.n, events: events?.n, runs, verification };
}

function signed(callback: IdvCallback, secret = JMO_SECRET, at = new Date()) {
  const body = JSON.stringify(callback);
  const timestamp = String(Math.floor(at.getTime() / 1000));
  return {
    payload: body,
    headers: {
      'content-type': 'application/json',
      'x-idv-timestamp': timestamp,
      'x-idv-signature': signCallback(secret, timestamp, body),
    },
  };
}

/** A run that waits for the provider's answer: its pictures are in, the callback is not. */
async function submittedRun(email: string): Promise<number> {
  const { customerId, userId } = await userOf(email);
  await withoutOpenIdentity(customerId);
  const [run] = await db()
    .insert(identityWorkflowRuns)
    .values({
      customerId,
      userId,
      provider: 'jmo',
      kind: 'document',
      tokenHash: randomUUID().replaceAll('-', '').padEnd(64, '0'),
      state: 'submitted',
      expiresAt: new Date(Date.now() + 60_000),
    })
    .returning();
  if (!run) throw new Error('no run');
  return run.id;
}

const accepted = (workflowRunId: number): IdvCallback => ({
  eventId: randomUUID(),
  workflowRunId,
  outcome: 'accepted',
  reason: null,
  document: { typeId: 1, number: 'X1234567', issuedDate: '2024-01-02', expiresDate: '2034-01-01' },
});

describe('starting an identity check', () => {
  it('starts a check with the brand provider and a link whose token is stored only hashed', async () => {
    const token = await server.signIn('kyc@ledgerline.test');
    const { customerId } = await userOf('kyc@ledgerline.test');
    await withoutOpenIdentity(customerId);
    const started = await start(token);
    expect(started).toMatchObject({ provider: 'jmo', kind: 'document' });
    expect(started.url).toMatch(/^\/identity-verification\/\d+\/[A-Za-z0-9_-]{43}$/);
    const linkToken = started.url.split('/')[3] ?? '';
    const [run] = await db()
      .select()
      .from(identityWorkflowRuns)
      .where(eq(identityWorkflowRuns.id, started.workflowRunId));
    expect(run).toMatchObject({ customerId, state: 'started', provider: 'jmo' });
    expect(run?.tokenHash).not.toContain(linkToken);
    const session = await inject('GET', apiOf(started));
    expect(session.json()).toMatchObject({ state: 'started', brandId: 'pebble', received: [] });
  });

  it('uses nfd for a Northmere customer and POST /customers/{id}/identity-verification for the own id', async () => {
    const token = await server.signIn('tomas@northmere.example');
    const { customerId } = await userOf('tomas@northmere.example');
    await withoutOpenIdentity(customerId);
    const answer = await inject('POST', `/api/customers/${customerId}/identity-verification`, {
      token,
      payload: { kind: 'video' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ provider: 'nfd', kind: 'video' });
    expect(answer.json<Started>().url).toMatch(/^\/video-identity-job\/[A-Za-z0-9_-]{43}$/);
  });

  it('refuses to start for another customer, by id or fromCustomerId, and stores nothing', async () => {
    const token = await server.signIn('kyc@ledgerline.test');
    const other = await userOf('anna@pebble.example');
    const before = await db().select({ n: count() }).from(identityWorkflowRuns);
    const byPath = await inject(
      'POST',
      `/api/customers/${other.customerId}/identity-verification`,
      {
        token,
        payload: {},
      },
    );
    const byBody = await inject('POST', '/api/identity-verification', {
      token,
      payload: { fromCustomerId: other.customerId },
    });
    expect(byPath.statusCode).toBe(403);
    expect(byBody.statusCode).toBe(403);
    expect(byPath.json()).toMatchObject({ responseCode: 'ENOA' });
    expect(await db().select({ n: count() }).from(identityWorkflowRuns)).toEqual(before);
  });

  it('refuses a second check while the identity is verified', async () => {
    const token = await server.signIn('personal@ledgerline.test');
    const answer = await inject('POST', '/api/identity-verification', { token, payload: {} });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ responseCode: 'VF' });
  });

  it('needs a session', async () => {
    const answer = await inject('POST', '/api/identity-verification', { payload: {} });
    expect(answer.statusCode).toBe(401);
  });
});

describe('the provider page', () => {
  it('refuses a wrong token, another run id with the right token and an unknown run alike', async () => {
    const token = await server.signIn('unverified@ledgerline.test');
    const started = await start(token);
    const [, , id, linkToken] = started.url.split('/');
    const wrongToken = await inject(
      'GET',
      `/api/identity-verification/provider/runs/${id}/${'A'.repeat(43)}`,
    );
    const otherId = await inject(
      'GET',
      `/api/identity-verification/provider/runs/${Number(id) + 1000}/${linkToken}`,
    );
    const asVideo = await inject(
      'GET',
      `/api/identity-verification/provider/video-jobs/${linkToken}`,
    );
    for (const answer of [wrongToken, otherId, asVideo]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ responseCode: 'ENOA' });
    }
  });

  it('takes JPEG, PNG and HEIC by content and refuses anything else, storing nothing', async () => {
    const token = await server.signIn('unverified@ledgerline.test');
    const started = await start(token);
    const base = apiOf(started);
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic'),
      Buffer.alloc(16),
    ]);
    expect((await upload(base, 'back', 'back.heic', heic, 'image/heic')).json()).toMatchObject({
      contentType: 'image/heic',
    });
    // A PNG sent as image/jpeg is kept as what it is.
    expect(
      (await upload(base, 'selfie', 'me.jpg', await fixture('selfie.png'))).json(),
    ).toMatchObject({
      contentType: 'image/png',
    });
    const text = await upload(base, 'front', 'passport.jpg', await fixture('not-an-image.jpg'));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { file: 'identityVerification.imageType' },
    });
    const pdf = await upload(
      base,
      'front',
      'passport.jpg',
      Buffer.from('%PDF-1.7\n'),
      'application/octet-stream',
    );
    expect(pdf.statusCode).toBe(400);
    const tooLarge = Buffer.alloc(10 * 1024 * 1024 + 1, 0xff);
    const large = await upload(base, 'front', 'big.jpg', tooLarge);
    expect(large.statusCode).toBe(413);
    const images = await db()
      .select({ step: identityWorkflowImages.step })
      .from(identityWorkflowImages)
      .where(eq(identityWorkflowImages.runId, started.workflowRunId));
    expect(images.map((image) => image.step).sort()).toEqual(['back', 'selfie']);
  });

  it('refuses to submit while a picture is missing', async () => {
    const token = await server.signIn('unverified@ledgerline.test');
    const started = await start(token);
    const base = apiOf(started);
    await upload(base, 'front', 'passport-front.jpg', await fixture('passport-front.jpg'));
    const answer = await inject('POST', `${base}/submit`);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      validationErrors: {
        back: 'identityVerification.imageMissing',
        selfie: 'identityVerification.imageMissing',
      },
    });
  });

  it('refuses a link after its hour and reports the check expired', async () => {
    const token = await server.signIn('unverified@ledgerline.test');
    const started = await start(token);
    await db()
      .update(identityWorkflowRuns)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(identityWorkflowRuns.id, started.workflowRunId));
    expect((await inject('GET', apiOf(started))).statusCode).toBe(404);
    const status = await inject('GET', '/api/identity-verification', { token });
    expect(status.json()).toMatchObject({
      latestRun: { workflowRunId: started.workflowRunId, state: 'expired' },
    });
  });

  it('expires the earlier link when a new check starts', async () => {
    const token = await server.signIn('unverified@ledgerline.test');
    const first = await start(token);
    await start(token);
    expect((await inject('GET', apiOf(first))).statusCode).toBe(404);
  });
});

describe('the simulated provider decides and calls back', () => {
  it('accepts ordinary pictures: the identity waits for compliance and the banner says verification processing', async () => {
    const token = await server.signIn('kyc@ledgerline.test');
    const { customerId, userId } = await userOf('kyc@ledgerline.test');
    await withoutOpenIdentity(customerId);
    const started = await start(token);
    const result = await completeDocumentCheck(started);
    expect(result).toMatchObject({ state: 'completed', outcome: 'accepted', reason: null });
    expect(await latestIdentity(customerId)).toMatchObject({
      status: 'pending',
      rejectReason: null,
    });
    expect(await verificationOf(customerId)).toMatchObject({ verificationInProgress: true });
    expect(published).toContainEqual({
      userId,
      event: {
        type: 'IdentityVerificationChanged',
        payload: { workflowRunId: started.workflowRunId, outcome: 'accepted' },
      },
    });
    const status = await inject('GET', '/api/identity-verification', { token });
    expect(status.json()).toMatchObject({
      identity: { status: 'pending' },
      verificationInProgress: true,
      latestRun: { workflowRunId: started.workflowRunId, state: 'completed', outcome: 'accepted' },
    });
    const info = await server.call('getVerificationInfo', {}, { token });
    expect(accountStatusBanner(info.body as unknown as VerificationInput).state).toBe(
      'verificationProcessing',
    );
    // The submitted link is finished: no more pictures.
    const again = await upload(
      apiOf(started),
      'front',
      'x.jpg',
      await fixture('passport-front.jpg'),
    );
    expect(again.statusCode).toBe(409);
  });

  it('refuses a document picture named reject-* with the reason', async () => {
    const token = await server.signIn('kyc@ledgerline.test');
    const { customerId } = await userOf('kyc@ledgerline.test');
    await withoutOpenIdentity(customerId);
    const result = await completeDocumentCheck(await start(token), {
      front: 'reject-passport-front.jpg',
    });
    expect(result).toMatchObject({ outcome: 'rejected', reason: 'documentUnreadable' });
    expect(await latestIdentity(customerId)).toMatchObject({
      status: 'rejected',
      rejectReason: 'documentUnreadable',
    });
    expect(await verificationOf(customerId)).toMatchObject({ verificationInProgress: false });
  });

  it('refuses a selfie named reject-* as not matching the document', async () => {
    const token = await server.signIn('kyc@ledgerline.test');
    const { customerId } = await userOf('kyc@ledgerline.test');
    await withoutOpenIdentity(customerId);
    const result = await completeDocumentCheck(await start(token), { selfie: 'reject-me.png' });
    expect(result).toMatchObject({ outcome: 'rejected', reason: 'selfieNotMatching' });
  });

  it('records a name mismatch for a picture named mismatch-*', async () => {
    const token = await server.signIn('kyc@ledgerline.test');
    const { customerId } = await userOf('kyc@ledgerline.test');
    await withoutOpenIdentity(customerId);
    const result = await completeDocumentCheck(await start(token), {
      selfie: 'mismatch-selfie.png',
    });
    expect(result).toMatchObject({ outcome: 'nameMismatch', reason: 'nameMismatch' });
    expect(await latestIdentity(customerId)).toMatchObject({ status: 'nameMismatch' });
  });

  it('records a video identification in the video identity status', async () => {
    const token = await server.signIn('tomas@northmere.example');
    const { customerId } = await userOf('tomas@northmere.example');
    await withoutOpenIdentity(customerId);
    const started = await start(token, { kind: 'video' });
    const result = await completeDocumentCheck(started, { front: 'reject-id.jpg' });
    expect(result).toMatchObject({ outcome: 'rejected' });
    expect(await verificationOf(customerId)).toMatchObject({ videoIdentityStatus: 'rejected' });
  });
});

describe('the provider callback', () => {
  it('records a correctly signed callback once and refuses its replay, changing nothing', async () => {
    const runId = await submittedRun('new@thistle.example');
    const callback = accepted(runId);
    const first = await inject(
      'POST',
      '/api/identity-verification/callbacks/jmo',
      signed(callback),
    );
    expect(first.statusCode, first.body).toBe(200);
    const before = await snapshot();
    const replay = await inject(
      'POST',
      '/api/identity-verification/callbacks/jmo',
      signed(callback),
    );
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toMatchObject({ responseCode: 'VF' });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a spent event id even for another run waiting for its answer', async () => {
    const first = await submittedRun('new@thistle.example');
    const callback = accepted(first);
    expect(
      (await inject('POST', '/api/identity-verification/callbacks/jmo', signed(callback)))
        .statusCode,
    ).toBe(200);
    const second = await submittedRun('new@thistle.example');
    const before = await snapshot();
    const reused = await inject(
      'POST',
      '/api/identity-verification/callbacks/jmo',
      signed({ ...callback, workflowRunId: second }),
    );
    expect(reused.statusCode).toBe(409);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a bad signature, another provider secret, a stale timestamp and no signature, changing nothing', async () => {
    const runId = await submittedRun('new@thistle.example');
    const before = await snapshot();
    const callback = accepted(runId);
    const tampered = signed(callback);
    tampered.payload = JSON.stringify({
      ...callback,
      outcome: 'accepted',
      workflowRunId: runId,
      eventId: randomUUID(),
    });
    const attempts = [
      tampered,
      signed(callback, NFD_SECRET),
      signed(callback, JMO_SECRET, new Date(Date.now() - 10 * 60 * 1000)),
      { payload: JSON.stringify(callback), headers: { 'content-type': 'application/json' } },
    ];
    for (const attempt of attempts) {
      const answer = await inject('POST', '/api/identity-verification/callbacks/jmo', attempt);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ responseCode: 'AU' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an unknown workflow, another provider run and a run not waiting, changing nothing', async () => {
    const runId = await submittedRun('new@thistle.example');
    const before = await snapshot();
    const unknown = await inject(
      'POST',
      '/api/identity-verification/callbacks/jmo',
      signed(accepted(2_000_000_000)),
    );
    expect(unknown.statusCode).toBe(404);
    const wrongProvider = await inject(
      'POST',
      '/api/identity-verification/callbacks/nfd',
      signed(accepted(runId), NFD_SECRET),
    );
    expect(wrongProvider.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    expect(
      (await inject('POST', '/api/identity-verification/callbacks/jmo', signed(accepted(runId))))
        .statusCode,
    ).toBe(200);
    const after = await snapshot();
    const late = await inject(
      'POST',
      '/api/identity-verification/callbacks/jmo',
      signed(accepted(runId)),
    );
    expect(late.statusCode).toBe(409);
    expect(await snapshot()).toEqual(after);
  });

  it('refuses a signed body that is not a valid callback, changing nothing', async () => {
    const before = await snapshot();
    const answer = await inject(
      'POST',
      '/api/identity-verification/callbacks/jmo',
      signed({ eventId: 'x', workflowRunId: -1 } as unknown as IdvCallback),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ responseCode: 'TA1' });
    expect(await snapshot()).toEqual(before);
  });
});

describe('what the compliance desk gets', () => {
  it('lists accepted results oldest first and applies a decision once', async () => {
    const runId = await submittedRun('new@thistle.example');
    const { customerId } = await userOf('new@thistle.example');
    await inject('POST', '/api/identity-verification/callbacks/jmo', signed(accepted(runId)));
    const queue = await listIdentityResultsAwaitingReview(db(), { brandId: 'thistle' });
    const item = queue.find((entry) => entry.workflowRunId === runId);
    expect(item).toMatchObject({ customerId, brandId: 'thistle', provider: 'jmo' });
    const times = queue.map((entry) => entry.receivedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(
      await listIdentityResultsAwaitingReview(db(), { brandId: 'northmere' }),
    ).not.toContainEqual(expect.objectContaining({ workflowRunId: runId }));
    await db().transaction((tx) => decideIdentity(tx, item?.identityId ?? 0, 'validated', null));
    expect(await latestIdentity(customerId)).toMatchObject({ status: 'validated' });
    expect(await verificationOf(customerId)).toMatchObject({ verificationInProgress: false });
    await expect(
      db().transaction((tx) => decideIdentity(tx, item?.identityId ?? 0, 'rejected', 'late')),
    ).rejects.toMatchObject({ httpStatus: 409 });
    expect(await latestIdentity(customerId)).toMatchObject({ status: 'validated' });
  });

  it('audits the start and the provider result', async () => {
    const rows = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.action, 'identityVerification.result'));
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe('hostile input', () => {
  it('answers no 500 to hostile ids, tokens, file names and signed callback fields', async () => {
    const token = await server.signIn('unverified@ledgerline.test');
    const started = await start(token);
    const base = apiOf(started);
    const statuses: number[] = [];
    for (const id of HOSTILE_IDS) {
      const text = encodeURIComponent(String(id).replace('§raw§', ''));
      statuses.push(
        (
          await inject('POST', `/api/customers/${text}/identity-verification`, {
            token,
            payload: {},
          })
        ).statusCode,
        (await inject('GET', `/api/identity-verification/provider/runs/${text}/${'A'.repeat(43)}`))
          .statusCode,
      );
      const body = jsonText({ ...accepted(1), workflowRunId: id });
      const timestamp = String(Math.floor(Date.now() / 1000));
      statuses.push(
        (
          await inject('POST', '/api/identity-verification/callbacks/jmo', {
            payload: body,
            headers: {
              'content-type': 'application/json',
              'x-idv-timestamp': timestamp,
              'x-idv-signature': signCallback(JMO_SECRET, timestamp, body),
            },
          })
        ).statusCode,
      );
      statuses.push(
        (
          await inject('POST', '/api/identity-verification', {
            token,
            payload: jsonText({ fromCustomerId: id }),
            headers: { 'content-type': 'application/json' },
          })
        ).statusCode,
      );
    }
    for (const name of ['../../etc/passwd', 'x'.repeat(201), '%00.jpg', '']) {
      statuses.push(
        (await upload(base, 'front', name, await fixture('passport-front.jpg'))).statusCode,
      );
    }
    statuses.push(
      (await inject('GET', `/api/identity-verification/provider/video-jobs/${'%'.repeat(3)}`))
        .statusCode,
      (await inject('POST', '/api/identity-verification/callbacks/other', signed(accepted(1))))
        .statusCode,
    );
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
  });
});
