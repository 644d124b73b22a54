import { and, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Announcement } from '@ledgerline/contract';
import { DEFAULT_LANGUAGE, type Language } from '@ledgerline/domain';
import { announcementReads, announcementTexts, announcements } from '../../db/schema';
import type { Database, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';
import { requireFullAccess } from '../customers';
import { brandIdOf } from '../customers';

/*
 * News and announcements (spec 2 §7 "Announcements": list withConfirmation, get by id, accept or
 * decline). An announcement belongs to one brand or (brand_id null) to every brand; its texts are
 * stored per language and shown in the caller's, English when it has none. Read state and the
 * answer are kept per customer.
 */

type AnnouncementRow = typeof announcements.$inferSelect;
type ReadRow = typeof announcementReads.$inferSelect;

async function customerBrand(db: DbOrTx, customerId: number): Promise<string> {
  const brandId = await brandIdOf(db, customerId);
  if (brandId === null) throw AppError.notFound('Customer not found');
  return brandId;
}

/** Published announcements the customer's brand shows. */
function visibleTo(brandId: string) {
  return and(
    or(isNull(announcements.brandId), eq(announcements.brandId, brandId)),
    lte(announcements.publishedAt, sql`now()`),
  );
}

async function describe(
  db: DbOrTx,
  rows: AnnouncementRow[],
  customerId: number,
  lang: Language,
): Promise<Announcement[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const texts = await db
    .select()
    .from(announcementTexts)
    .where(
      and(
        inArray(announcementTexts.announcementId, ids),
        inArray(announcementTexts.language, [lang, DEFAULT_LANGUAGE]),
      ),
    );
  const reads = await db
    .select()
    .from(announcementReads)
    .where(
      and(
        inArray(announcementReads.announcementId, ids),
        eq(announcementReads.customerId, customerId),
      ),
    );
  const readById = new Map<number, ReadRow>(reads.map((read) => [read.announcementId, read]));
  return rows.map((row) => {
    const text =
      texts.find((item) => item.announcementId === row.id && item.language === lang) ??
      texts.find((item) => item.announcementId === row.id && item.language === DEFAULT_LANGUAGE);
    const read = readById.get(row.id);
    return {
      id: row.id,
      title: text?.title ?? '',
      body: text?.body ?? '',
      publishedAt: row.publishedAt.toISOString(),
      isRead: read !== undefined,
      requiresConfirmation: row.requiresConfirmation,
      choice: read?.choice === 'accept' || read?.choice === 'decline' ? read.choice : null,
    };
  });
}

/** Newest first; withConfirmation keeps the ones still waiting for the customer's answer. */
export async function listAnnouncements(
  db: DbOrTx,
  input: { customerId: number; lang: Language; withConfirmation?: boolean | undefined },
): Promise<Announcement[]> {
  const brandId = await customerBrand(db, input.customerId);
  const rows = await db
    .select()
    .from(announcements)
    .where(
      and(
        visibleTo(brandId),
        input.withConfirmation ? eq(announcements.requiresConfirmation, true) : undefined,
      ),
    )
    .orderBy(desc(announcements.publishedAt), desc(announcements.id))
    .limit(200);
  const list = await describe(db, rows, input.customerId, input.lang);
  return input.withConfirmation ? list.filter((item) => item.choice === null) : list;
}

/** One announcement the customer may see (another brand's answers as not found), locked when asked. */
async function findVisible(
  db: DbOrTx,
  customerId: number,
  id: number,
  forUpdate = false,
): Promise<AnnouncementRow> {
  const brandId = await customerBrand(db, customerId);
  const query = db
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, id), visibleTo(brandId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw AppError.notFound('Announcement not found');
  return row;
}

/** Reads one announcement and marks it read for the customer. */
export async function readAnnouncement(
  db: DbOrTx,
  input: { customerId: number; userId: number; id: number; lang: Language },
): Promise<Announcement> {
  const row = await findVisible(db, input.customerId, input.id);
  await db
    .insert(announcementReads)
    .values({ announcementId: row.id, customerId: input.customerId, userId: input.userId })
    .onConflictDoNothing();
  const [announcement] = await describe(db, [row], input.customerId, input.lang);
  return announcement!;
}

/** Accepts or declines an announcement that asks for it; the first answer stands. Run it in a transaction. */
export async function answerAnnouncement(
  tx: DbOrTx,
  input: {
    customerId: number;
    userId: number;
    id: number;
    choice: 'accept' | 'decline';
    lang: Language;
  },
): Promise<Announcement> {
  const row = await findVisible(tx, input.customerId, input.id, true);
  if (!row.requiresConfirmation)
    throw AppError.invalid(
      { id: 'validation.announcementNotConfirmable' },
      'This announcement does not ask for an answer',
    );
  const [read] = await tx
    .select()
    .from(announcementReads)
    .where(
      and(
        eq(announcementReads.announcementId, row.id),
        eq(announcementReads.customerId, input.customerId),
      ),
    );
  if (read?.choice)
    throw AppError.invalid(
      { choice: 'validation.announcementAlreadyAnswered' },
      'This announcement was already answered',
    );
  const answer = { choice: input.choice, answeredByUserId: input.userId, answeredAt: new Date() };
  await tx
    .insert(announcementReads)
    .values({
      announcementId: row.id,
      customerId: input.customerId,
      userId: input.userId,
      ...answer,
    })
    .onConflictDoUpdate({
      target: [announcementReads.announcementId, announcementReads.customerId],
      set: answer,
    });
  const [announcement] = await describe(tx, [row], input.customerId, input.lang);
  return announcement!;
}

/** The acting customer's answer to an announcement that asks for one, with its audit row (full access only). */
export async function answerAnnouncementAudited(
  db: Database,
  actor: Actor,
  input: { id: number; choice: 'accept' | 'decline' },
): Promise<Announcement> {
  requireFullAccess(actor);
  return db.transaction(async (tx) => {
    const answered = await answerAnnouncement(tx, {
      customerId: actor.customerId,
      userId: actor.userId,
      id: input.id,
      choice: input.choice,
      lang: actor.lang,
    });
    await audit(tx, {
      action: 'announcement.answered',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: { id: input.id, choice: input.choice },
    });
    return answered;
  });
}
