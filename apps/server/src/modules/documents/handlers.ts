import { desc, eq } from 'drizzle-orm';
import type { documentMethods, KycInfo } from '@ledgerline/contract';
import { accountStatusBanner, kycChecklist } from '@ledgerline/domain';
import { customerIdentities } from '../../db/schema';
import type { MethodHandlers } from '../../main-api/types';
import { loadVerificationInfo } from '../accounts';
import { listAddresses, toAddress } from '../profile';
import { cancelDocument } from './decisions';
import { documentFileLink } from './download-link';
import { getPersonalInfo, updatePersonalInfo } from './personal-info';
import { findOwnDocument, listDocumentRows, toUploadedDocuments } from './repository';

/*
 * The documents' main-API methods (packages/contract/src/documents/methods.ts). ctx.actor.customerId
 * is the customer the call acts for, already checked by the main API; every document id is looked
 * up within that customer only (another customer's id answers 404, nothing changes).
 */
export const documentHandlers: MethodHandlers<typeof documentMethods> = {
  async getDocuments(_input, ctx) {
    const rows = await listDocumentRows(ctx.db, ctx.actor.customerId);
    return { documents: await toUploadedDocuments(ctx.db, rows, ctx.lang) };
  },

  async cancelDocument(input, ctx) {
    await ctx.db.transaction((tx) => cancelDocument(tx, ctx.actor, input.documentId));
    const row = await findOwnDocument(ctx.db, ctx.actor.customerId, input.documentId);
    const [document] = await toUploadedDocuments(ctx.db, [row], ctx.lang);
    if (!document) throw new Error('the document vanished');
    return { document };
  },

  async getDocumentFileLink(input, ctx) {
    const redirectLink = await documentFileLink(ctx.db, {
      customerId: ctx.actor.customerId,
      userId: ctx.actor.userId,
      documentId: input.documentId,
      part: input.part,
      origin: ctx.site.origin,
    });
    return { redirectLink };
  },

  async getKycInfo(_input, ctx): Promise<KycInfo> {
    const input = await loadVerificationInfo(ctx.db, ctx.actor);
    const banner = accountStatusBanner(input);
    const [rows, addresses, identity] = await Promise.all([
      listDocumentRows(ctx.db, ctx.actor.customerId),
      listAddresses(ctx.db, ctx.actor.customerId),
      ctx.db
        .select()
        .from(customerIdentities)
        .where(eq(customerIdentities.customerId, ctx.actor.customerId))
        .orderBy(desc(customerIdentities.id))
        .limit(1),
    ]);
    // The address a proof is for: a replacement waiting for its document, else the newest one.
    const waiting = addresses.find(
      (row) => row.replacesAddressId !== null && row.addressStatus !== 'confirmed',
    );
    const address = waiting ?? addresses.at(-1);
    const identityRow = identity[0];
    return {
      customerType: input.customerType,
      state: banner.state,
      requiredActionCount: banner.requiredActionCount,
      requiredActions: banner.requiredActions,
      limitReasons: banner.limitReasons,
      checklist: kycChecklist(input, banner),
      identity:
        input.identity && identityRow
          ? {
              status: input.identity.status,
              rejectReason: identityRow.rejectReason,
              expiresDate: identityRow.expiresDate,
            }
          : null,
      address: address ? toAddress(address) : null,
      duplicateDocuments: input.duplicateDocuments,
      documents: await toUploadedDocuments(ctx.db, rows, ctx.lang),
    };
  },

  getPersonalInfo(_input, ctx) {
    return getPersonalInfo(ctx);
  },

  updatePersonalInfo(input, ctx) {
    return updatePersonalInfo(ctx, ctx.actor, input);
  },
};
