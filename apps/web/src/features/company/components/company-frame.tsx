import { Alert, Button, Group, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { BusinessInfo } from '@ledgerline/contract';
import { useActingRights } from '@/app/session';
import { isApiError } from '@/lib/api-error';
import { AlertIcon } from '@/ui/icons';
import { LoadFailed } from '@/ui/load-failed';
import { PageFrame } from '@/ui/page-frame';
import { useDocumentTitle } from '@/ui/use-document-title';
import { StatusBadge } from '@/ui/status-badge';
import { useBusinessInfo } from '../api/business-info';

/** The company screens, in the order the overview and the tabs show them. */
export const COMPANY_SECTIONS = ['details', 'addresses', 'financial', 'due-diligence'] as const;
export type CompanySection = (typeof COMPANY_SECTIONS)[number];

export function isCompanySection(value: string | undefined): value is CompanySection {
  return (COMPANY_SECTIONS as readonly (string | undefined)[]).includes(value);
}

function CompanyTabs() {
  const { t } = useTranslation();
  const tabs: [string, string][] = [
    ['/company', t('companyInfo.tabs.overview')],
    ...COMPANY_SECTIONS.map((section): [string, string] => [
      `/company/${section}`,
      t(`companyInfo.sections.${section}.title`),
    ]),
    ['/company-emails', t('companyInfo.tabs.emails')],
  ];
  return (
    <nav aria-label={t('companyInfo.tabs.label')}>
      <Group gap={6} wrap="wrap">
        {tabs.map(([to, label]) => (
          <NavLink key={to} to={to} end>
            {({ isActive }) => (
              <Button
                component="span"
                size="compact-sm"
                radius="xl"
                variant={isActive ? 'filled' : 'default'}
                aria-current={isActive ? 'page' : undefined}
              >
                {label}
              </Button>
            )}
          </NavLink>
        ))}
      </Group>
    </nav>
  );
}

/**
 * Every company screen: the company's name as the heading, its verification state, the section
 * tabs, and the loading, failure and "not a company" states; `children` draw the loaded info.
 */
export function CompanyFrame({
  pageTitle,
  children,
}: {
  pageTitle: string;
  children: (info: BusinessInfo, editable: boolean) => ReactNode;
}) {
  const { t } = useTranslation();
  const info = useBusinessInfo();
  const { rights } = useActingRights();
  useDocumentTitle(pageTitle);
  const title = info.data?.name ?? t('companyInfo.title');
  return (
    <PageFrame
      title={title}
      tabs={<CompanyTabs />}
      intro={
        info.data && (
          <Group gap={8} component="span">
            <span>{pageTitle}</span>
            {info.data.verified ? (
              <StatusBadge tone="teal">{t('companyInfo.verified')}</StatusBadge>
            ) : (
              <StatusBadge tone="orange">{t('companyInfo.notVerified')}</StatusBadge>
            )}
            {info.data.limited && <StatusBadge tone="red">{t('companyInfo.limited')}</StatusBadge>}
          </Group>
        )
      }
    >
      {info.isPending && (
        <Stack gap="md" aria-busy="true">
          <VisuallyHidden role="status">{t('companyInfo.loading')}</VisuallyHidden>
          <Skeleton height={120} radius="lg" />
          <Skeleton height={120} radius="lg" />
        </Stack>
      )}
      {info.isError &&
        (isNotACompany(info.error) ? (
          <Alert
            color="gray"
            variant="light"
            icon={<AlertIcon />}
            title={t('companyInfo.notCompanyTitle')}
          >
            {t('companyInfo.notCompanyText')}
          </Alert>
        ) : (
          <LoadFailed
            title={t('companyInfo.loadFailed')}
            error={info.error}
            onRetry={() => void info.refetch()}
            retrying={info.isFetching}
          />
        ))}
      {info.isSuccess && children(info.data, rights?.editsCompany === true)}
    </PageFrame>
  );
}

/** A personal customer has no company details: the server answers "not found" (404 ENOA). */
function isNotACompany(error: unknown): boolean {
  return isApiError(error) && error.responseCode === 'ENOA' && error.status === 404;
}
