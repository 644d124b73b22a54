import {
  BRAND_IDS,
  getBrand,
  parseStagingIndex,
  resolveApiBaseUrl,
  resolveBrand,
  type BrandConfig,
  type BrandHostMap,
} from '@ledgerline/domain/brands';
import { STORAGE_KEYS, type KeyValueStorage } from '@/lib/storage';

export interface BrandSelection {
  brand: BrandConfig;
  /** Staging index 1–15 when one is chosen; undefined means the same origin. */
  stagingIndex: number | undefined;
  apiBaseUrl: string;
}

/** `?brand=` and `?api=` values that drop a stored choice and go back to the default. */
const RESET_VALUES = new Set(['auto', 'reset', 'local', '0']);

/**
 * Chooses the brand and API base at start (spec 1 §2 "Special query parameters"): `?brand=<id>`
 * overrides the host name and is kept in storage for demos and tests; `?api=<1–15>` picks the
 * brand's staging API and is kept too; `auto` / `local` forget them. Unknown values are ignored.
 */
export function selectBrand(input: {
  hostname: string;
  search: string;
  storage: KeyValueStorage;
  hostMap: BrandHostMap;
}): BrandSelection {
  const query = new URLSearchParams(input.search);
  const brandParam = query.get('brand')?.trim().toLowerCase();
  if (brandParam && RESET_VALUES.has(brandParam)) input.storage.remove(STORAGE_KEYS.brandOverride);
  else if (brandParam && (BRAND_IDS as readonly string[]).includes(brandParam))
    input.storage.set(STORAGE_KEYS.brandOverride, brandParam);

  const apiParam = query.get('api')?.trim().toLowerCase();
  if (apiParam && RESET_VALUES.has(apiParam)) input.storage.remove(STORAGE_KEYS.stagingIndex);
  else if (parseStagingIndex(apiParam) !== undefined)
    input.storage.set(STORAGE_KEYS.stagingIndex, String(parseStagingIndex(apiParam)));

  const brand = getBrand(
    resolveBrand({
      hostname: input.hostname,
      hostMap: input.hostMap,
      override: input.storage.get(STORAGE_KEYS.brandOverride),
    }),
  );
  const stagingIndex = parseStagingIndex(input.storage.get(STORAGE_KEYS.stagingIndex));
  return { brand, stagingIndex, apiBaseUrl: resolveApiBaseUrl(brand, stagingIndex) };
}
