import { z } from 'zod';
import type { RestRoute } from '../define';
import { listRestRoutes } from '../routes';
import { PUBLIC_API_PREFIX } from './routes';

/**
 * Every route of v1 from every area's table (its path starts with the prefix), by its dotted
 * name in the route table, so a table added later cannot be left out of the document. The
 * document's own route is not an operation of it.
 */
export function listPublicApiV1Routes(): { name: string; route: RestRoute }[] {
  return listRestRoutes().filter(
    ({ route }) => route.path.startsWith(`${PUBLIC_API_PREFIX}/`) && route.auth !== 'public',
  );
}

/*
 * The public API's OpenAPI 3.1 description, generated from the same zod schemas the server
 * validates with (zod 4's z.toJSONSchema; JSON Schema 2020-12 is OpenAPI 3.1's dialect), so the
 * document cannot drift from what the server accepts and answers. Served at
 * /api/public/v1/openapi.json.
 */

type JsonSchema = Record<string, unknown>;

/**
 * What the document says of each v1 route, by its dotted name in the route table. A v1 route
 * without an entry is still documented (from its schemas) but has no summary, which the
 * server's test of the document refuses.
 */
const OPERATIONS: Record<string, { operationId: string; summary: string; scope: string }> = {
  'publicApi.balances': {
    operationId: 'balances',
    summary: 'The company’s payment accounts and their balances',
    scope: 'read',
  },
  'publicApi.payments': {
    operationId: 'payments',
    summary: 'Payments received and sent by the company’s accounts, newest first',
    scope: 'read',
  },
  'publicApi.payment': { operationId: 'payment', summary: 'One payment by its id', scope: 'read' },
  'payApi.createPaymentRequest': {
    operationId: 'createPaymentRequest',
    summary: 'Create a payment request: its payUrl opens the hosted pay page of your brand',
    scope: 'payment-requests',
  },
  'payApi.paymentRequest': {
    operationId: 'paymentRequest',
    summary: 'One payment request by its id',
    scope: 'payment-requests',
  },
  'payApi.cancelPaymentRequest': {
    operationId: 'cancelPaymentRequest',
    summary: 'Cancel an open payment request nobody is paying: its link stops working',
    scope: 'payment-requests',
  },
  'payApi.createRefund': {
    operationId: 'createRefund',
    summary:
      'Refund a received payment back to the payer, in part or whole (never beyond what is left)',
    scope: 'payment-requests',
  },
  'preapprovedPublic.list': {
    operationId: 'preapprovedPayments',
    summary: 'The company’s pre-approved payments (every status), newest first',
    scope: 'preapproved-pulls',
  },
  'preapprovedPublic.pull': {
    operationId: 'createPreapprovedPull',
    summary:
      'Pull money from the payer within a pre-approval: refused, and nothing moves, beyond its amount, period, end date or total',
    scope: 'preapproved-pulls',
  },
};

/** Every POST of v1 needs it (merchant-api/idempotency.ts on the server). */
const IDEMPOTENCY_HEADER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: true,
  description:
    'Required on every POST: 1–128 visible ASCII characters you choose per operation. The same key with the same request answers the first answer again (header Idempotent-Replayed: true) and does nothing more; the same key with another method, path or body is refused with 422 (TA1, validationErrors.idempotencyKey); while the first request with the key is still running another one with it is refused with 409. Keys are kept per company.',
  schema: { type: 'string', minLength: 1, maxLength: 128, pattern: '^[\\x21-\\x7E]+$' },
};

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

/** Params and query fields as OpenAPI parameters. */
function parametersOf(route: RestRoute): JsonSchema[] {
  const out: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (!(schema instanceof z.ZodObject)) continue;
    const described = jsonSchema(schema, 'input') as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(described.properties ?? {}))
      out.push({
        name,
        in: where,
        required: where === 'path' || (described.required ?? []).includes(name),
        schema: property,
      });
  }
  return out;
}

function errorAnswer(description: string, envelope: JsonSchema): JsonSchema {
  return { description, content: { 'application/json': { schema: envelope } } };
}

export function publicApiOpenApi(): { openapi: '3.1.0' } & JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const { name, route } of listPublicApiV1Routes()) {
    const operation = OPERATIONS[name];
    const isPost = route.method === 'POST';
    const path = route.path.slice(PUBLIC_API_PREFIX.length).replace(/:(\w+)/g, '{$1}');
    const envelope = jsonSchema(route.error, 'output');
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      operationId: operation?.operationId ?? name,
      ...(operation
        ? {
            summary: operation.summary,
            description: `Needs a key with the scope "${operation.scope}".`,
          }
        : {}),
      parameters: isPost ? [IDEMPOTENCY_HEADER, ...parametersOf(route)] : parametersOf(route),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
            },
          }
        : {}),
      responses: {
        200: {
          description: 'Success (responseCode 00)',
          content: {
            'application/json': {
              schema: route.response ? jsonSchema(route.response, 'output') : {},
            },
          },
        },
        400: errorAnswer('Invalid parameters (TA1, with validationErrors)', envelope),
        401: errorAnswer('A missing, unknown, disabled or expired key (AU)', envelope),
        403: errorAnswer(
          'The key lacks the scope (ENOA) or is used from outside the allowed ranges (IPW)',
          envelope,
        ),
        404: errorAnswer('Not found: no such object of the key’s company (ENOA)', envelope),
        ...(isPost
          ? {
              409: errorAnswer(
                'A request with this Idempotency-Key is still being processed (TA1)',
                envelope,
              ),
              422: errorAnswer(
                'This Idempotency-Key was already used for another request (TA1)',
                envelope,
              ),
            }
          : {}),
        429: {
          ...errorAnswer(
            'Past the key’s rate limit (RL); retry after Retry-After seconds',
            envelope,
          ),
          headers: { 'Retry-After': { schema: { type: 'integer', minimum: 1 } } },
        },
      },
    };
  }
  return {
    openapi: '3.1.0' as const,
    info: {
      title: 'Ledgerline public API',
      version: '1',
      description:
        'Called by a merchant’s server with an API key: `Authorization: Bearer llk_live_…`. Every answer carries responseCode and responseDescription.',
    },
    servers: [{ url: PUBLIC_API_PREFIX }],
    security: [{ apiKey: [] }],
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'llk_live_…' } },
    },
    paths,
  };
}
