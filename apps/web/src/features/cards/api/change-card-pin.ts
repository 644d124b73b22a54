import type { ApiClient } from '@ledgerline/contract';
import { useCardAccountMutation } from './card-account-mutation';

export interface ChangePinRequest {
  accountId: number;
  pin: string;
  pinRepeat: string;
  confirm: true;
}

export const changeCardPin = (client: ApiClient, request: ChangePinRequest) =>
  client.main('changeCardPin', request);
export const useChangeCardPin = () => useCardAccountMutation(changeCardPin);
