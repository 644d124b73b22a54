import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pdfDownloads } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/crypto';

/*
 * The single-use download links every area hands out (/api/pdf/files/{token}, routes.ts): the
 * token is stored only as its SHA-256, names the document kind, the customer and what to draw,
 * lives a few minutes and is claimed once when the browser opens it.
 */

export const DOWNLOAD_LINK_TTL_MS = 5 * 60_000;

/** A new link to `document` for the customer; answers its URL on `origin`. */
export async function issueDownloadLink(
  db: DbOrTx,
  input: {
    document: string;
    customerId: number;
    userId: number;
    params: Record<string, string | number>;
    origin: string;
    ttlMs?: number;
  },
): Promise<string> {
  const token = randomToken(32);
  await db.insert(pdfDownloads).values({
    tokenHash: sha256(token),
    document: input.document,
    customerId: input.customerId,
    userId: input.userId,
    params: input.params,
    expiresAt: new Date(Date.now() + (input.ttlMs ?? DOWNLOAD_LINK_TTL_MS)),
  });
  return `${input.origin}/api/pdf/files/${token}`;
}

/** Marks the link used; of two requests racing for one link, one wins. Answers whether this one did. */
export async function claimDownloadLink(db: DbOrTx, tokenHash: string): Promise<boolean> {
  const claimed = await db
    .update(pdfDownloads)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(pdfDownloads.tokenHash, tokenHash),
        isNull(pdfDownloads.usedAt),
        gt(pdfDownloads.expiresAt, new Date()),
      ),
    )
    .returning({ tokenHash: pdfDownloads.tokenHash });
  return claimed.length > 0;
}
