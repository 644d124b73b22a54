import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The react-hook-form resolver for a form schema, typed with both sides of the schema: the fields
 * hold `z.input<S>` (text as typed) and the submit handler receives `z.output<S>` (trimmed,
 * transformed). Use it with `useForm<z.input<S>, unknown, z.output<S>>` (or let `useForm` infer
 * its types from the resolver), so no form needs a cast to make the two agree.
 */
export function schemaResolver<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  return zodResolver(schema);
}
