import { describe, expect, it } from 'vitest';
import { preconfigureZodJitless } from './zod-jitless';

describe('zod without eval', () => {
  it('is jitless when configured before zod loads, and still validates', async () => {
    preconfigureZodJitless();
    const { config } = await import('zod/v4/core');
    const { z } = await import('zod');
    expect(config().jitless).toBe(true);
    const schema = z.object({ name: z.string().min(2) });
    expect(schema.safeParse({ name: 'Al' }).success).toBe(true);
    expect(schema.safeParse({ name: 'A' }).success).toBe(false);
  });
});
