import {
  Alert,
  Grid,
  Group,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { translateErrorMessage } from '@/i18n';
import { AlertIcon } from '@/ui/icons';
import { useDocumentTitle } from '@/ui/use-document-title';
import { useAccessInfo } from '../api/common';
import { allowedTypes, type ExternalTransferType } from '../form-model';
import { ExternalTransferForm } from './external-transfer-form';
import { RecentExternalTransfers } from './recent-transfers';
import classes from './external.module.css';

/** `?type=eft` picks the form (links can open one directly); the first allowed type otherwise. */
const TYPE_PARAM = 'type';

/**
 * /transfer/external: money to another bank, a card, a wallet or an instant-payment key (spec 2
 * §2, §3, §7 "External transfers"). Only the types the user's permission flags allow are offered.
 */
export function ExternalTransferPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('externalTransfer.title'));
  const access = useAccessInfo();
  const [searchParams, setSearchParams] = useSearchParams();
  const types = access.data ? allowedTypes(access.data.permissions) : [];
  const asked = searchParams.get(TYPE_PARAM);
  const type = types.find((item) => item === asked) ?? types[0];

  const choose = (next: string) =>
    setSearchParams(
      (params) => {
        params.set(TYPE_PARAM, next);
        return params;
      },
      { replace: true },
    );

  return (
    // Inside the transfers layout, which gives the page its heading and the tabs.
    <Stack gap="lg">
      <Text c="dimmed">{t('externalTransfer.intro')}</Text>
      {access.isPending ? (
        <div aria-busy="true">
          <VisuallyHidden role="status">{t('externalTransfer.loading')}</VisuallyHidden>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            {[0, 1, 2].map((item) => (
              <Skeleton key={item} height={72} radius="md" />
            ))}
          </SimpleGrid>
        </div>
      ) : access.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<AlertIcon />}
          title={t('externalTransfer.loadFailed')}
        >
          {translateErrorMessage(t, access.error)}
        </Alert>
      ) : type === undefined ? (
        <Alert color="blue" variant="light" title={t('externalTransfer.noTypesTitle')}>
          {t('externalTransfer.noTypes')}
        </Alert>
      ) : (
        <>
          <TypeChoice types={types} value={type} onChange={choose} />
          <Grid gap="lg" align="flex-start">
            <Grid.Col span={{ base: 12, md: 8 }}>
              {/* A new form per type: each type has its own fields, lookups and attempt keys. */}
              <ExternalTransferForm key={type} type={type} permissions={access.data.permissions} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <RecentExternalTransfers />
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}

function TypeChoice({
  types,
  value,
  onChange,
}: {
  types: readonly ExternalTransferType[];
  value: ExternalTransferType;
  onChange: (type: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      value={value}
      onChange={onChange}
      label={t('externalTransfer.typeLabel')}
      labelProps={{ mb: 'xs' }}
    >
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {types.map((type) => (
          <Radio.Card key={type} value={type} radius="md" p="sm" className={classes.typeCard}>
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={2} />
              <div>
                <Text fw={600} size="sm">
                  {t(`externalTransfer.types.${type}.name`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`externalTransfer.types.${type}.hint`)}
                </Text>
              </div>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
