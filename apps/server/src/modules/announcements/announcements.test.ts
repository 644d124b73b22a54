import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Announcement, MainRequest } from '@ledgerline/contract';
import { LANGUAGES } from '@ledgerline/domain';
import {
  announcementReads,
  announcementTexts,
  announcements,
  customers,
  users,
} from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/helper';

let server: TestServer;
let personal: string;
let tomas: string;
let personalCustomerId: number;
/** The announcements the demo seed made (before this file adds its own). */
let seededIds: number[];

beforeAll(async () => {
  server = await startTestServer();
  [personal, tomas] = await Promise.all([
    server.signIn('personal@ledgerline.test'),
    server.signIn('tomas@northmere.example'),
  ]);
  const [row] = await server.database.db
    .select({ customerId: users.customerId })
    .from(users)
    .where(eq(users.email, 'personal@ledgerline.test'));
  personalCustomerId = row!.customerId;
  seededIds = (await server.database.db.select({ id: announcements.id }).from(announcements)).map(
    (item) => item.id,
  );
});
afterAll(async () => server.close());

const db = () => server.database.db;

async function list(
  token: string,
  { lang, ...body }: MainRequest<'getAnnouncements'> = {},
): Promise<Announcement[]> {
  const { status, body: answer } = await server.call(
    'getAnnouncements',
    body,
    lang === undefined ? { token } : { token, lang },
  );
  expect(status).toBe(200);
  return answer.announcements;
}

/** An announcement of one brand that asks for an answer, with texts in English and Romanian only. */
async function createAnnouncement(
  brandId: string | null,
  requiresConfirmation = true,
  publishedAt = new Date(),
) {
  const [row] = await db()
    .insert(announcements)
    .values({ brandId, requiresConfirmation, publishedAt })
    .returning({ id: announcements.id });
  await db()
    .insert(announcementTexts)
    .values([
      {
        announcementId: row!.id,
        language: 'en',
        title: 'Fee change',
        body: 'Fees change in March.',
      },
      {
        announcementId: row!.id,
        language: 'ro',
        title: 'Modificarea comisioanelor',
        body: 'Comisioanele se schimbă în martie.',
      },
    ]);
  return row!.id;
}

describe('getAnnouncements', () => {
  it('lists the brand’s and every brand’s news, newest first, in the caller’s language', async () => {
    const english = await list(personal);
    expect(english.length).toBeGreaterThanOrEqual(3);
    const times = english.map((item) => item.publishedAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(english.some((item) => item.requiresConfirmation)).toBe(true);
    const russian = await list(personal, { lang: 'ru' });
    expect(russian.map((item) => item.id)).toEqual(english.map((item) => item.id));
    expect(russian[0]!.title).not.toBe(english[0]!.title);
    expect(russian[0]!.title).toMatch(/[а-яё]/i);
  });

  it('has a text in all six languages for every seeded announcement', async () => {
    const rows = await db()
      .select({ id: announcementTexts.announcementId, language: announcementTexts.language })
      .from(announcementTexts);
    expect(seededIds.length).toBeGreaterThan(0);
    for (const id of seededIds) {
      expect(
        rows
          .filter((row) => row.id === id)
          .map((row) => row.language)
          .sort(),
        String(id),
      ).toEqual([...LANGUAGES].sort());
    }
  });

  it('falls back to English when the caller’s language has no text', async () => {
    const id = await createAnnouncement('pebble');
    const romanian = (await list(personal, { lang: 'ro' })).find((item) => item.id === id)!;
    expect(romanian.title).toBe('Modificarea comisioanelor');
    const spanish = (await list(personal, { lang: 'es' })).find((item) => item.id === id)!;
    expect(spanish.title).toBe('Fee change');
  });

  it('does not show another brand’s announcement, nor one not yet published', async () => {
    const northmere = await createAnnouncement('northmere');
    const later = await createAnnouncement('pebble', false, new Date(Date.now() + 86_400_000));
    const ids = (await list(personal)).map((item) => item.id);
    expect(ids).not.toContain(northmere);
    expect(ids).not.toContain(later);
    expect((await list(tomas)).map((item) => item.id)).toContain(northmere);
    const other = await server.call('getAnnouncement', { id: northmere }, { token: personal });
    const unknown = await server.call(
      'getAnnouncement',
      { id: 2_000_000_000 },
      { token: personal },
    );
    expect(other.status).toBe(404);
    expect(other.body).toEqual(unknown.body);
  });

  it('withConfirmation keeps only the ones still waiting for an answer', async () => {
    const id = await createAnnouncement('pebble');
    const waiting = await list(personal, { withConfirmation: true });
    expect(waiting.every((item) => item.requiresConfirmation && item.choice === null)).toBe(true);
    expect(waiting.map((item) => item.id)).toContain(id);
    await server.call('answerAnnouncement', { id, choice: 'decline' }, { token: personal });
    expect((await list(personal, { withConfirmation: true })).map((item) => item.id)).not.toContain(
      id,
    );
  });
});

describe('getAnnouncement', () => {
  it('answers one announcement and marks it read for the customer', async () => {
    const id = await createAnnouncement(null, false);
    expect((await list(personal)).find((item) => item.id === id)!.isRead).toBe(false);
    const { status, body } = await server.call('getAnnouncement', { id }, { token: personal });
    expect(status).toBe(200);
    expect(body.announcement).toMatchObject({
      id,
      title: 'Fee change',
      isRead: true,
      requiresConfirmation: false,
      choice: null,
    });
    expect((await list(personal)).find((item) => item.id === id)!.isRead).toBe(true);
    // Read state belongs to the customer: another customer has not read it.
    expect((await list(tomas)).find((item) => item.id === id)!.isRead).toBe(false);
  });
});

describe('answerAnnouncement', () => {
  it('records the first answer and refuses a second one', async () => {
    const id = await createAnnouncement('pebble');
    const accepted = await server.call(
      'answerAnnouncement',
      { id, choice: 'accept' },
      { token: personal },
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body.announcement).toMatchObject({ id, choice: 'accept', isRead: true });
    const again = await server.call(
      'answerAnnouncement',
      { id, choice: 'decline' },
      { token: personal },
    );
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { choice: 'validation.announcementAlreadyAnswered' },
    });
    const [read] = await db()
      .select()
      .from(announcementReads)
      .where(
        and(
          eq(announcementReads.announcementId, id),
          eq(announcementReads.customerId, personalCustomerId),
        ),
      );
    expect(read!.choice).toBe('accept');
  });

  it('refuses an answer to an announcement that asks for none', async () => {
    const id = await createAnnouncement('pebble', false);
    const { status, body } = await server.call(
      'answerAnnouncement',
      { id, choice: 'accept' },
      { token: personal },
    );
    expect(status).toBe(400);
    expect(body.validationErrors).toEqual({ id: 'validation.announcementNotConfirmable' });
  });

  it('refuses another brand’s announcement and changes nothing', async () => {
    const id = await createAnnouncement('northmere');
    const { status } = await server.call(
      'answerAnnouncement',
      { id, choice: 'accept' },
      { token: personal },
    );
    expect(status).toBe(404);
    expect(
      await db().select().from(announcementReads).where(eq(announcementReads.announcementId, id)),
    ).toEqual([]);
  });

  it('refuses bad input with TA1', async () => {
    for (const body of [
      { id: 1 },
      { id: 1, choice: 'maybe' },
      { id: 'one', choice: 'accept' },
      { choice: 'accept' },
    ]) {
      const { status, body: answer } = await server.send('answerAnnouncement', body, {
        token: personal,
      });
      expect(status, JSON.stringify(body)).toBe(400);
      expect(answer.responseCode).toBe('TA1');
    }
    expect(
      (await server.send('getAnnouncements', { withConfirmation: 'yes' }, { token: personal })).body
        .responseCode,
    ).toBe('TA1');
  });

  it('every brand has an announcement, and one that asks for an answer', async () => {
    const brands = await db().selectDistinct({ brandId: customers.brandId }).from(customers);
    const rows = await db().select().from(announcements);
    for (const { brandId } of brands) {
      const mine = rows.filter((row) => row.brandId === brandId || row.brandId === null);
      expect(mine.length, brandId).toBeGreaterThan(0);
      expect(
        mine.some((row) => row.requiresConfirmation),
        brandId,
      ).toBe(true);
    }
  });
});
