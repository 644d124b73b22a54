import type { FastifyInstance, FastifyPluginOptions } from 'fastify';
import { massTransferRoutes } from '@ledgerline/contract';
import { RESPONSE_CODES } from '@ledgerline/domain';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';

export async function massTransferFileRoutes(
  app: FastifyInstance,
  _options: FastifyPluginOptions & { db: Database },
): Promise<void> {
  route(app, massTransferRoutes.upload, async () => {
    throw new AppError(RESPONSE_CODES.unknownError, 'Not available yet', { httpStatus: 501 });
  });
  route(app, massTransferRoutes.sample, async () => {
    throw new AppError(RESPONSE_CODES.unknownError, 'Not available yet', { httpStatus: 501 });
  });
}
