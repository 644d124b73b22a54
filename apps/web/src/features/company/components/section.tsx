import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, CheckCircleIcon } from '@/ui/icons';
import classes from './company.module.css';

/** One titled panel of a company screen. */
export function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={id}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" id={id}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

/** Facts as a list of term and value; an empty value reads "Not given". */
export function Facts({ items }: { items: [string, ReactNode][] }) {
  const { t } = useTranslation();
  return (
    <dl className={classes.facts}>
      {items.map(([term, value]) => (
        <div key={term} className={classes.fact}>
          <dt>{term}</dt>
          <dd>
            {value === null || value === undefined || value === '' ? (
              <Text span c="dimmed" size="sm">
                {t('companyInfo.notGiven')}
              </Text>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Why the user sees the facts but no form (the rule: acting-rights editsCompany). */
export function ReadOnlyNote() {
  const { t } = useTranslation();
  return (
    <Alert color="gray" variant="light" icon={<AlertIcon />}>
      {t('companyInfo.readOnly')}
    </Alert>
  );
}

export function SavedNote({ shown, onClose }: { shown: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  if (!shown) return null;
  return (
    <Alert
      color="green"
      variant="light"
      icon={<CheckCircleIcon />}
      role="status"
      withCloseButton
      closeButtonLabel={t('companyInfo.closeNotice')}
      onClose={onClose}
    >
      {t('companyInfo.saved')}
    </Alert>
  );
}
