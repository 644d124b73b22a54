import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  IDV_SIGNATURE_HEADER,
  IDV_TIMESTAMP_HEADER,
  identityVerificationRoutes as routes,
} from '@ledgerline/contract';
import {
  CUSTOMER_ID_HEADER,
  IDV_MAX_IMAGE_BYTES,
  RESPONSE_CODES,
  type IdvKind,
} from '@ledgerline/domain';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';
import type { Services } from '../../services';
import { resolveActingCustomer } from '../customers';
import { recordProviderResult } from './callback';
import {
  providerSession,
  runOfLink,
  storeImage,
  submitRun,
  type ProviderLink,
  type ProviderSessionView,
} from './provider';
import type { ProviderSecrets } from './secrets';
import { checkCallbackSignature } from './signature';
import { answerSubmittedRun, type CallbackTransport } from './simulator';
import { startIdentityCheck, type StartedCheck } from './start';
import { identityCheckStatus } from './status';

export interface IdentityVerificationDeps {
  db: Database;
  services: Services;
  secrets: ProviderSecrets;
}

const OK = { responseCode: '00' as const, responseDescription: 'Success' };

function actingCustomerFromHeader(request: FastifyRequest): number | undefined {
  const raw = request.headers[CUSTOMER_ID_HEADER.toLowerCase()];
  if (raw === undefined) return undefined;
  const parsed = z.coerce
    .number()
    .int()
    .min(1)
    .max(2_147_483_647)
    .safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) throw AppError.invalid({ [CUSTOMER_ID_HEADER]: 'Must be a customer id' });
  return parsed.data;
}

function started(check: StartedCheck) {
  return { ...OK, ...check, expiresAt: check.expiresAt.toISOString() };
}

function sessionAnswer(view: ProviderSessionView) {
  return { ...OK, ...view, expiresAt: view.expiresAt.toISOString() };
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The callback's exact bytes, kept by its JSON parser: the signature is over them, not over a re-serialisation. */
const rawBodies = new WeakMap<FastifyRequest, string>();

/**
 * The identity-verification routes (contract: identityVerificationRoutes): the bank's start and
 * status calls for a signed-in customer, the provider simulators' hosted-page endpoints (the
 * link's token is their credential) and the providers' signed callback into the bank.
 */
export async function identityVerificationRoutes(
  app: FastifyInstance,
  deps: IdentityVerificationDeps,
): Promise<void> {
  const { db, services, secrets } = deps;

  async function start(userId: number, customerId: number, kind: IdvKind, ip: string) {
    return started(await startIdentityCheck(db, { userId, customerId, kind, ip }));
  }

  route(app, routes.start, async (request, _reply, caller) => {
    const customerId = await resolveActingCustomer(
      db,
      caller,
      request.body.fromCustomerId ?? actingCustomerFromHeader(request),
    );
    return start(caller.userId, customerId, request.body.kind, request.ip);
  });

  route(app, routes.startForCustomer, async (request, _reply, caller) => {
    const customerId = await resolveActingCustomer(db, caller, request.params.id);
    return start(caller.userId, customerId, request.body.kind, request.ip);
  });

  route(app, routes.status, async (request, _reply, caller) => {
    const customerId = await resolveActingCustomer(
      db,
      caller,
      request.query.fromCustomerId ?? actingCustomerFromHeader(request),
    );
    return { ...OK, ...(await identityCheckStatus(db, customerId)) };
  });

  // The simulated provider posts its callback through the server's own HTTP stack (inject), so it
  // meets the same parsing, signature check and envelope as a provider on the network would.
  const transport: CallbackTransport = async ({ path, headers, body }) => {
    const response = await app.inject({ method: 'POST', url: path, headers, payload: body });
    return { status: response.statusCode, body: response.body };
  };

  async function submitAndAnswer(request: FastifyRequest, link: ProviderLink) {
    const run = await submitRun(db, link);
    const provider = run.provider === 'nfd' ? 'nfd' : 'jmo';
    const answer = await answerSubmittedRun(db, {
      provider,
      workflowRunId: run.id,
      secret: secrets[provider],
      transport,
    });
    if (answer.status !== 200)
      request.log.warn(
        { workflowRunId: run.id, status: answer.status },
        'identity provider callback was refused',
      );
    return sessionAnswer(await providerSession(db, await runOfLink(db, link)));
  }

  await app.register(async (scope) => {
    // Pictures arrive as the raw body; the declared type only carries them, the content decides.
    scope.addContentTypeParser(
      ['image/jpeg', 'image/png', 'image/heic', 'image/heif', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: IDV_MAX_IMAGE_BYTES },
      (_request, body, done) => done(null, body),
    );
    const imageOptions = { bodyLimit: IDV_MAX_IMAGE_BYTES };

    route(scope, routes.provider.session, async (request) => {
      const link = { kind: 'document' as const, ...request.params };
      return sessionAnswer(await providerSession(db, await runOfLink(db, link)));
    });
    route(
      scope,
      routes.provider.image,
      async (request) => {
        const { step, ...params } = request.params;
        return {
          ...OK,
          ...(await storeImage(
            db,
            { kind: 'document', ...params },
            {
              step,
              fileName: request.query.fileName,
              body: request.body,
            },
          )),
        };
      },
      imageOptions,
    );
    route(scope, routes.provider.submit, async (request) =>
      submitAndAnswer(request, { kind: 'document', ...request.params }),
    );

    route(scope, routes.provider.videoSession, async (request) => {
      const link = { kind: 'video' as const, token: request.params.id };
      return sessionAnswer(await providerSession(db, await runOfLink(db, link)));
    });
    route(
      scope,
      routes.provider.videoImage,
      async (request) => ({
        ...OK,
        ...(await storeImage(
          db,
          { kind: 'video', token: request.params.id },
          {
            step: request.params.step,
            fileName: request.query.fileName,
            body: request.body,
          },
        )),
      }),
      imageOptions,
    );
    route(scope, routes.provider.videoSubmit, async (request) =>
      submitAndAnswer(request, { kind: 'video', token: request.params.id }),
    );
  });

  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (request, body, done) => {
        const text = typeof body === 'string' ? body : body.toString('utf8');
        rawBodies.set(request, text);
        // Fastify's own errors for an empty or broken body: the error handler answers them in
        // the envelope as a 400 (a bare SyntaxError was a 500).
        if (text.trim() === '') {
          done(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(), undefined);
          return;
        }
        try {
          done(null, JSON.parse(text));
        } catch {
          done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
        }
      },
    );
    // The signature is checked before the body is validated: a stranger learns nothing from a 400.
    scope.addHook('preValidation', async (request) => {
      const params = request.params as { provider?: string };
      const provider = params.provider === 'nfd' ? 'nfd' : params.provider === 'jmo' ? 'jmo' : null;
      if (provider === null) return;
      const check = checkCallbackSignature(
        secrets[provider],
        {
          timestamp: header(request, IDV_TIMESTAMP_HEADER),
          signature: header(request, IDV_SIGNATURE_HEADER),
          body: rawBodies.get(request) ?? '',
        },
        new Date(),
      );
      if (check !== 'ok')
        throw new AppError(
          RESPONSE_CODES.authorisationError,
          check === 'stale' ? 'The callback is outside its time window' : 'Bad signature',
        );
    });
    route(scope, routes.callback, async (request) => {
      const result = await recordProviderResult(db, request.params.provider, request.body);
      // A merchant's request is not the requesting user's own verification: nothing of theirs changed.
      if (result.purpose === 'self')
        await services.realtime.publish(result.userId, {
          type: 'IdentityVerificationChanged',
          payload: { workflowRunId: result.workflowRunId, outcome: result.outcome },
        });
      return { ...OK, recorded: true as const };
    });
  });
}
