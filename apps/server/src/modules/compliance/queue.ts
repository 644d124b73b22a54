import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ReviewItemDetail, ReviewQueueItem } from '@ledgerline/contract';
import {
  DOCUMENT_QUEUE_STATUS,
  IDENTITY_QUEUE_STATUS,
  REVIEW_QUEUE_STATES,
  type ReviewItemKind,
  type ReviewQueueState,
} from '@ledgerline/domain/compliance-review';
import { accountStatusBanner, DOCUMENT_STATUS } from '@ledgerline/domain/verification';
import type { DbOrTx } from '../../db/client';
import {
  customerAddresses,
  customerDocuments,
  customerIdentities,
  customers,
  users,
  customerDocumentFiles,
  identityWorkflowImages,
  identityWorkflowRuns,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { DOCUMENT_PARTS, IDV_STEPS, type DocumentPart, type IdvStep } from '@ledgerline/domain';
import { customerDisplayName } from '../customers';
import { loadCustomerVerificationFacts } from './verification-facts';

/*
 * The desk's queue: uploaded documents in a waiting status (spec 2 §4: 0 submitted, 41 pending,
 * 31 under investigation) and identity provider results in status 'pending', oldest first. The
 * page is cut by a keyset cursor on (submitted at, kind, id), so new arrivals never shift a page.
 */

const DEFAULT_PAGE = 20;
const KIND_ORDER: Record<ReviewItemKind, number> = { document: 0, identity: 1 };

interface Cursor {
  at: string;
  kind: number;
  id: number;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(value: string): Cursor {
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (
      typeof parsed.at === 'string' &&
      parsed.at.length <= 64 &&
      !Number.isNaN(Date.parse(parsed.at)) &&
      (parsed.kind === 0 || parsed.kind === 1) &&
      Number.isSafeInteger(parsed.id)
    )
      return parsed as Cursor;
  } catch {
    // falls through to the field error
  }
  throw AppError.invalid({ cursor: 'Not a cursor this queue gave' });
}

/** (created_at, kind, id) after the cursor, for a table whose rows all have one kind. */
function after(
  cursor: Cursor | null,
  createdAt: AnyPgColumn,
  id: AnyPgColumn,
  kind: number,
): SQL | undefined {
  if (!cursor) return undefined;
  const at = sql`${cursor.at}::timestamptz`;
  if (kind > cursor.kind) return sql`${createdAt} >= ${at}`;
  if (kind < cursor.kind) return sql`${createdAt} > ${at}`;
  return or(sql`${createdAt} > ${at}`, and(sql`${createdAt} = ${at}`, sql`${id} > ${cursor.id}`));
}

function documentState(statusId: number): ReviewQueueState {
  return (
    REVIEW_QUEUE_STATES.find((state) => DOCUMENT_QUEUE_STATUS[state] === statusId) ?? 'submitted'
  );
}

export interface QueueFilter {
  brandId?: string;
  state?: ReviewQueueState;
  kind?: ReviewItemKind;
  cursor?: string;
  limit?: number;
}

type Row = ReviewQueueItem & { atText: string };

const customerColumns = {
  customerId: customers.id,
  brandId: customers.brandId,
  customerType: customers.customerType,
  firstName: customers.firstName,
  lastName: customers.lastName,
  businessName: customers.businessName,
};

async function documentRows(
  db: DbOrTx,
  filter: QueueFilter,
  cursor: Cursor | null,
  limit: number,
): Promise<Row[]> {
  const statuses = filter.state
    ? [DOCUMENT_QUEUE_STATUS[filter.state]]
    : REVIEW_QUEUE_STATES.map((state) => DOCUMENT_QUEUE_STATUS[state]);
  const rows = await db
    .select({
      id: customerDocuments.id,
      statusId: customerDocuments.statusId,
      typeId: customerDocuments.documentTypeId,
      categoryId: customerDocuments.categoryId,
      createdAt: customerDocuments.createdAt,
      atText: sql<string>`${customerDocuments.createdAt}::text`,
      ...customerColumns,
    })
    .from(customerDocuments)
    .innerJoin(customers, eq(customers.id, customerDocuments.customerId))
    .where(
      and(
        inArray(customerDocuments.statusId, statuses),
        filter.brandId ? eq(customers.brandId, filter.brandId) : undefined,
        after(cursor, customerDocuments.createdAt, customerDocuments.id, KIND_ORDER.document),
      ),
    )
    .orderBy(asc(customerDocuments.createdAt), asc(customerDocuments.id))
    .limit(limit);
  return rows.map((row) => ({
    kind: 'document',
    id: row.id,
    state: documentState(row.statusId),
    typeId: row.typeId,
    categoryId: row.categoryId,
    customerId: row.customerId,
    customerName: customerDisplayName(row),
    customerType: row.customerType,
    brandId: row.brandId,
    submittedAt: row.createdAt.toISOString(),
    atText: row.atText,
  }));
}

async function identityRows(
  db: DbOrTx,
  filter: QueueFilter,
  cursor: Cursor | null,
  limit: number,
): Promise<Row[]> {
  // An identity result waits only as 'pending'.
  if (filter.state && filter.state !== 'pending') return [];
  const rows = await db
    .select({
      id: customerIdentities.id,
      typeId: customerIdentities.typeId,
      createdAt: customerIdentities.createdAt,
      atText: sql<string>`${customerIdentities.createdAt}::text`,
      ...customerColumns,
    })
    .from(customerIdentities)
    .innerJoin(customers, eq(customers.id, customerIdentities.customerId))
    .where(
      and(
        eq(customerIdentities.status, IDENTITY_QUEUE_STATUS),
        filter.brandId ? eq(customers.brandId, filter.brandId) : undefined,
        after(cursor, customerIdentities.createdAt, customerIdentities.id, KIND_ORDER.identity),
      ),
    )
    .orderBy(asc(customerIdentities.createdAt), asc(customerIdentities.id))
    .limit(limit);
  return rows.map((row) => ({
    kind: 'identity',
    id: row.id,
    state: 'pending',
    typeId: row.typeId,
    categoryId: null,
    customerId: row.customerId,
    customerName: customerDisplayName(row),
    customerType: row.customerType,
    brandId: row.brandId,
    submittedAt: row.createdAt.toISOString(),
    atText: row.atText,
  }));
}

/** One page of the queue, oldest first, and the cursor of the next page (null on the last). */
export async function loadReviewQueue(
  db: DbOrTx,
  filter: QueueFilter,
): Promise<{ items: ReviewQueueItem[]; nextCursor: string | null }> {
  const limit = filter.limit ?? DEFAULT_PAGE;
  const cursor = filter.cursor ? decodeCursor(filter.cursor) : null;
  // One more than the page from each side tells whether another page follows.
  const merged = [
    ...(filter.kind === 'identity' ? [] : await documentRows(db, filter, cursor, limit + 1)),
    ...(filter.kind === 'document' ? [] : await identityRows(db, filter, cursor, limit + 1)),
  ].sort(
    (a, b) =>
      a.submittedAt.localeCompare(b.submittedAt) ||
      a.atText.localeCompare(b.atText) ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      a.id - b.id,
  );
  const page = merged.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(({ atText: _atText, ...item }) => item),
    nextCursor:
      merged.length > limit && last
        ? encodeCursor({ at: last.atText, kind: KIND_ORDER[last.kind], id: last.id })
        : null,
  };
}

/** The queue entry of one item, whatever its status now (decided ones too: the desk shows the outcome). */
async function loadItem(
  db: DbOrTx,
  kind: ReviewItemKind,
  id: number,
): Promise<ReviewQueueItem & { status: string | number }> {
  if (kind === 'document') {
    const [row] = await db
      .select({
        id: customerDocuments.id,
        statusId: customerDocuments.statusId,
        typeId: customerDocuments.documentTypeId,
        categoryId: customerDocuments.categoryId,
        createdAt: customerDocuments.createdAt,
        ...customerColumns,
      })
      .from(customerDocuments)
      .innerJoin(customers, eq(customers.id, customerDocuments.customerId))
      .where(
        and(eq(customerDocuments.id, id), ne(customerDocuments.statusId, DOCUMENT_STATUS.deleted)),
      );
    if (!row) throw AppError.notFound('No such document on the desk');
    return {
      kind,
      id: row.id,
      state: documentState(row.statusId),
      status: row.statusId,
      typeId: row.typeId,
      categoryId: row.categoryId,
      customerId: row.customerId,
      customerName: customerDisplayName(row),
      customerType: row.customerType,
      brandId: row.brandId,
      submittedAt: row.createdAt.toISOString(),
    };
  }
  const [row] = await db
    .select({
      id: customerIdentities.id,
      status: customerIdentities.status,
      typeId: customerIdentities.typeId,
      createdAt: customerIdentities.createdAt,
      ...customerColumns,
    })
    .from(customerIdentities)
    .innerJoin(customers, eq(customers.id, customerIdentities.customerId))
    .where(eq(customerIdentities.id, id));
  if (!row) throw AppError.notFound('No such identity result on the desk');
  return {
    kind,
    id: row.id,
    state: 'pending',
    status: row.status,
    typeId: row.typeId,
    categoryId: null,
    customerId: row.customerId,
    customerName: customerDisplayName(row),
    customerType: row.customerType,
    brandId: row.brandId,
    submittedAt: row.createdAt.toISOString(),
  };
}

/** The provider run that produced an identity (its latest), or null for one entered otherwise. */
export async function identityRunOf(db: DbOrTx, identityId: number): Promise<number | null> {
  const [run] = await db
    .select({ id: identityWorkflowRuns.id })
    .from(identityWorkflowRuns)
    .where(eq(identityWorkflowRuns.identityId, identityId))
    .orderBy(desc(identityWorkflowRuns.id))
    .limit(1);
  return run?.id ?? null;
}

/** The files of a document item, by part, with the path the documents module serves them at. */
async function documentFiles(db: DbOrTx, documentId: number) {
  const rows = await db
    .select({ part: customerDocumentFiles.part, fileName: customerDocumentFiles.fileName })
    .from(customerDocumentFiles)
    .where(eq(customerDocumentFiles.documentId, documentId));
  return DOCUMENT_PARTS.flatMap((part: DocumentPart) =>
    rows
      .filter((row) => row.part === part)
      .map((row) => ({
        part,
        fileName: row.fileName,
        url: `/api/documents/${documentId}/files/${part}`,
      })),
  );
}

/** The pictures a provider took for an identity result (front, back, selfie as present). */
async function identityPictures(db: DbOrTx, identityId: number) {
  const runId = await identityRunOf(db, identityId);
  if (runId === null) return [];
  const rows = await db
    .select({ step: identityWorkflowImages.step })
    .from(identityWorkflowImages)
    .where(eq(identityWorkflowImages.runId, runId));
  const present = new Set(rows.map((row) => row.step));
  return IDV_STEPS.filter((step: IdvStep) => present.has(step)).map((step) => ({
    step,
    url: `/api/compliance/identities/${identityId}/images/${step}`,
  }));
}

/** One item beside its customer's data: name, brand, type, country, addresses, documents, identities, state. */
export async function loadReviewItem(
  db: DbOrTx,
  kind: ReviewItemKind,
  id: number,
): Promise<ReviewItemDetail> {
  const { status, ...item } = await loadItem(db, kind, id);
  const waiting =
    kind === 'document'
      ? REVIEW_QUEUE_STATES.some((state) => DOCUMENT_QUEUE_STATUS[state] === status)
      : status === IDENTITY_QUEUE_STATUS;
  const [customer] = await db.select().from(customers).where(eq(customers.id, item.customerId));
  if (!customer) throw AppError.notFound('No such customer');
  const [owner] = await db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.customerId, customer.id))
    .orderBy(asc(users.id))
    .limit(1);
  const addresses = await db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customer.id))
    .orderBy(desc(customerAddresses.id));
  const documents = await db
    .select()
    .from(customerDocuments)
    .where(
      and(
        eq(customerDocuments.customerId, customer.id),
        ne(customerDocuments.statusId, DOCUMENT_STATUS.deleted),
      ),
    )
    .orderBy(desc(customerDocuments.id));
  const identities = await db
    .select()
    .from(customerIdentities)
    .where(eq(customerIdentities.customerId, customer.id))
    .orderBy(desc(customerIdentities.id));
  const facts = await loadCustomerVerificationFacts(db, customer.id);
  const files = kind === 'document' ? await documentFiles(db, item.id) : [];
  return {
    item,
    waiting,
    customer: {
      id: customer.id,
      name: customerDisplayName(customer),
      firstName: customer.firstName,
      lastName: customer.lastName,
      businessName: customer.businessName,
      customerType: customer.customerType,
      brandId: customer.brandId,
      residenceCountryCode: customer.residenceCountryCode,
      birthDay: customer.birthDay,
      verified: customer.verified,
      limited: customer.limited,
      isNeedKyc: customer.isNeedKyc,
      language: owner?.language ?? 'en',
      verificationState: accountStatusBanner(facts).state,
    },
    addresses: addresses.map((address) => ({
      id: address.id,
      address1: address.address1,
      address2: address.address2,
      city: address.city,
      postalCode: address.postalCode,
      countryCode: address.countryCode,
      addressStatus: address.addressStatus,
      requiresDocument: address.requiresDocument,
    })),
    documents: documents.map((document) => ({
      id: document.id,
      statusId: document.statusId,
      documentTypeId: document.documentTypeId,
      categoryId: document.categoryId,
      issuedDate: document.issuedDate,
      expiresDate: document.expiresDate,
      rejectReason: document.rejectReason,
      uploaded: document.createdAt.toISOString(),
    })),
    identities: identities.map((identity) => ({
      id: identity.id,
      typeId: identity.typeId,
      number: identity.number,
      status: identity.status,
      issuedDate: identity.issuedDate,
      expiresDate: identity.expiresDate,
      rejectReason: identity.rejectReason,
      uploaded: identity.createdAt.toISOString(),
    })),
    downloadUrl: files.find((file) => file.part === 'mainDocument')?.url ?? null,
    files,
    pictures: kind === 'identity' ? await identityPictures(db, item.id) : [],
  };
}
