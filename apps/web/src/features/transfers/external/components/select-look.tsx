import type { ExtraParam } from '@ledgerline/contract';
import type { UseFormReturn } from 'react-hook-form';
import { ChevronDownIcon } from '@/ui/icons';
import type { ExternalFormValues } from '../form-model';

/** Native selects with the app's chevron (the same look as the other money screens). */
export const SELECT_LOOK = {
  rightSection: <ChevronDownIcon size={16} />,
  rightSectionPointerEvents: 'none' as const,
};

/** What the form's checks depend on beside its values: the account's currency and the country's extra parameters. */
export interface ResolverContext {
  currency: string;
  extraParams: readonly ExtraParam[];
  /** Card BINs payouts are refused to (OCT). */
  blockedBins: readonly string[];
}

export type ExternalForm = UseFormReturn<ExternalFormValues, ResolverContext>;
