import { useMutation } from '@tanstack/react-query';
import type { ApiClient, CardSecret } from '@ledgerline/contract';
import { useApiClient } from '@/app/session';

/*
 * A card's full number, CVV and PIN are asked for when the customer asks to see them, after the
 * customer's own second factor (startCardSecretReveal sends it; the reveal passes its operationId
 * and code), and kept only in the screen's state, never in the query cache (which outlives the
 * screen).
 */

export interface CardSecretStepUp {
  accountId: number;
  operationId: string;
  /** The 6-digit code (SMS, e-mail, authenticator app); none for a phone-app approval. */
  code?: string;
}

export const startCardSecretReveal = (
  client: ApiClient,
  input: { accountId: number; secret: CardSecret },
) => client.main('startCardSecretReveal', input);
export const getCardDetails = (client: ApiClient, input: CardSecretStepUp) =>
  client.main('getCardDetails', input);
export const showCardPin = (client: ApiClient, input: CardSecretStepUp) =>
  client.main('showCardPin', input);

export type CardSecretChallenge = Awaited<ReturnType<typeof startCardSecretReveal>>;

export function useStartCardSecretReveal() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (input: { accountId: number; secret: CardSecret }) =>
      startCardSecretReveal(client, input),
    gcTime: 0,
  });
}

export function useRevealCardDetails() {
  const client = useApiClient();
  // gcTime 0: the mutation cache forgets the answer as soon as the screen lets go of it.
  return useMutation({
    mutationFn: (input: CardSecretStepUp) => getCardDetails(client, input),
    gcTime: 0,
  });
}

export function useRevealCardPin() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (input: CardSecretStepUp) => showCardPin(client, input),
    gcTime: 0,
  });
}
