import { createContext, useContext } from 'react';
import type { BrandConfig } from '@ledgerline/domain';

export const BrandContext = createContext<BrandConfig | null>(null);

export function useBrand(): BrandConfig {
  const brand = useContext(BrandContext);
  if (!brand) throw new Error('useBrand needs a BrandContext provider');
  return brand;
}
