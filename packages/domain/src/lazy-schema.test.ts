import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { deferSchema, lazySchema } from './lazy-schema';

describe('deferSchema (a schema built on its first use, as in the browser)', () => {
  it('builds nothing until the schema is first used, and builds it once', () => {
    const build = vi.fn(() => z.object({ name: z.string().min(3) }));
    const schema = deferSchema(build);
    expect(build).not.toHaveBeenCalled();
    expect(schema.safeParse({ name: 'Ana' }).success).toBe(true);
    expect(schema.safeParse({ name: 'Al' }).success).toBe(false);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('refuses what the schema built at once refuses, with the same issues', () => {
    const make = () =>
      z.strictObject({
        accountId: z.number().int().min(1).max(2_147_483_647),
        amount: z.string().regex(/^\d{1,9}\.\d{2}$/),
        note: z.string().max(5).optional(),
      });
    const eager = make();
    const deferred = deferSchema(make);
    for (const input of [
      { accountId: 7, amount: '10.50' },
      { accountId: 0, amount: '10.50' },
      { accountId: 7, amount: '1e3', note: 'far too long' },
      { accountId: 7, amount: '1.00', extra: true },
      null,
    ]) {
      const expected = eager.safeParse(input);
      const actual = deferred.safeParse(input);
      expect(actual.success).toBe(expected.success);
      expect(actual.error?.issues).toEqual(expected.error?.issues);
    }
  });

  it('composes: deferred parts inside a deferred object, extended, unwrapped and told apart', () => {
    const id = deferSchema(() => z.number().int().min(1));
    const payee = deferSchema(() => z.object({ id, name: z.string() }));
    const request = deferSchema(() =>
      payee.extend({ fromAccountId: id.optional(), kind: z.enum(['p2p', 'wire']) }),
    );
    const answer = deferSchema(() =>
      z.discriminatedUnion('status', [
        z.object({ status: z.literal('ok'), id }),
        z.object({ status: z.literal('refused'), reason: z.string() }),
      ]),
    );

    expect(request.parse({ id: 2, name: 'Bo', kind: 'p2p' })).toEqual({
      id: 2,
      name: 'Bo',
      kind: 'p2p',
    });
    expect(request.safeParse({ id: 2, name: 'Bo', kind: 'p2p', fromAccountId: 0 }).success).toBe(
      false,
    );
    expect(answer.safeParse({ status: 'refused', reason: 'limit' }).success).toBe(true);
    expect(answer.safeParse({ status: 'ok', id: -1 }).success).toBe(false);

    expect(request instanceof z.ZodObject).toBe(true);
    expect(id instanceof z.ZodNumber).toBe(true);
    expect(Object.keys(request.shape)).toEqual(['id', 'name', 'fromAccountId', 'kind']);
    // What a method derives wraps the exported stand-in: unwrapping finds that very object.
    expect(request.shape.fromAccountId.unwrap()).toBe(id);
    expect(request.shape.id).toBe(id);
  });
});

describe('lazySchema', () => {
  it('builds at once outside a browser, so the server validates with the schema it built', () => {
    expect('window' in globalThis).toBe(false);
    const built = z.string();
    expect(lazySchema(() => built)).toBe(built);
  });
});
