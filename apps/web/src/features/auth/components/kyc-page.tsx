import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isBusinessCustomerType } from '@ledgerline/domain/constants';
import { customerInfoQueryOptions, useApiClient, useSessionState } from '@/app/session';
import { useBrand } from '@/brands';
import { useDocumentTitle } from '@/ui/use-document-title';
import { RequirementsNotice } from './requirements-notice';

const PERSONAL_ITEMS = ['identity', 'address', 'selfie'] as const;
const BUSINESS_ITEMS = ['registration', 'businessAddress', 'people', 'activity'] as const;

/**
 * /kyc (spec 1 §2): a customer who needs identity verification is kept here. Until online
 * verification arrives (a later issue) the page says plainly what is needed and how to send it;
 * business users get the business list.
 */
export function KycPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const client = useApiClient();
  const { customerId } = useSessionState();
  const info = useQuery(customerInfoQueryOptions(client, customerId));
  useDocumentTitle(t('kyc.pageTitle'));
  const isBusiness = info.isSuccess && isBusinessCustomerType(info.data.customer.customerType);
  const variant = isBusiness ? 'business' : 'personal';
  const items = isBusiness ? BUSINESS_ITEMS : PERSONAL_ITEMS;
  const email = brand.supports.defaultEmail;

  return (
    <RequirementsNotice
      loading={info.isPending}
      title={t(`kyc.${variant}.title`)}
      intro={t(`kyc.${variant}.intro`, { brand: brand.projectName })}
      needTitle={t('kyc.needTitle')}
      items={items.map((item) => t(`kyc.${variant}.items.${item}`))}
      howTitle={t('kyc.howTitle')}
      howBody={t('kyc.howBody', { email })}
      actions={
        <Button component="a" href={`mailto:${email}`} variant="default" w="fit-content">
          {t('kyc.writeToSupport')}
        </Button>
      }
    />
  );
}
