import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LogoUploadData,
  PbnSettingsUpdate,
  SavedButton,
  SavedButtonInput,
} from '@ledgerline/contract';
import { merchantButtonRoutes } from '@ledgerline/contract/merchant-buttons/routes';
import { ACCOUNT_TYPES } from '@ledgerline/domain/accounts';
import { useApiClient } from '@/app/session';
import { merchantKeys } from '../keys';

/*
 * Saved buttons, business logos and pay-by-name settings (spec 2 §7; issue 18) for the company
 * the session acts for (the client sends it as fromCustomerId). Errors are the screen's to show.
 */

/** An amount as text again: the client reads number-looking answers as numbers (spec 1 §5). */
function amountText(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

export function useSavedButtons(customerId: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: merchantKeys.savedButtons(customerId),
    queryFn: async ({ signal }): Promise<SavedButton[]> =>
      (await client.main('getSavedButtonList', {}, { signal })).savedButtons.map((button) => ({
        ...button,
        amount: amountText(button.amount),
        minAmount: amountText(button.minAmount),
        maxAmount: amountText(button.maxAmount),
        // Absent when null (the answer's nulls may be left out).
        logoId: button.logoId ?? null,
        returnUrl: button.returnUrl ?? null,
        description: button.description ?? '',
      })),
  });
}

function useRefresh(queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey });
}

export function useSaveButton(customerId: number) {
  const client = useApiClient();
  const refresh = useRefresh(merchantKeys.savedButtons(customerId));
  return useMutation({
    mutationFn: async ({ id, ...input }: SavedButtonInput & { id?: number | undefined }) =>
      id === undefined
        ? (await client.main('createSavedButton', input)).savedButton
        : (await client.main('updateSavedButton', { id, ...input })).savedButton,
    onSuccess: refresh,
  });
}

export function useDeleteButton(customerId: number) {
  const client = useApiClient();
  const refresh = useRefresh(merchantKeys.savedButtons(customerId));
  return useMutation({
    mutationFn: (id: number) => client.main('deleteSavedButton', { id }),
    onSuccess: refresh,
  });
}

export function useLogos(customerId: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: merchantKeys.logos(customerId),
    // 1000 a page (spec 2 §9) and at most 50 a company: the first page is all of them.
    queryFn: async ({ signal }) => (await client.main('getLogoList', {}, { signal })).logos,
  });
}

export function useUploadLogo(customerId: number) {
  const client = useApiClient();
  const refresh = useRefresh(merchantKeys.logos(customerId));
  return useMutation({
    mutationFn: async ({ data, file }: { data: LogoUploadData; file: File }) => {
      const body = new FormData();
      body.set('data', JSON.stringify(data));
      body.set('file[]', file, file.name);
      return (await client.route(merchantButtonRoutes.createLogo, { body })).logo;
    },
    onSuccess: refresh,
  });
}

export function useUpdateLogo(customerId: number) {
  const client = useApiClient();
  const refresh = useRefresh(merchantKeys.logos(customerId));
  return useMutation({
    mutationFn: async (input: { id: number; name?: string; isDefault?: boolean }) =>
      (await client.main('updateLogo', input)).logo,
    onSuccess: refresh,
  });
}

export function useDeleteLogo(customerId: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => client.main('deleteLogo', { id }),
    // Buttons that showed it now show the default.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: merchantKeys.of(customerId) }),
  });
}

export function usePbnSettings(customerId: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: merchantKeys.pbn(customerId),
    queryFn: async ({ signal }) => (await client.main('getPbnSettings', {}, { signal })).settings,
  });
}

export function useSavePbnSettings(customerId: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PbnSettingsUpdate) =>
      (await client.main('updatePbnSettings', input)).settings,
    onSuccess: (settings) => queryClient.setQueryData(merchantKeys.pbn(customerId), settings),
  });
}

const OPEN = 2;

/** The company's open payment and receiving accounts: where a button or a pay name receives. */
export function useReceivingAccounts(customerId: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: merchantKeys.receivingAccounts(customerId),
    queryFn: async ({ signal }) =>
      (await client.main('getAccounts', {}, { signal })).accounts.filter(
        (account) =>
          (account.type === ACCOUNT_TYPES.payment || account.type === ACCOUNT_TYPES.receiving) &&
          account.accountStatusId === OPEN,
      ),
  });
}
