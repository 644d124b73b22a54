import type { ACCESS_LEVELS } from '../constants';

/** The lists of sources of funds (spec 2 §3 "Dictionaries": personal, second list, employee, business). */
export const SOURCE_OF_FUNDS_TYPES = [
  'personal',
  'personalSecondary',
  'employee',
  'business',
] as const;
export type SourceOfFundsType = (typeof SOURCE_OF_FUNDS_TYPES)[number];

/** The lists of purposes of account (spec 2 §3 "Dictionaries": personal, business). */
export const ACCOUNT_PURPOSE_TYPES = ['personal', 'business'] as const;
export type AccountPurposeType = (typeof ACCOUNT_PURPOSE_TYPES)[number];

/**
 * Industry group labels (spec 2 §3): 'adult' is the Adult Related Business group. Brands that hide
 * adult industries at registration (spec 1 §9) filter by this label in the client.
 */
export const INDUSTRY_GROUP_LABELS = ['mainstream', 'financial', 'investment', 'adult'] as const;
export type IndustryGroupLabel = (typeof INDUSTRY_GROUP_LABELS)[number];

export type AccessLevelCode = keyof typeof ACCESS_LEVELS;

/** The access level names in id order (0 to 5), for schemas that need a tuple. */
export const ACCESS_LEVEL_CODES = [
  'noAccess',
  'read',
  'fullAccess',
  'initiate',
  'confirmed',
  'uploading',
] as const satisfies readonly AccessLevelCode[];

// Adding an access level without naming it here breaks the build.
type MissingAccessLevelCode = Exclude<AccessLevelCode, (typeof ACCESS_LEVEL_CODES)[number]>;
const everyAccessLevelNamed: [MissingAccessLevelCode] extends [never] ? true : never = true;
void everyAccessLevelNamed;
