import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  paymentSecretSchema,
  type GlobalPayDetails,
  type MainRequest,
  type MainResponse,
} from '@ledgerline/contract';
import { useApiClient } from '@/app/session';
import { globalPayKeys } from '../keys';

/*
 * The recipient's calls (spec 2 §7 "Global pay (recipient)"), public and bound to the claim
 * secret of the e-mailed link. Their errors stay with the screen (spec 2 §8): the queries do not
 * retry a refusal, and nothing here opens the generic error popup.
 */

export type ClaimDetails = GlobalPayDetails;
export type ClaimMethodName = MainRequest<'globalPayExtraParams'>['paymentMethod'];
export type ClaimExtraParam = MainResponse<'globalPayExtraParams'>['extraParams'][number];
export type ClaimMetaRequest = Omit<MainRequest<'globalPayMeta'>, 'paymentSecret'>;
export type ClaimSubmitRequest = Omit<MainRequest<'globalPaySubmitPayment'>, 'paymentSecret'>;

/** A link's last part that can be a claim secret at all; anything else is an unknown link without asking. */
export function isClaimSecret(value: string): boolean {
  return paymentSecretSchema.safeParse(value).success;
}

export function useClaimDetails(secret: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: globalPayKeys.claim(secret),
    queryFn: async () =>
      (await client.main('globalPayPaymentDetails', { paymentSecret: secret })).payment,
    retry: false,
  });
}

export function useClaimCountries(secret: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: globalPayKeys.claimCountries(secret),
    queryFn: async () =>
      (await client.main('globalPayCountries', { paymentSecret: secret })).countries,
    staleTime: Infinity,
  });
}

/** The methods the chosen country offers; forbidden ones are not offered to the recipient. */
export function useClaimMethods(secret: string, countryCode: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: globalPayKeys.claimMethods(secret, countryCode),
    queryFn: async () =>
      (await client.main('globalPayMethodsFor', { paymentSecret: secret, countryCode }))
        .paymentMethods,
    select: (methods) => methods.filter((method) => !method.forbidden),
    enabled: countryCode !== '',
    staleTime: Infinity,
  });
}

export function useClaimMeta(secret: string, request: ClaimMetaRequest) {
  const client = useApiClient();
  return useQuery({
    queryKey: globalPayKeys.claimMeta(secret, request),
    queryFn: () => client.main('globalPayMeta', { paymentSecret: secret, ...request }),
  });
}

export function useClaimExtraParams(secret: string, paymentMethod: ClaimMethodName) {
  const client = useApiClient();
  return useQuery({
    queryKey: globalPayKeys.claimParams(secret, paymentMethod),
    queryFn: async () =>
      (await client.main('globalPayExtraParams', { paymentSecret: secret, paymentMethod }))
        .extraParams,
    staleTime: Infinity,
  });
}

export function useSubmitClaim(secret: string) {
  const client = useApiClient();
  return useMutation({
    mutationFn: (request: ClaimSubmitRequest) =>
      client.main('globalPaySubmitPayment', { paymentSecret: secret, ...request }),
  });
}

/** The payment's new state replaces the one on screen (approve and refuse both answer it). */
function useSetClaim(secret: string) {
  const queryClient = useQueryClient();
  return (payment: ClaimDetails) => queryClient.setQueryData(globalPayKeys.claim(secret), payment);
}

export function useApproveClaim(secret: string) {
  const client = useApiClient();
  const setClaim = useSetClaim(secret);
  return useMutation({
    mutationFn: async (request: { operationId: string; approvalCode: string }) =>
      (await client.main('globalPayApprove', { paymentSecret: secret, ...request })).payment,
    onSuccess: setClaim,
  });
}

export function useResendClaimCode(secret: string) {
  const client = useApiClient();
  return useMutation({
    mutationFn: (request: { operationId: string; approveType: number }) =>
      client.main('globalPayResendCode', {
        paymentSecret: secret,
        operationId: request.operationId,
      }),
  });
}

export function useRefuseClaim(secret: string) {
  const client = useApiClient();
  const setClaim = useSetClaim(secret);
  return useMutation({
    mutationFn: async () =>
      (await client.main('globalPayRefuse', { paymentSecret: secret })).payment,
    onSuccess: setClaim,
  });
}

/** The recipient's earlier payouts from senders of the same brand (spec 2 §7 last withdrawals). */
export function useLastWithdrawals(secret: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: globalPayKeys.withdrawals(secret),
    queryFn: async () =>
      (await client.main('globalPayLastWithdrawals', { paymentSecret: secret, limit: 5 }))
        .withdrawals,
  });
}

/** One earlier payout, asked when the recipient opens it (spec 2 §7 withdrawal details). */
export function useWithdrawalDetails(secret: string, paymentId: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: [...globalPayKeys.withdrawals(secret), paymentId],
    queryFn: async () =>
      (
        await client.main('globalPayWithdrawalDetails', {
          paymentSecret: secret,
          paymentId: paymentId ?? 0,
        })
      ).withdrawal,
    enabled: paymentId !== null,
  });
}
