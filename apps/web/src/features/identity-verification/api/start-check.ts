import { useMutation, useQueryClient } from '@tanstack/react-query';
import { identityVerificationRoutes, type IdvStartResponse } from '@ledgerline/contract';
import type { IdvKind } from '@ledgerline/domain/identity-verification';
import { useApiClient, useSessionState } from '@/app/session';
import { useBrand } from '@/brands';
import { notifyWrapper } from '@/lib/mobile-wrapper';
import { identityVerificationKeys } from '../keys';

/**
 * Starts a check for the acting customer. The mobile wrapper is told (spec 1 §4 "start identity
 * check") with the provider page's full address, so the app can open it in its own camera view.
 */
export function useStartIdentityCheck() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  const queryClient = useQueryClient();
  const brand = useBrand();
  return useMutation({
    mutationFn: (kind: IdvKind): Promise<IdvStartResponse> =>
      client.route(identityVerificationRoutes.start, { body: { kind } }),
    onSuccess: (started) => {
      notifyWrapper({ type: 'startIdentityCheck', url: providerPageUrl(started.url, brand.id) });
      void queryClient.invalidateQueries({
        queryKey: identityVerificationKeys.status(customerId),
      });
    },
  });
}

/**
 * The provider page's address on this site, as the phone (QR code) or the wrapper opens it. It
 * names the brand (`?brand=`), so a phone that never opened this site shows the same brand.
 */
export function providerPageUrl(path: string, brandId?: string): string {
  const url = new URL(path, window.location.origin);
  if (brandId) url.searchParams.set('brand', brandId);
  return url.toString();
}
