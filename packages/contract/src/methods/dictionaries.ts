import { z } from 'zod';
import { defineMethod } from '../define';

/** Dictionaries are public and answer 'SUCCESS' (spec 2 §8). Filled by the dictionaries work. */
export const countrySchema = z.object({ code: z.string().length(2), name: z.string() });

export const dictionaryMethods = {
  getCountries: defineMethod({
    isPublic: true,
    successCode: 'SUCCESS',
    request: z.object({}).strict(),
    response: z.object({ countries: z.array(countrySchema) }),
  }),
};
