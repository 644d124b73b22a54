import { useDebouncedValue } from '@mantine/hooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@ledgerline/contract';
import { isPlausibleEmail } from '@ledgerline/domain/validation';
import {
  EMAIL_CHECK_STATUS,
  emailAddressSchema,
  type EmailCheckStatus,
  type ServerEmailCheckStatus,
} from '@ledgerline/domain/registration';
import { useApiClient } from '@/app/session';
import { registrationKeys } from '../keys';

export async function checkEmailExists(
  client: ApiClient,
  email: string,
): Promise<ServerEmailCheckStatus> {
  const answer = await client.main('checkEmailExists', { email });
  return answer.status;
}

export function emailCheckQueryOptions(client: ApiClient, email: string) {
  return queryOptions({
    queryKey: registrationKeys.emailCheck(email),
    queryFn: () => checkEmailExists(client, email.trim()),
    // An answer stays good for the visit: the same value is not asked twice (spec 2 §5).
    staleTime: Infinity,
    retry: false,
  });
}

/** Values worth asking about: plausible (spec 2 §5) and a well-formed address. */
function isCheckable(email: string): boolean {
  const value = email.trim();
  return value !== '' && isPlausibleEmail(value) && emailAddressSchema.safeParse(value).success;
}

/**
 * The existence status of the address being typed: undefined before there is anything to check,
 * 2 while checking, -1 when the check failed, else the server's 0, 1 or 3.
 */
export function useEmailCheck(email: string): EmailCheckStatus | undefined {
  const client = useApiClient();
  const [settled] = useDebouncedValue(email.trim(), 400);
  const enabled = isCheckable(settled) && settled === email.trim();
  const query = useQuery({ ...emailCheckQueryOptions(client, settled), enabled });
  if (!enabled) return undefined;
  if (query.isError) return EMAIL_CHECK_STATUS.failed;
  if (query.data === undefined) return EMAIL_CHECK_STATUS.checking;
  return query.data;
}
