import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  errorEnvelopeSchema,
  fillPath,
  listRestRoutes,
  mainMethods,
  type RestRoute,
} from '@ledgerline/contract';
import { selectRows } from '../db/client';
import { startTestServer, type TestServer } from '../../test/helper';
import {
  HOSTILE_CURSORS,
  HOSTILE_DAYS,
  HOSTILE_IDS,
  jsonText,
  rawNumber,
} from '../../test/hostile';
import { assertLedgerBalanced } from '../../test/ledger';
import { transferFixtures } from '../modules/transfers/test-fixtures';

/*
 * The hostile sweep: every main-API method and every REST route of the contract, called through
 * HTTP with hostile variants of each field of its request, derived from its zod schema (wrong
 * types, null, huge and broken strings, numbers JSON cannot hold, another customer's and another
 * brand's ids, amounts finer than the currency, days at the calendar's edges, cursors that decode
 * to garbage), and the REST transport's own traps (broken percent-encoding, duplicate query
 * parameters, oversize, empty and mistyped bodies). Every answer is the spec's envelope and never
 * a 5xx; a refusal changes no balance and creates no transfer; the ledger balances at the end.
 * Variants are sampled per field with a seeded generator, so a run is repeatable.
 */

let server: TestServer;
const f = transferFixtures(() => server);

/** A small seeded generator (mulberry32): the same sample on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = seeded(20_260_712);

function sample<T>(values: readonly T[], count: number): T[] {
  const pool = [...values];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0)
    chosen.push(...pool.splice(Math.floor(random() * pool.length), 1));
  return chosen;
}

interface Caller {
  email: string;
  token: string;
  customerId: number;
}

interface World {
  personal: Caller;
  business: Caller;
  ownAccountId: number;
  /** Another payment account of the customer in EUR, or any other account of theirs. */
  ownSecondAccountId: number;
  ownJpyAccountId: number | undefined;
  otherAccountId: number;
  otherBrandAccountId: number;
  otherCustomerId: number;
  otherBrandCustomerId: number;
  otherEmail: string;
  /** The business customer's API key for the public API v1, every scope. */
  apiSecret: string;
}
let world: World;
/** Whose customer id a request names (the merchant routes are the business customer's). */
let acting: Caller;

/** The schema under optional, nullable, default and readonly wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    if (
      current instanceof z.ZodOptional ||
      current instanceof z.ZodNullable ||
      current instanceof z.ZodDefault ||
      current instanceof z.ZodReadonly ||
      current instanceof z.ZodPrefault
    )
      current = current.unwrap() as z.ZodType;
    else if (current instanceof z.ZodPipe) current = current.in as z.ZodType;
    else return current;
  }
}

function objectOf(schema: z.ZodType | undefined): z.ZodObject | undefined {
  if (!schema) return undefined;
  const inner = unwrap(schema);
  if (inner instanceof z.ZodObject) return inner;
  if (inner instanceof z.ZodUnion) return objectOf(inner.options[0] as z.ZodType);
  if (inner instanceof z.ZodIntersection) return objectOf(inner.def.left as z.ZodType);
  return undefined;
}

const DAYS = ['2030-06-15', '2026-01-15', '2020-01-15'];

/** Plausible values for a field, the ones its name suggests first. */
function candidates(name: string): unknown[] {
  const w = world;
  const byName: unknown[] = [];
  if (/currency/i.test(name)) byName.push('EUR', 'USD');
  if (/amount|fee|price|sum|limit|total/i.test(name)) byName.push('10.00', 10);
  if (/email/i.test(name)) byName.push(w.otherEmail);
  if (/^to.*account/i.test(name)) byName.push(w.ownSecondAccountId);
  if (/account/i.test(name)) byName.push(w.ownAccountId, String(w.ownAccountId));
  if (/code|pin|otp/i.test(name)) byName.push('123456');
  if (/customer/i.test(name)) byName.push(acting.customerId);
  if (/date|day|from$|to$|until|since/i.test(name)) byName.push(...DAYS);
  if (/month/i.test(name)) byName.push('2026-01');
  if (/country/i.test(name)) byName.push('LT');
  if (/iban/i.test(name)) byName.push('LT121000011101001000');
  if (/bic|swift/i.test(name)) byName.push('DEUTDEFF');
  if (/url|link/i.test(name)) byName.push('https://example.com/hook');
  if (/phone/i.test(name)) byName.push('+37060000000');
  if (/idempotency|key$|uuid/i.test(name)) byName.push(randomUUID());
  return [
    ...byName,
    1,
    10,
    2026,
    0,
    'Hostile sweep',
    '10.00',
    'EUR',
    ...DAYS,
    '2026-01',
    randomUUID(),
    w.otherEmail,
    'LT',
    'en',
    'https://example.com/hook',
    'x',
    '123456',
    '1',
    'ABCDEFGHIJ',
    true,
    false,
    [],
    {},
  ];
}

/** A value the schema accepts, or undefined when none of the guesses is accepted. */
function plausible(schema: z.ZodType, name: string, depth = 0): unknown {
  if (depth > 6) return undefined;
  const inner = unwrap(schema);
  if (inner instanceof z.ZodObject) {
    const value: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(inner.shape as Record<string, z.ZodType>)) {
      // A cursor comes from an earlier page: the first page has none.
      if (/cursor/i.test(key)) continue;
      const guess = plausible(child, key, depth + 1);
      if (guess !== undefined) value[key] = guess;
    }
    return value;
  }
  if (inner instanceof z.ZodArray) {
    const element = plausible(inner.element as z.ZodType, name, depth + 1);
    return element === undefined ? [] : [element];
  }
  if (inner instanceof z.ZodEnum) return inner.options[0];
  if (inner instanceof z.ZodLiteral) return inner.values.values().next().value;
  if (inner instanceof z.ZodUnion) {
    for (const option of inner.options) {
      const guess = plausible(option as z.ZodType, name, depth + 1);
      if (guess !== undefined && (option as z.ZodType).safeParse(guess).success) return guess;
    }
    return undefined;
  }
  for (const candidate of candidates(name))
    if (inner.safeParse(candidate).success) return candidate;
  const optional = schema.safeParse(undefined).success;
  return optional ? undefined : null;
}

type Kind = 'id' | 'amount' | 'day' | 'cursor' | 'number' | 'string' | 'array' | 'other';

function kindOf(name: string, value: unknown): Kind {
  if (
    typeof value === 'string' &&
    /^10(\.00)?$/.test(value) &&
    !/amount|fee|price|sum|total|limit/i.test(name)
  )
    return 'string';
  if (/cursor/i.test(name)) return 'cursor';
  if (typeof value === 'number')
    return /id$|account|customer|recipient|payee/i.test(name) ? 'id' : 'number';
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'day';
    if (value === '10.00' || value === '10') return 'amount';
    if (/^\d+$/.test(value) && /id$|account/i.test(name)) return 'id';
    return 'string';
  }
  if (Array.isArray(value)) return 'array';
  return 'other';
}

const HUGE = 'A'.repeat(100_000);
/** Wrong types and broken text, for any field. */
const GENERIC: unknown[] = [
  null,
  {},
  [],
  true,
  'a\u0000b',
  '\u2028\u2029',
  '\ud800',
  '',
  '\udc00x',
];
const NUMBERS: unknown[] = [
  rawNumber('1e309'),
  rawNumber('-1e309'),
  rawNumber('-0'),
  rawNumber('1e-400'),
  'NaN',
  'Infinity',
  2 ** 53 + 2,
  -1,
  1.5,
];
/** Amounts finer than EUR's cents, signs, zero and amounts in disguise. */
const FINE_AMOUNTS: unknown[] = ['1.001', '0.000000001', rawNumber('10.001'), '10.005'];
const BAD_AMOUNTS: unknown[] = [
  '-1',
  '0',
  '0.00',
  '1e3',
  ' 1',
  '1,5',
  '\uff11',
  '99999999999999999999',
  '-0.01',
  10,
];
const EDGE_DAYS: unknown[] = [
  ...HOSTILE_DAYS,
  '2024-02-30',
  '1900-01-01',
  '2100-12-31',
  '2024-02-29',
];
const STRINGS: unknown[] = [
  '%',
  '%zz',
  '%E0%A4%A',
  '../../etc/passwd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  12,
  HUGE,
];

/**
 * The hostile variants of one field: the ones its kind calls for (another customer's and another
 * brand's ids, too fine amounts, edge days) and a seeded sample of the rest, a few per field.
 */
function variants(name: string, value: unknown): unknown[] {
  const w = world;
  const generic = sample(GENERIC, 1);
  switch (kindOf(name, value)) {
    case 'id': {
      const isCustomer = /customer|recipient|payee/i.test(name);
      return [
        isCustomer ? w.otherCustomerId : w.otherAccountId,
        isCustomer ? w.otherBrandCustomerId : w.otherBrandAccountId,
        ...sample(HOSTILE_IDS, 1),
        ...generic,
      ];
    }
    case 'amount':
      return [...sample(FINE_AMOUNTS, 1), ...sample(BAD_AMOUNTS, 2), ...generic];
    case 'day':
      return [
        ...sample(['2026-02-29', '2024-02-29T24:00:00Z'], 1),
        ...sample(EDGE_DAYS, 2),
        ...generic,
      ];
    case 'cursor':
      return [...sample(HOSTILE_CURSORS, 3), ...generic];
    case 'number':
      return [...sample(NUMBERS, 2), ...generic];
    case 'string':
      return [...sample(STRINGS, 1), ...sample(GENERIC, 2)];
    case 'array':
      return [Array.from({ length: 5000 }, () => 1), ...sample(HOSTILE_IDS, 1), ...generic];
    default:
      return [...sample(GENERIC, 2), 1];
  }
}

/** What may never appear in a refusal: a stack frame, a path into the code, SQL. */
const LEAKS = /\bat .+:\d+:\d+|node_modules|\.ts:\d+|\bselect\b.+\bfrom\b|duplicate key|violates/i;

/** The callers' balances, the number of transfers and postings: what a refusal must leave alone. */
async function snapshot(): Promise<string> {
  const rows = await selectRows<{ text: string }>(
    f.db(),
    sql`select concat_ws('|',
          (select count(*) from ledger_transfers),
          (select count(*) from postings),
          (select string_agg(id || ':' || balance || ':' || pending_amount, ',' order by id)
             from accounts where customer_id in (${world.personal.customerId}, ${world.business.customerId},
               ${world.otherCustomerId}, ${world.otherBrandCustomerId}))
        ) as text`,
  );
  return rows[0]?.text ?? '';
}

const problems: string[] = [];

type Outcome = 'refused' | 'accepted';

/** Checks one answer: below 500, no leak, the envelope on a refusal (the route's answer on success). */
function outcomeOf(
  label: string,
  response: { statusCode: number; body: string; headers: Record<string, unknown> },
  schemas: { success?: z.ZodType; error?: z.ZodType } = {},
): Outcome {
  const said = `${label} → ${response.statusCode} ${response.body.slice(0, 200)}`;
  if (response.statusCode >= 500) problems.push(`5xx: ${said}`);
  const refusedByStatus = response.statusCode >= 400;
  if (refusedByStatus && LEAKS.test(response.body)) problems.push(`leak: ${said}`);
  if (!refusedByStatus && !String(response.headers['content-type'] ?? '').includes('json'))
    return 'accepted';
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.body);
  } catch {
    problems.push(`not JSON: ${said}`);
    return refusedByStatus ? 'refused' : 'accepted';
  }
  const head = errorEnvelopeSchema.safeParse(parsed);
  const code = head.success ? head.data.responseCode : undefined;
  const refused = refusedByStatus || (code !== undefined && code !== '00' && code !== 'SUCCESS');
  const schema = refused ? (schemas.error ?? errorEnvelopeSchema) : schemas.success;
  if (schema && !schema.safeParse(parsed).success)
    problems.push(`${refused ? 'not the envelope' : 'not the answer'}: ${said}`);
  return refused ? 'refused' : 'accepted';
}

/**
 * What a refusal must not change, checked after each refusal where the first, plausible call was
 * accepted (the method can change things), else once for the whole batch of a method that
 * accepted nothing (one query instead of one per call).
 */
class RefusalGuard {
  private before = '';
  private accepted = false;
  private perCall = false;

  async start(perCall: boolean): Promise<void> {
    this.before = await snapshot();
    this.accepted = false;
    this.perCall = perCall;
  }

  async record(label: string, outcome: Outcome): Promise<void> {
    if (outcome === 'accepted') this.accepted = true;
    if (!this.perCall) return;
    const after = await snapshot();
    if (outcome === 'refused' && after !== this.before)
      problems.push(`changed on refusal: ${label}`);
    this.before = after;
  }

  async end(label: string): Promise<void> {
    if (this.perCall || this.accepted) return;
    if ((await snapshot()) !== this.before) problems.push(`changed on refusal: ${label}`);
  }
}

/** The main-API call as the given caller, the body written as JSON text (raw numbers kept). */
async function callMain(
  caller: Caller,
  method: string,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  const response = await server.main(method, jsonText(payload), { token: caller.token, headers });
  // A method that ends the session (sign-out, password change) ends it for the rest of the sweep.
  if (response.statusCode === 401) caller.token = await server.signIn(caller.email);
  return response;
}

/** Whether the field is an amount a call moves or asks for (not a filter of a list or an export). */
function movesMoney(method: string, field: string): boolean {
  return !/^(get|export|list|search|check|find)/.test(method) && !/from|to$|min|max/i.test(field);
}

/** Replaces every account field with the JPY account and every currency with JPY. */
function inYen(base: Record<string, unknown>, jpyAccountId: number): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(base).map(([key, value]) => [
      key,
      /account/i.test(key) && typeof value === 'number'
        ? jpyAccountId
        : /currency/i.test(key)
          ? 'JPY'
          : value,
    ]),
  );
}

beforeAll(async () => {
  server = await startTestServer();
  const personalToken = await server.signIn('personal@ledgerline.test');
  const businessToken = await server.signIn('business@ledgerline.test');
  const annaToken = await server.signIn('anna@pebble.example');
  const tomasToken = await server.signIn('tomas@northmere.example');
  await f.call('addCurrency', personalToken, { currencyCode: 'JPY' });
  const own = await f.accountIn(personalToken, 'EUR');
  const ownAccounts = await f.accountsOf(personalToken);
  const other = await f.accountIn(annaToken, 'EUR');
  const otherBrand = (await f.accountsOf(tomasToken))[0];
  if (!otherBrand) throw new Error('tomas has no account');
  world = {
    personal: {
      email: 'personal@ledgerline.test',
      token: personalToken,
      customerId: await f.customerIdOf('personal@ledgerline.test'),
    },
    business: {
      email: 'business@ledgerline.test',
      token: businessToken,
      customerId: await f.customerIdOf('business@ledgerline.test'),
    },
    ownAccountId: own.accountId,
    ownSecondAccountId: (
      ownAccounts.find((a) => a.accountId !== own.accountId && a.currencyCode === 'EUR') ??
      ownAccounts.find((a) => a.accountId !== own.accountId) ??
      own
    ).accountId,
    ownJpyAccountId: ownAccounts.find(
      (account) => account.currencyCode === 'JPY' && account.type === 1001,
    )?.accountId,
    otherAccountId: other.accountId,
    otherBrandAccountId: otherBrand.accountId,
    otherCustomerId: await f.customerIdOf('anna@pebble.example'),
    otherBrandCustomerId: await f.customerIdOf('tomas@northmere.example'),
    otherEmail: 'anna@pebble.example',
    apiSecret: '',
  };
  acting = world.personal;
  const key = await server.app.inject({
    method: 'POST',
    url: '/api/public-api/apikey',
    headers: { authorization: `Bearer ${businessToken}` },
    payload: {
      customerId: world.business.customerId,
      name: 'Hostile sweep',
      scopes: ['read', 'payment-requests', 'preapproved-pulls'],
    },
  });
  world.apiSecret = (key.json() as { secret: string }).secret;
});

afterAll(async () => {
  await server?.close();
});

describe('hostile sweep over every main-API method', () => {
  // Thousands of requests: on a loaded machine more than the suite's 60 s. A sweep cut off by a
  // timeout would go on in the background and upset the next one.
  it(
    'answers the envelope, never a 5xx, and changes nothing on a refusal',
    { timeout: 300_000 },
    async () => {
      problems.length = 0;
      const guard = new RefusalGuard();
      let requests = 0;
      expect(world.ownJpyAccountId, 'the JPY account the sweep opened').toBeDefined();
      for (const [method, definition] of Object.entries(mainMethods)) {
        const request = objectOf(definition.request as z.ZodType);
        const base = request ? (plausible(request, method) as Record<string, unknown>) : {};
        const callers = random() < 0.15 ? [world.personal, world.business] : [world.personal];
        for (const caller of callers) {
          const send = async (payload: unknown, note: string, headers = {}) => {
            requests += 1;
            const label = `${caller.email} ${method} ${note}`;
            const outcome = outcomeOf(label, await callMain(caller, method, payload, headers));
            await guard.record(label, outcome);
            return outcome;
          };
          await guard.start(false);
          const plausibleOutcome = await send(base, 'plausible');
          if (plausibleOutcome === 'accepted') await guard.start(true);
          const fields = Object.keys((request?.shape ?? {}) as Record<string, unknown>);
          for (const field of fields) {
            const value = base[field];
            for (const variant of variants(field, value)) {
              const outcome = await send(
                { ...base, [field]: variant },
                `${field}=${jsonText(variant).slice(0, 60)}`,
              );
              if (
                FINE_AMOUNTS.includes(variant) &&
                outcome === 'accepted' &&
                movesMoney(method, field)
              )
                problems.push(
                  `accepted an amount finer than EUR: ${method} ${field}=${jsonText(variant)}`,
                );
            }
            if (kindOf(field, value) === 'amount' && world.ownJpyAccountId !== undefined) {
              const yen = { ...inYen(base, world.ownJpyAccountId), [field]: '1.1' };
              if (
                (await send(yen, `${field}=1.1 in JPY`)) === 'accepted' &&
                movesMoney(method, field)
              )
                problems.push(`accepted an amount finer than JPY: ${method} ${jsonText(yen)}`);
            }
          }
          // The envelope's own fields: someone else's customer, a language, a method that differs.
          const extras: [string, Record<string, unknown>][] = [
            ['fromCustomerId other', { fromCustomerId: world.otherCustomerId }],
            ['fromCustomerId other brand', { fromCustomerId: world.otherBrandCustomerId }],
            ['fromCustomerId 1e309', { fromCustomerId: rawNumber('1e309') }],
            ['lang', { lang: 'xx' }],
            ['method', { method: 'getAccounts' }],
          ];
          for (const [note, extra] of sample(extras, 1)) {
            const outcome = await send({ ...base, ...extra }, note);
            if (outcome === 'accepted' && note.startsWith('from') && !definition.isPublic)
              problems.push(`acted for another customer: ${method} ${note}`);
          }
          if (random() < 0.2)
            await send(base, 'Customer-Id other brand', {
              'customer-id': String(world.otherBrandCustomerId),
            });
          await guard.end(`${caller.email} ${method} (the whole batch)`);
        }
      }
      expect(problems).toEqual([]);
      expect(requests).toBeGreaterThan(1000);
      await assertLedgerBalanced(f.db());
    },
  );
});

/** A path parameter's plausible text: an id or a word. */
function pathValue(schema: z.ZodType | undefined, name: string): string {
  const shape = objectOf(schema)?.shape as Record<string, z.ZodType> | undefined;
  const child = shape?.[name];
  const guess = child ? plausible(child, name) : undefined;
  return guess === undefined || guess === null ? '1' : String(guess);
}

/** A route's path parameters, query and body, each with plausible values (the sweep's base call). */
function plausibleRequest(name: string, route: RestRoute) {
  const paramNames = [...route.path.matchAll(/:([A-Za-z][A-Za-z0-9]*)/g)].map(
    (match) => match[1] ?? '',
  );
  const params = Object.fromEntries(
    paramNames.map((param) => [param, pathValue(route.params, param)]),
  );
  const query = objectOf(route.query);
  const queryBase = query ? (plausible(query, name) as Record<string, unknown>) : {};
  const bodySchema = objectOf(route.body);
  const bodyBase = bodySchema ? (plausible(bodySchema, name) as Record<string, unknown>) : {};
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  return { paramNames, params, query, queryBase, bodySchema, bodyBase, hasBody };
}

function isSkipped(route: RestRoute): boolean {
  return route.answer === 'websocket' || route.staticFile === true;
}

/** Hostile path parameter texts, broken percent-encoding first. */
const PATH_TEXTS = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '%ED%A0%80',
  encodeURIComponent(HUGE.slice(0, 5000)),
  '0',
  '-1',
  '99999999999999999999',
  '1e309',
  '..%2F..%2Fetc',
];

/** Bodies no route accepts: empty, broken, the wrong shape, too big, the wrong content type. */
const BROKEN_BODIES: readonly [string, string, string][] = [
  ['empty body', '', 'application/json'],
  ['not JSON', '{"a":', 'application/json'],
  ['array', '[]', 'application/json'],
  ['null', 'null', 'application/json'],
  ['number', '1e309', 'application/json'],
  ['oversize', `{"a":"${'x'.repeat(3_000_000)}"}`, 'application/json'],
  ['text/plain', '{}', 'text/plain'],
  ['form', 'a=1', 'application/x-www-form-urlencoded'],
  [
    'broken multipart',
    '--x\r\nContent-Disposition: form-data; name="data"\r\n\r\n{',
    'multipart/form-data; boundary=x',
  ],
  ['multipart without boundary', '', 'multipart/form-data'],
  ['content type garbage', '{}', '%%%/;;;'],
  [
    'prototype keys',
    '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{}}}',
    'application/json',
  ],
];

/** Every field of a schema (those the plausible value leaves out too) with its plausible value. */
function fieldsOf(
  schema: z.ZodObject | undefined,
  base: Record<string, unknown>,
): [string, unknown][] {
  return Object.keys((schema?.shape ?? {}) as Record<string, unknown>).map((field) => [
    field,
    base[field],
  ]);
}

/** Query values as text (objects and arrays as JSON). */
function queryText(values: Record<string, unknown>): string {
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    pairs.push([key, typeof value === 'string' ? value : jsonText(value)]);
  }
  return new URLSearchParams(pairs).toString();
}

describe('hostile sweep over every REST route', () => {
  // Thousands of requests: on a loaded machine more than the suite's 60 s. A sweep cut off by a
  // timeout would go on in the background and upset the next one.
  it(
    'answers the envelope, never a 5xx, and changes nothing on a refusal',
    { timeout: 300_000 },
    async () => {
      problems.length = 0;
      const guard = new RefusalGuard();
      let address = 0;
      const routes = listRestRoutes().filter(({ route }) => !isSkipped(route));
      expect(routes.length).toBeGreaterThan(80);
      for (const { name, route } of routes) {
        // The merchant routes are the business customer's; the public API v1 takes its API key.
        acting = /^\/api\/(public-api|merchant|public\/)/.test(route.path)
          ? world.business
          : world.personal;
        const bearer = route.path.startsWith('/api/public/v1/') ? world.apiSecret : undefined;
        const { paramNames, params, query, queryBase, bodySchema, bodyBase, hasBody } =
          plausibleRequest(name, route);
        const basePath = fillPath(route.path, params);
        const send = async (
          note: string,
          options: { path?: string; query?: string; body?: string; contentType?: string },
        ) => {
          address += 1;
          const path = options.path ?? basePath;
          const search = options.query ?? queryText(queryBase);
          const body = options.body ?? (hasBody ? jsonText(bodyBase) : undefined);
          const response = await server.app.inject({
            method: route.method,
            url: search ? `${path}?${search}` : path,
            // Public routes are rate limited per address: each call comes from its own.
            remoteAddress: `10.77.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`,
            headers: {
              ...(route.auth === 'public'
                ? {}
                : { authorization: `Bearer ${bearer ?? acting.token}` }),
              ...(body === undefined
                ? {}
                : { 'content-type': options.contentType ?? 'application/json' }),
            },
            ...(body === undefined ? {} : { payload: body }),
          });
          const label = `${route.method} ${route.path} ${note}`;
          const isJson = route.answer === undefined || route.answer === 'json';
          const outcome = outcomeOf(label, response, {
            ...(isJson && route.response ? { success: route.response } : {}),
            error: route.error,
          });
          await guard.record(label, outcome);
          if (response.statusCode === 401 && route.auth === 'session')
            acting.token = await server.signIn(acting.email);
          return outcome;
        };
        await guard.start(false);
        if ((await send('plausible', {})) === 'accepted') await guard.start(true);
        for (const param of paramNames) {
          const original = encodeURIComponent(params[param] ?? '');
          const others = [String(world.otherAccountId), String(world.otherBrandAccountId)];
          for (const text of [...sample(PATH_TEXTS, 5), ...others]) {
            await send(`:${param}=${text.slice(0, 30)}`, {
              path: basePath.replace(original, text),
            });
          }
        }
        const search = queryText(queryBase);
        for (const broken of ['%', '%zz', '%E0%A4%A', 'a=%', `${search}&${search}`])
          await send(`?${broken.slice(0, 40)}`, { query: broken });
        for (const [field, value] of fieldsOf(query, queryBase))
          for (const variant of variants(field, value))
            await send(`?${field}=${jsonText(variant).slice(0, 40)}`, {
              query: queryText({ ...queryBase, [field]: variant }),
            });
        if (hasBody) {
          for (const [field, value] of fieldsOf(bodySchema, bodyBase))
            for (const variant of variants(field, value))
              await send(`body ${field}=${jsonText(variant).slice(0, 40)}`, {
                body: jsonText({ ...bodyBase, [field]: variant }),
              });
          for (const [note, body, contentType] of BROKEN_BODIES)
            await send(note, { body, contentType });
        }
        await guard.end(`${route.method} ${route.path} (the whole batch)`);
      }
      expect(problems).toEqual([]);
      await assertLedgerBalanced(f.db());
    },
  );
});

describe('text the database cannot hold', () => {
  it('refuses NUL and a lone surrogate on the field that carries them, and keeps emoji', async () => {
    const refusals: [string, Record<string, unknown>, string][] = [
      ['getBatchTransfers', { search: 'a\u0000b' }, 'search'],
      ['exportHistory', { accountId: world.ownAccountId, email: '\ud800' }, 'email'],
      ['exportHistory', { accountId: world.ownAccountId, keyword: 'x\udc00' }, 'keyword'],
    ];
    for (const [method, payload, field] of refusals) {
      const { status, body } = await server.send(method, payload, { token: world.personal.token });
      expect(status, method).toBe(400);
      expect(body.responseCode).toBe('TA1');
      expect(Object.keys(body.validationErrors ?? {})).toEqual([field]);
    }
    const device = await server.app.inject({
      method: 'POST',
      url: '/api/auth/devices',
      headers: { authorization: `Bearer ${world.personal.token}` },
      payload: { name: 'phone\u0000', type: 'ios' },
    });
    expect(device.statusCode).toBe(400);
    expect(device.json()).toMatchObject({
      responseCode: 'TA1',
      validationErrors: { name: expect.any(String) },
    });
    const emoji = await server.send(
      'getBatchTransfers',
      { search: 'caf\u00e9 \ud83d\ude00' },
      { token: world.personal.token },
    );
    expect(emoji.status).toBe(200);
  });

  it('answers an empty or broken identity-provider callback body with the envelope', async () => {
    for (const payload of ['', '{"a":']) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/identity-verification/callbacks/nfd',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(errorEnvelopeSchema.parse(response.json()).responseCode).toBe('TA1');
    }
  });
});

/*
 * The same request many times at once, for writes that carry no idempotency key: twenty identical
 * calls together leave what two calls one after the other leave (one entry where the second call
 * is refused or changes nothing), and none answers a 5xx.
 */
describe('the same write twenty times at once', () => {
  interface Case {
    name: string;
    caller: () => Caller;
    /** The call, for a marker that makes its entry unique. */
    write: (marker: string) => (token: string) => Promise<{ statusCode: number; body: string }>;
    /** The answer that lists the entries. */
    list: (token: string) => Promise<{ statusCode: number; body: string }>;
    /** What the list shows of the entry, when not the marker itself. */
    key?: (marker: string) => string;
  }

  const main =
    (method: string, payload: unknown) =>
    (token: string): Promise<{ statusCode: number; body: string }> =>
      server.main(method, jsonText(payload), { token });
  const rest =
    (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    (token: string): Promise<{ statusCode: number; body: string }> =>
      server.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });

  const cases: Case[] = [
    {
      name: 'addEmail',
      caller: () => world.personal,
      write: (marker) => main('addEmail', { email: `${marker}@example.com` }),
      list: main('getProfile', {}),
    },
    {
      name: 'addPhone',
      caller: () => world.personal,
      write: (marker) =>
        main('addPhone', { phoneCountryCode: 'LT', phone: phoneOf(marker), phoneType: 2 }),
      list: main('getProfile', {}),
      key: (marker) => phoneOf(marker),
    },
    {
      name: 'addPayoutBlacklist',
      caller: () => world.personal,
      write: (marker) =>
        main('addPayoutBlacklist', { email: `${marker}@example.com`, blockType: 'p2p' }),
      list: main('getPayoutBlacklist', {}),
    },
    {
      name: 'addIpWhitelistEntry',
      caller: () => world.personal,
      write: (marker) => main('addIpWhitelistEntry', { ip: ipOf(marker) }),
      list: main('getIpWhitelist', {}),
      key: (marker) => `"${ipOf(marker)}"`,
    },
    {
      name: 'addCompanyPaymentEmail',
      caller: () => world.business,
      write: (marker) => main('addCompanyPaymentEmail', { email: `${marker}@example.com` }),
      list: main('getCompanyPaymentEmails', {}),
    },
    {
      name: 'addCompanyUser',
      caller: () => world.business,
      write: (marker) =>
        main('addCompanyUser', {
          email: `${marker}@example.com`,
          accessRight: 2,
          permissions: [],
        }),
      list: main('getCompanyUsers', {}),
    },
    {
      name: 'savePaymentTemplate',
      caller: () => world.personal,
      write: (marker) =>
        main('savePaymentTemplate', {
          type: 'wire',
          name: marker,
          bankDetails: {
            beneficiaryName: 'Marie Dubois',
            countryCode: 'FR',
            iban: 'FR1420041010050500013M02606',
            currency: 'EUR',
          },
        }),
      list: main('getPaymentTemplates', {}),
    },
    {
      name: 'POST /api/public-api/apikey',
      caller: () => world.business,
      write: (marker) =>
        rest('POST', '/api/public-api/apikey', {
          customerId: world.business.customerId,
          name: marker,
          scopes: ['read'],
        }),
      list: (token) =>
        rest('GET', `/api/public-api/apikey?customerId=${world.business.customerId}`)(token),
    },
    {
      name: 'POST /api/public-api/allowedip',
      caller: () => world.business,
      write: (marker) =>
        rest('POST', '/api/public-api/allowedip', {
          customerId: world.business.customerId,
          name: marker,
          ipFrom: ipOf(marker),
          ipTo: ipOf(marker),
        }),
      list: (token) =>
        rest('GET', `/api/public-api/allowedip?customerId=${world.business.customerId}`)(token),
    },
    {
      name: 'POST /api/public-api/webhook',
      caller: () => world.business,
      write: (marker) =>
        rest('POST', '/api/public-api/webhook', {
          customerId: world.business.customerId,
          name: marker,
          url: `https://example.com/${marker}`,
        }),
      list: (token) =>
        rest('GET', `/api/public-api/webhook?customerId=${world.business.customerId}`)(token),
    },
  ];

  let markers = 0;
  function nextMarker(): string {
    markers += 1;
    return `same${markers}x${Math.floor(random() * 1e6)}`;
  }

  /** A documentation address (203.0.113.0/24) from the marker's number. */
  function ipOf(marker: string): string {
    return `203.0.113.${(Number(/^same(\d+)/.exec(marker)?.[1] ?? '1') % 250) + 1}`;
  }

  /** A Lithuanian mobile number from the marker's number. */
  function phoneOf(marker: string): string {
    return `6${String(61_000_000 + Number(/^same(\d+)/.exec(marker)?.[1] ?? '1')).slice(1)}`;
  }

  function occurrences(text: string, marker: string): number {
    return text.split(marker).length - 1;
  }

  it.each(cases.map((item) => [item.name, item] as const))(
    '%s: twenty at once leave what two in turn leave',
    async (_name, item) => {
      const caller = item.caller();
      const count = async (marker: string): Promise<number> => {
        const listed = await item.list(caller.token);
        expect(listed.statusCode, listed.body).toBe(200);
        // A phone number is listed in its international form, in groups.
        return occurrences(listed.body.replace(/[\s-]/g, ''), item.key?.(marker) ?? marker);
      };
      const inTurn = nextMarker();
      const first = await item.write(inTurn)(caller.token);
      expect(first.statusCode, first.body).toBeLessThan(300);
      // How often one entry shows the marker (an e-mail may show as address and as login).
      const once = await count(inTurn);
      expect(once).toBeGreaterThan(0);
      const second = await item.write(inTurn)(caller.token);
      expect(second.statusCode, second.body).toBeLessThan(500);
      const isOnce = (await count(inTurn)) === once;

      const atOnce = nextMarker();
      const write = item.write(atOnce);
      const answers = await Promise.all(Array.from({ length: 20 }, () => write(caller.token)));
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBeLessThan(500);
        expect(errorEnvelopeSchema.safeParse(JSON.parse(answer.body)).success, answer.body).toBe(
          true,
        );
      }
      // Two in turn made one entry: twenty at once make one. Two made two: each accepted call of
      // the twenty made one (a cap may refuse some).
      const accepted = answers.filter((answer) => answer.statusCode === 200).length;
      expect(accepted).toBeGreaterThan(0);
      expect(await count(atOnce)).toBe(isOnce ? once : accepted * once);
      await assertLedgerBalanced(f.db());
    },
  );
});

/*
 * Another customer's records, by id: every id field of every main-API method and REST route (the
 * account, invoice, batch, template, card, device, key, webhook, document… ids) is sent a real id
 * of another customer's row of each table that names its owner (customer_id or user_id), taken
 * from the database's own catalogue so a new table is tried without being listed here. An answer
 * that takes such an id must not show that row (a distinctive text of it the same request with
 * the caller's own value did not show), and no call may change or remove another customer's row.
 */
describe("another customer's records, by id", () => {
  interface Foreign {
    table: string;
    id: string;
    /** Names, e-mails, numbers, descriptions: text that identifies the row in an answer. */
    texts: string[];
  }
  const ID_FIELD = /(^id|Id|Ids|^(from|to)Account)$/;
  /** What changes without anyone touching the row (a P2P to its owner moves their balance). */
  const VOLATILE = ['balance', 'pending_amount', 'updated_at', 'last_used_at', 'last_seen_at'];
  /** Rows the server's own background work changes while the sweep runs (the mailer sends). */
  const BUSY_TABLES = new Set(['outbox']);
  /** A second business, with an API key of its own. */
  let neighbour: Caller;
  let neighbourSecret: string;
  /** The foreign rows of the pass in progress. */
  let foreign: Foreign[] = [];
  /** Requests with a foreign id below the top level (in an array of rows, a nested object). */
  let nestedTried = 0;

  function distinctive(json: unknown, out: string[] = []): string[] {
    if (typeof json === 'string') {
      if (
        json.length >= 8 &&
        /[\s@.\d]/.test(json) &&
        /[a-z]/i.test(json) &&
        !/^\d{4}-\d{2}-\d{2}/.test(json) &&
        // An origin (where a link was made) is every customer's.
        !/^https?:\/\/[^/]+\/?$/.test(json)
      )
        out.push(json);
    } else if (json && typeof json === 'object')
      for (const value of Object.values(json)) distinctive(value, out);
    return out;
  }

  async function foreignState(): Promise<string> {
    const parts = foreign.map(
      (row) =>
        sql`select ${row.table} || ':' || coalesce((row_to_json(t)::jsonb - ${sql.raw(
          `array[${VOLATILE.map((column) => `'${column}'`).join(', ')}]`,
        )}::text[])::text, 'gone') as state
            from (select 1) one left join ${sql.identifier(row.table)} t on t.id::text = ${row.id}`,
    );
    const rows = await selectRows<{ state: string }>(f.db(), sql.join(parts, sql` union all `));
    return rows
      .map((row) => row.state)
      .sort()
      .join('\n');
  }

  /**
   * One row of each table that names its owner, of customers the caller is not and cannot act
   * for: the oldest, which no background work (rails, settlement) is still moving.
   */
  async function foreignRowsOf(caller: Caller): Promise<Foreign[]> {
    const owners = await selectRows<{ id: number }>(
      f.db(),
      sql`select c.id from customers c
          where c.id <> ${caller.customerId}
            and not exists (select 1 from customer_access a join users u on u.id = a.user_id
              where a.customer_id = c.id and u.customer_id = ${caller.customerId})`,
    );
    const ownerList = sql.join(
      owners.map((owner) => sql`${owner.id}`),
      sql`, `,
    );
    const tables = await selectRows<{ table: string; owner: string }>(
      f.db(),
      sql`select c.table_name as table, c.column_name as owner from information_schema.columns c
          where c.table_schema = current_schema() and c.column_name in ('customer_id', 'user_id', 'payee_customer_id', 'merchant_customer_id')
            and exists (select 1 from information_schema.columns i
              where i.table_schema = c.table_schema and i.table_name = c.table_name and i.column_name = 'id')
          order by 1, 2`,
    );
    const rows: Foreign[] = [];
    for (const { table, owner } of tables) {
      if (BUSY_TABLES.has(table) || rows.some((seen) => seen.table === table)) continue;
      const ownedBy =
        owner === 'user_id'
          ? sql`t.user_id in (select id from users where customer_id in (${ownerList}))`
          : sql`${sql.identifier(owner)} in (${ownerList})`;
      const found = await selectRows<{ id: string; json: Record<string, unknown> }>(
        f.db(),
        sql`select t.id::text as id, row_to_json(t) as json from ${sql.identifier(table)} t
            where ${ownedBy} order by t.id limit 20`,
      );
      // A record with two parties (an invoice's payer, a payment's payer) is the caller's too
      // when the caller is the other party.
      const row = found.find(
        ({ json }) =>
          !Object.entries(json).some(
            ([column, value]) => /customer_id$/.test(column) && value === caller.customerId,
          ) && !JSON.stringify(json).toLowerCase().includes(caller.email),
      );
      if (row) rows.push({ table, id: row.id, texts: distinctive(row.json) });
    }
    return rows;
  }

  /** The words a table's name uses for what an id field names, where they differ. */
  const SYNONYMS: Record<string, string> = {
    transaction: 'transfer',
    approvaltransaction: 'transfer',
    operation: 'confirmation',
    subscription: 'preapproval',
    apikey: 'api_key',
    application: 'card_application',
    oldaddress: 'address',
    payment: 'pay',
    message: 'messages',
  };

  /**
   * The foreign rows an id field is tried with: the tables its name names (invoiceId → invoices,
   * batchId → batch_transfers and global_pay_batches), or every table for a bare `id` and for a
   * name no table matches.
   */
  function rowsFor(field: string): Foreign[] {
    const stem = field.replace(/(Id|Ids)$/, '').toLowerCase();
    if (stem === 'id' || stem === '') return foreign;
    const word = SYNONYMS[stem] ?? (/account/.test(stem) ? 'account' : stem);
    const named = foreign.filter((row) =>
      row.table.replaceAll('_', '').includes(word.replaceAll('_', '')),
    );
    return named.length > 0 ? named : foreign;
  }

  /** The value of an id field for a foreign row, as the field's schema takes it, or undefined. */
  function asField(schema: z.ZodType | undefined, id: string): unknown {
    if (!schema) return undefined;
    const inner = unwrap(schema);
    const element = inner instanceof z.ZodArray ? (inner.element as z.ZodType) : undefined;
    for (const value of /^\d+$/.test(id) ? [Number(id), id] : [id]) {
      const candidate = element ? [value] : value;
      if (schema.safeParse(candidate).success) return candidate;
    }
    return undefined;
  }

  /** An id field below a request's top level: where it is (keys and array indexes) and its schema. */
  interface NestedId {
    path: (string | number)[];
    schema: z.ZodType;
  }

  /**
   * Every id field inside a request's objects and arrays of objects (a batch's rows, a list of
   * items), by the request's plausible value: the first element of an array stands for all.
   */
  function nestedIds(
    schema: z.ZodType,
    value: unknown,
    path: (string | number)[] = [],
  ): NestedId[] {
    const inner = unwrap(schema);
    if (inner instanceof z.ZodArray)
      return Array.isArray(value) && value.length > 0
        ? nestedIds(inner.element as z.ZodType, value[0], [...path, 0])
        : [];
    const object = objectOf(schema);
    if (!object || !value || typeof value !== 'object' || Array.isArray(value)) return [];
    const found: NestedId[] = [];
    for (const [key, child] of Object.entries(object.shape as Record<string, z.ZodType>)) {
      if (path.length > 0 && ID_FIELD.test(key))
        found.push({ path: [...path, key], schema: child });
      found.push(...nestedIds(child, (value as Record<string, unknown>)[key], [...path, key]));
    }
    return found;
  }

  /** A copy of `value` with `replacement` at `path`. */
  function withAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
    const [head, ...rest] = path;
    if (head === undefined) return replacement;
    if (Array.isArray(value)) {
      const copy = [...value];
      copy[Number(head)] = withAt(copy[Number(head)], rest, replacement);
      return copy;
    }
    const object = (value ?? {}) as Record<string, unknown>;
    return { ...object, [head]: withAt(object[head], rest, replacement) };
  }

  /** Each nested id of `base` with each foreign row it names, as the request to send. */
  function* nestedVariants(
    schema: z.ZodType,
    base: Record<string, unknown>,
  ): Generator<{ where: string; row: Foreign; body: Record<string, unknown> }> {
    for (const { path, schema: field } of nestedIds(schema, base))
      for (const row of rowsFor(String(path.at(-1)))) {
        const value = asField(field, row.id);
        if (value === undefined) continue;
        yield {
          where: path.join('.'),
          row,
          body: withAt(base, path, value) as Record<string, unknown>,
        };
      }
  }

  /**
   * Every id field of every method and route, as the caller, with each foreign row it names: the
   * personal customer, then the business customer (the merchant routes and the public API v1).
   */
  async function sweepAs(caller: Caller, apiSecret?: string): Promise<number> {
    foreign = await foreignRowsOf(caller);
    acting = caller;
    const before = await foreignState();
    let tried = 0;
    const check = async (
      label: string,
      baseBody: string,
      row: Foreign,
      sent: string,
      call: () => Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>,
    ) => {
      tried += 1;
      const response = await call();
      if (outcomeOf(label, response) !== 'accepted') return;
      // What the request itself carried (a name the sweep chose) may come back in any answer.
      const shown = row.texts.filter(
        (text) => response.body.includes(text) && !baseBody.includes(text) && !sent.includes(text),
      );
      if (shown.length > 0)
        problems.push(`${label} showed ${row.table} ${row.id}: ${shown.join(', ').slice(0, 80)}`);
      const after = await foreignState();
      if (after !== before) {
        const was = new Set(before.split('\n'));
        const changed = after.split('\n').filter((line) => !was.has(line));
        problems.push(
          `${label} changed another customer's rows: ${changed.join(' | ').slice(0, 400)}`,
        );
        throw new Error(problems.join('\n'));
      }
    };

    for (const [method, definition] of Object.entries(mainMethods)) {
      if (definition.isPublic) continue;
      const request = objectOf(definition.request as z.ZodType);
      const shape = (request?.shape ?? {}) as Record<string, z.ZodType>;
      const fields = Object.keys(shape).filter((field) => ID_FIELD.test(field));
      if (!request) continue;
      const base = plausible(request, method) as Record<string, unknown>;
      const nested = [...nestedVariants(request, base)];
      if (fields.length === 0 && nested.length === 0) continue;
      const baseBody = (await callMain(caller, method, base)).body;
      for (const { where, row, body } of nested) {
        nestedTried += 1;
        await check(
          `${caller.email} ${method} ${where}=${row.table}:${row.id}`,
          baseBody,
          row,
          jsonText(body),
          () => callMain(caller, method, body),
        );
      }
      for (const field of fields)
        for (const row of rowsFor(field)) {
          const value = asField(shape[field], row.id);
          if (value === undefined) continue;
          await check(
            `${caller.email} ${method} ${field}=${row.table}:${row.id}`,
            baseBody,
            row,
            jsonText({ ...base, [field]: value }),
            () => callMain(caller, method, { ...base, [field]: value }),
          );
        }
    }

    const routes = listRestRoutes().filter(
      ({ route }) =>
        !isSkipped(route) && route.auth !== 'public' && !route.devOnly && !route.multipart,
    );
    for (const { name, route } of routes) {
      const isApiV1 = route.path.startsWith('/api/public/v1/');
      if (isApiV1 && !apiSecret) continue;
      const bearer = isApiV1 ? apiSecret : caller.token;
      const { paramNames, params, query, queryBase, bodySchema, bodyBase, hasBody } =
        plausibleRequest(name, route);
      const send = (
        path: string,
        search: Record<string, unknown>,
        body: Record<string, unknown>,
      ) => {
        const text = queryText(search);
        return server.app.inject({
          method: route.method,
          url: text ? `${path}?${text}` : path,
          headers: {
            authorization: `Bearer ${bearer}`,
            ...(hasBody ? { 'content-type': 'application/json' } : {}),
          },
          ...(hasBody ? { payload: jsonText(body) } : {}),
        });
      };
      const basePath = fillPath(route.path, params);
      const paramShape = objectOf(route.params)?.shape as Record<string, z.ZodType> | undefined;
      const queryShape = (query?.shape ?? {}) as Record<string, z.ZodType>;
      const bodyShape = (bodySchema?.shape ?? {}) as Record<string, z.ZodType>;
      const ids = (keys: string[]) => keys.filter((key) => ID_FIELD.test(key));
      const nested = hasBody && bodySchema ? [...nestedVariants(bodySchema, bodyBase)] : [];
      if (
        nested.length === 0 &&
        [paramNames, Object.keys(queryShape), Object.keys(bodyShape)].every(
          (keys) => ids(keys).length === 0,
        )
      )
        continue;
      const baseBody = (await send(basePath, queryBase, bodyBase)).body;
      const label = (where: string, row: Foreign) =>
        `${caller.email} ${route.method} ${route.path} ${where}=${row.table}:${row.id}`;
      for (const param of ids(paramNames))
        for (const row of rowsFor(param)) {
          const value = asField(paramShape?.[param] ?? z.string(), row.id);
          if (value === undefined) continue;
          await check(label(`:${param}`, row), baseBody, row, jsonText([queryBase, bodyBase]), () =>
            send(fillPath(route.path, { ...params, [param]: String(value) }), queryBase, bodyBase),
          );
        }
      for (const field of ids(Object.keys(queryShape)))
        for (const row of rowsFor(field)) {
          const value = asField(queryShape[field], row.id);
          if (value === undefined) continue;
          await check(label(`?${field}`, row), baseBody, row, jsonText([queryBase, bodyBase]), () =>
            send(basePath, { ...queryBase, [field]: value }, bodyBase),
          );
        }
      for (const { where, row, body } of nested) {
        nestedTried += 1;
        await check(label(`body ${where}`, row), baseBody, row, jsonText([queryBase, body]), () =>
          send(basePath, queryBase, body),
        );
      }
      for (const field of ids(Object.keys(bodyShape)))
        for (const row of rowsFor(field)) {
          const value = asField(bodyShape[field], row.id);
          if (value === undefined) continue;
          await check(
            label(`body ${field}`, row),
            baseBody,
            row,
            jsonText([queryBase, bodyBase]),
            () => send(basePath, queryBase, { ...bodyBase, [field]: value }),
          );
        }
    }
    expect(await foreignState()).toBe(before);
    return tried;
  }

  beforeAll(async () => {
    // Another business: the merchant records (invoices, keys, webhooks, buttons, payment
    // requests, pre-approvals, global payouts) of the seed are the business customer's.
    const email = 'office@harbourlight.example';
    neighbour = {
      email,
      token: await server.signIn(email),
      customerId: await f.customerIdOf(email),
    };
    const key = await server.app.inject({
      method: 'POST',
      url: '/api/public-api/apikey',
      headers: { authorization: `Bearer ${neighbour.token}` },
      payload: {
        customerId: neighbour.customerId,
        name: 'Foreign ids',
        scopes: ['read', 'payment-requests', 'preapproved-pulls'],
      },
    });
    expect(key.statusCode, key.body).toBe(200);
    neighbourSecret = (key.json() as { secret: string }).secret;
    // Records the seed does not give the callers' neighbours: each made the way a customer makes it.
    const business = world.business.token;
    const account = (await f.accountIn(business, 'EUR')).accountId;
    const made = [
      await server.main(
        'createInvoice',
        jsonText({
          toEmail: 'anna@pebble.example',
          amount: '25',
          currency: 'EUR',
          dueDate: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
          noteBody: 'Harbour survey, phase two',
        }),
        { token: business },
      ),
      await server.main(
        'createSavedButton',
        jsonText({ name: 'Coffee beans', description: 'One bag of 1 kg', accountId: account }),
        { token: business },
      ),
      await server.app.inject({
        method: 'POST',
        url: '/api/public/v1/payment-requests',
        headers: { authorization: `Bearer ${neighbourSecret}`, 'idempotency-key': randomUUID() },
        payload: { amount: '25.50', currency: 'EUR', description: 'Order 1001 for table 4' },
      }),
      await server.main('addIpWhitelistEntry', jsonText({ ip: '198.51.100.77' }), {
        token: world.personal.token,
      }),
    ];
    for (const answer of made) expect(answer.statusCode, answer.body).toBe(200);
  });

  it('never shows, changes or removes another customer’s row', { timeout: 300_000 }, async () => {
    problems.length = 0;
    nestedTried = 0;
    const tables = new Set<string>();
    let tried = 0;
    const passes: [Caller, string | undefined][] = [
      [world.personal, undefined],
      [world.business, world.apiSecret],
      [neighbour, neighbourSecret],
    ];
    for (const [caller, apiSecret] of passes) {
      tried += await sweepAs(caller, apiSecret);
      for (const row of foreign) tables.add(row.table);
    }
    expect(problems).toEqual([]);
    expect(tables.size, 'tables with another customer’s rows').toBeGreaterThan(25);
    expect(tried, 'requests with another customer’s ids').toBeGreaterThan(4000);
    expect(nestedTried, 'requests with another customer’s ids in nested fields').toBeGreaterThan(0);
  });
});
