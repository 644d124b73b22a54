import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schemaResolver } from './schema-resolver';

const schema = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'validation.sixDigitCode')),
  agree: z.boolean().pipe(z.literal(true, 'validation.required')),
});

const options: ResolverOptions<z.input<typeof schema>> = {
  fields: {},
  shouldUseNativeValidation: undefined,
};

describe('schemaResolver', () => {
  it('hands the submit the schema output (transformed), not the typed text', async () => {
    const result = await schemaResolver(schema)(
      { code: '123 456', agree: true },
      undefined,
      options,
    );
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ code: '123456', agree: true });
  });

  it('puts each message key on its field and hands the submit nothing', async () => {
    const result = await schemaResolver(schema)({ code: '12', agree: false }, undefined, options);
    expect(result.values).toEqual({});
    expect(result.errors.code?.message).toBe('validation.sixDigitCode');
    expect(result.errors.agree?.message).toBe('validation.required');
  });
});
