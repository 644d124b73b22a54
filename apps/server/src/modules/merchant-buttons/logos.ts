import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { type Logo } from '@ledgerline/contract';
import {
  LOGO_MAX_BYTES,
  LOGO_MIME,
  LOGO_PAGE_SIZE,
  LOGOS_PER_COMPANY,
  detectLogoKind,
} from '@ledgerline/domain/merchant-buttons';
import type { Database, DbOrTx } from '../../db/client';
import { merchantLogos, merchantSavedButtons } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { audit } from '../audit';

/*
 * Business logos (spec 2 §3 "Logo", §7, §9; issue 18): PNG or JPEG by content, at most 1 MB, kept
 * in the database like documents' files; at most one default per company (a partial unique index
 * holds it even under races; a change of default is one transaction).
 */

/** Where anyone (the pay page, the merchant's own <img>) reads a logo by its unguessable id. */
export function publicLogoPath(publicId: string): string {
  return `/api/public/logos/${publicId}`;
}

const columns = {
  id: merchantLogos.id,
  publicId: merchantLogos.publicId,
  name: merchantLogos.name,
  isDefault: merchantLogos.isDefault,
  mimeType: merchantLogos.mimeType,
  sizeBytes: merchantLogos.sizeBytes,
  createdAt: merchantLogos.createdAt,
};

type LogoRow = {
  id: number;
  publicId: string;
  name: string;
  isDefault: boolean;
  mimeType: string;
  sizeBytes: number;
  createdAt: Date;
};

function logoView(row: LogoRow): Logo {
  return {
    id: row.id,
    name: row.name,
    isDefault: row.isDefault,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    file: publicLogoPath(row.publicId),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The company's logo by id; another company's (or none) is "not found". */
async function ownLogo(db: DbOrTx, customerId: number, id: number, forUpdate = false) {
  const query = db
    .select(columns)
    .from(merchantLogos)
    .where(and(eq(merchantLogos.id, id), eq(merchantLogos.customerId, customerId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw AppError.notFound('Logo not found');
  return row;
}

/** Whether the company owns the logo (a saved button may name only its own). */
export async function isOwnLogo(db: DbOrTx, customerId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: merchantLogos.id })
    .from(merchantLogos)
    .where(and(eq(merchantLogos.id, id), eq(merchantLogos.customerId, customerId)));
  return row !== undefined;
}

export interface CheckedLogo {
  mimeType: string;
  bytes: Uint8Array;
  sha256: string;
}

/** One image told by its content: PNG or JPEG, not empty, at most LOGO_MAX_BYTES. */
export async function checkLogoFile(file: File): Promise<CheckedLogo> {
  const field = 'file[]';
  if (file.size === 0)
    throw AppError.invalid({ [field]: 'validation.fileEmpty' }, 'The file is empty');
  if (file.size > LOGO_MAX_BYTES)
    throw AppError.invalid({ [field]: 'validation.logoTooLarge' }, 'A logo may be at most 1 MB');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = detectLogoKind(bytes);
  if (kind === null)
    throw AppError.invalid(
      { [field]: 'validation.logoFileType' },
      'Only PNG and JPEG images are accepted',
    );
  return {
    mimeType: LOGO_MIME[kind],
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

/** Takes the default away from the company's current default logo (inside the caller's transaction). */
async function clearDefault(tx: DbOrTx, customerId: number): Promise<void> {
  await tx
    .update(merchantLogos)
    .set({ isDefault: false })
    .where(and(eq(merchantLogos.customerId, customerId), eq(merchantLogos.isDefault, true)));
}

async function lockCompany(tx: DbOrTx, customerId: number): Promise<void> {
  await tx.execute(sql`select id from customers where id = ${customerId} for update`);
}

export async function createLogo(
  db: Database,
  actor: Actor,
  input: { name: string; isDefault: boolean },
  file: CheckedLogo,
): Promise<Logo> {
  const row = await db.transaction(async (tx) => {
    await lockCompany(tx, actor.customerId);
    const [{ held } = { held: 0 }] = await tx
      .select({ held: count() })
      .from(merchantLogos)
      .where(eq(merchantLogos.customerId, actor.customerId));
    if (held >= LOGOS_PER_COMPANY)
      throw AppError.invalid(
        { _: 'validation.tooMany' },
        'The company has the most logos it may keep',
      );
    if (input.isDefault) await clearDefault(tx, actor.customerId);
    const [created] = await tx
      .insert(merchantLogos)
      .values({
        customerId: actor.customerId,
        publicId: randomBytes(16).toString('base64url'),
        name: input.name,
        isDefault: input.isDefault,
        mimeType: file.mimeType,
        sizeBytes: file.bytes.length,
        sha256: file.sha256,
        content: file.bytes,
        createdByUserId: actor.userId,
      })
      .returning(columns);
    if (!created) throw new Error('The logo was not stored');
    await audit(tx, {
      action: 'merchant.logo.create',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: {
        logoId: created.id,
        name: created.name,
        isDefault: created.isDefault,
        sha256: file.sha256,
      },
    });
    return created;
  });
  return logoView(row);
}

/** The company's logos, the default first then the newest, LOGO_PAGE_SIZE a page, with the total. */
export async function listLogos(db: Database, actor: Actor, pageNumber: number) {
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(merchantLogos)
    .where(eq(merchantLogos.customerId, actor.customerId));
  const rows = await db
    .select(columns)
    .from(merchantLogos)
    .where(eq(merchantLogos.customerId, actor.customerId))
    .orderBy(desc(merchantLogos.isDefault), desc(merchantLogos.id))
    .limit(LOGO_PAGE_SIZE)
    .offset((pageNumber - 1) * LOGO_PAGE_SIZE);
  return { logos: rows.map(logoView), pageSize: LOGO_PAGE_SIZE, pageNumber, total };
}

export async function getLogo(db: Database, actor: Actor, id: number): Promise<Logo> {
  return logoView(await ownLogo(db, actor.customerId, id));
}

export async function updateLogo(
  db: Database,
  actor: Actor,
  input: { id: number; name?: string | undefined; isDefault?: boolean | undefined },
): Promise<Logo> {
  const row = await db.transaction(async (tx) => {
    await lockCompany(tx, actor.customerId);
    const before = await ownLogo(tx, actor.customerId, input.id, true);
    if (input.isDefault === true && !before.isDefault) await clearDefault(tx, actor.customerId);
    const [after] = await tx
      .update(merchantLogos)
      .set({
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.isDefault === undefined ? {} : { isDefault: input.isDefault }),
      })
      .where(eq(merchantLogos.id, before.id))
      .returning(columns);
    if (!after) throw AppError.notFound('Logo not found');
    await audit(tx, {
      action: 'merchant.logo.update',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: {
        logoId: before.id,
        name: { from: before.name, to: after.name },
        isDefault: { from: before.isDefault, to: after.isDefault },
      },
    });
    return after;
  });
  return logoView(row);
}

/** Deletes the logo; buttons that showed it fall back to the default logo (logo_id null). */
export async function deleteLogo(db: Database, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCompany(tx, actor.customerId);
    const logo = await ownLogo(tx, actor.customerId, id, true);
    const released = await tx
      .update(merchantSavedButtons)
      .set({ logoId: null, updatedAt: new Date() })
      .where(
        and(
          eq(merchantSavedButtons.customerId, actor.customerId),
          eq(merchantSavedButtons.logoId, logo.id),
        ),
      )
      .returning({ id: merchantSavedButtons.id });
    await tx.delete(merchantLogos).where(eq(merchantLogos.id, logo.id));
    await audit(tx, {
      action: 'merchant.logo.delete',
      userId: actor.userId,
      customerId: actor.customerId,
      ip: actor.ip,
      details: {
        logoId: logo.id,
        name: logo.name,
        wasDefault: logo.isDefault,
        buttonsReleased: released.map((button) => button.id),
      },
    });
  });
}

export interface LogoFile {
  customerId: number;
  mimeType: string;
  content: Uint8Array;
}

/** A logo's image by its id (the caller checks whose it is). */
export async function readLogoFile(db: Database, id: number): Promise<LogoFile | null> {
  const [row] = await db
    .select({
      customerId: merchantLogos.customerId,
      mimeType: merchantLogos.mimeType,
      content: merchantLogos.content,
    })
    .from(merchantLogos)
    .where(eq(merchantLogos.id, id));
  return row ?? null;
}

/** A logo's image by its public id (anyone may read it: the pay page shows it to payers). */
export async function readPublicLogoFile(db: Database, publicId: string): Promise<LogoFile | null> {
  const [row] = await db
    .select({
      customerId: merchantLogos.customerId,
      mimeType: merchantLogos.mimeType,
      content: merchantLogos.content,
    })
    .from(merchantLogos)
    .where(eq(merchantLogos.publicId, publicId));
  return row ?? null;
}

/**
 * The company's default logo for the hosted pay page (issue 18): its id and the public path of
 * its image, or null when it has none.
 */
export async function defaultLogoOf(
  db: DbOrTx,
  customerId: number,
): Promise<{ id: number; file: string } | null> {
  const [row] = await db
    .select({ id: merchantLogos.id, publicId: merchantLogos.publicId })
    .from(merchantLogos)
    .where(and(eq(merchantLogos.customerId, customerId), eq(merchantLogos.isDefault, true)));
  return row ? { id: row.id, file: publicLogoPath(row.publicId) } : null;
}
