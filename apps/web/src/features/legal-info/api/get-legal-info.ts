import { useQuery } from '@tanstack/react-query';
import { useApiClient, useSessionState } from '@/app/session';
import { useLanguage } from '@/i18n';
import { legalInfoKeys } from '../keys';

/** The brand's legal documents in their current versions, with when the user accepted each. */
export function useLegalInfo() {
  const client = useApiClient();
  const { customerId } = useSessionState();
  const { language } = useLanguage();
  return useQuery({
    queryKey: legalInfoKeys.list(customerId, language),
    queryFn: async () => (await client.main('getLegalInfo', {})).items,
  });
}
