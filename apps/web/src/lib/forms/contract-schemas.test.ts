import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  idSchema,
  listRestRoutes,
  mainMethods,
  transferP2PRequestSchema,
} from '@ledgerline/contract';
import { schemaResolver } from './schema-resolver';

/*
 * In the browser (here jsdom) the contract's schemas are built on their first use, not when the
 * contract loads (decision 119). Built that way they must refuse what they refuse on the server,
 * where they are built at once: the contract's own tests check the server's side.
 */

const HOSTILE_IDS = [0, -1, 2 ** 31, Number.NaN, 1.5, '12'];

/** The schema under optional and nullable wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  while (current instanceof z.ZodOptional || current instanceof z.ZodNullable)
    current = current.unwrap() as z.ZodType;
  return current;
}

describe("the contract's schemas in the browser", () => {
  it('run here as in a browser, where they are built on first use', () => {
    expect('window' in globalThis).toBe(true);
  });

  it('refuse a hostile id in every request field that holds one', () => {
    let checked = 0;
    for (const [method, definition] of Object.entries(mainMethods)) {
      const request = definition.request as z.ZodType;
      if (!(request instanceof z.ZodObject)) continue;
      for (const [field, child] of Object.entries(request.shape as Record<string, z.ZodType>)) {
        if (unwrap(child) !== idSchema) continue;
        checked += 1;
        for (const id of HOSTILE_IDS) {
          const shape = request.shape as Record<string, z.ZodType>;
          expect(shape[field]?.safeParse(id).success, `${method}.${field} took ${String(id)}`).toBe(
            false,
          );
        }
      }
    }
    // The walk itself found the fields (getTransactionHistory.accountId, transferP2P's account…).
    expect(checked).toBeGreaterThan(50);
  });

  it('give every REST route a schema that can be read', () => {
    for (const { name, route } of listRestRoutes()) {
      expect(route.error.safeParse(undefined).success, name).toBe(false);
    }
  });

  it("refuse a bad transfer through a form's resolver and pass a good one", async () => {
    const options: ResolverOptions<z.input<typeof transferP2PRequestSchema>> = {
      fields: {},
      shouldUseNativeValidation: undefined,
    };
    const resolve = schemaResolver(transferP2PRequestSchema);
    const refused = await resolve(
      { fromAccount: 0, email: 'nobody', amount: 'ten', idempotencyKey: 'not-a-uuid' },
      undefined,
      options,
    );
    expect(refused.values).toEqual({});
    expect(Object.keys(refused.errors).sort()).toEqual([
      'amount',
      'email',
      'fromAccount',
      'idempotencyKey',
    ]);

    const good = {
      fromAccount: 12,
      email: 'ana@example.test',
      amount: '10.50',
      idempotencyKey: '6f1c1b8e-2a3d-4c5e-8f90-1a2b3c4d5e6f',
    };
    const passed = await resolve(good, undefined, options);
    expect(passed.errors).toEqual({});
    expect(passed.values).toEqual(good);
  });
});
