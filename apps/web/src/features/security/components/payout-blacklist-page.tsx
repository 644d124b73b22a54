import { Alert, Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  PAYOUT_BLOCK_TYPES,
  type PayoutBlacklistUser,
  type PayoutBlockType,
} from '@ledgerline/contract';
import { emailAddressSchema } from '@ledgerline/domain/registration';
import { useBrand } from '@/brands';
import { useLanguage } from '@/i18n';
import { Dialog } from '@/ui/dialog';
import { fieldMessage } from '@/ui/field-message';
import { CheckCircleIcon } from '@/ui/icons';
import { StatusBadge } from '@/ui/status-badge';
import { useDocumentTitle } from '@/ui/use-document-title';
import {
  useAddPayoutBlacklist,
  useDeletePayoutBlacklist,
  usePayoutBlacklist,
} from '../api/payout-blacklist';
import { formatDate } from '../format';
import {
  ActionError,
  LoadFailed,
  Section,
  isFieldError,
  setServerFieldErrors,
} from './security-page';
import classes from './security.module.css';
import frame from '@/ui/page-frame.module.css';
import { ListSkeleton } from '@/ui/list-skeleton';
import { PageFrame } from '@/ui/page-frame';

/** /payout-blacklist (spec 2 §7 "Blacklist get, add (email, blockType), delete (email)"). */
export function PayoutBlacklistPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const blacklist = usePayoutBlacklist();
  const [unblocking, setUnblocking] = useState<PayoutBlacklistUser | null>(null);
  useDocumentTitle(t('payoutBlacklist.pageTitle'));

  return (
    <PageFrame title={t('payoutBlacklist.title')} intro={t('payoutBlacklist.intro')}>
      <Section title={t('payoutBlacklist.addTitle')}>
        <AddToBlacklistForm
          isListed={(email) => blacklist.data?.some((user) => user.email === email) ?? false}
        />
      </Section>
      <Section title={t('payoutBlacklist.listTitle')}>
        {blacklist.isPending && (
          <ListSkeleton size="sm" rows={3} label={t('payoutBlacklist.loading')} />
        )}
        {blacklist.isError && (
          <LoadFailed
            error={blacklist.error}
            onRetry={() => void blacklist.refetch()}
            retrying={blacklist.isFetching}
          />
        )}
        {blacklist.isSuccess && blacklist.data.length === 0 && (
          <Stack gap={2}>
            <Text fw={600}>{t('payoutBlacklist.emptyTitle')}</Text>
            <Text size="sm" c="dimmed">
              {t('payoutBlacklist.emptyText')}
            </Text>
          </Stack>
        )}
        {blacklist.isSuccess && blacklist.data.length > 0 && (
          <ul className={classes.list} aria-label={t('payoutBlacklist.listTitle')}>
            {blacklist.data.map((user) => (
              <li key={user.email} className={classes.row}>
                <div className={classes.rowMain}>
                  <Text fw={600} className={classes.breakAnywhere}>
                    {user.email}
                  </Text>
                  <Group gap="xs" wrap="wrap" mt={4}>
                    <StatusBadge tone={user.blockType === 'all' ? 'red' : 'orange'}>
                      {t(`payoutBlacklist.types.${user.blockType}`)}
                    </StatusBadge>
                    <Text size="sm" c="dimmed">
                      {t('payoutBlacklist.added', { date: formatDate(user.created, language) })}
                    </Text>
                  </Group>
                </div>
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => setUnblocking(user)}
                  aria-label={t('payoutBlacklist.unblockNamed', { email: user.email })}
                >
                  {t('payoutBlacklist.unblock')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Section>
      {unblocking && <UnblockDialog user={unblocking} onClose={() => setUnblocking(null)} />}
    </PageFrame>
  );
}

const blockSchema = z.object({
  email: emailAddressSchema,
  blockType: z.enum(PAYOUT_BLOCK_TYPES, 'validation.chooseOne'),
});
interface BlockValues {
  email: string;
  blockType: PayoutBlockType;
}
const BLOCK_FIELDS = ['email', 'blockType'] as const;

/** `isListed`: the success text stays only while the person it names is still blocked. */
function AddToBlacklistForm({ isListed }: { isListed: (email: string) => boolean }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const add = useAddPayoutBlacklist();
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<BlockValues>({
    resolver: schemaResolver(blockSchema),
    defaultValues: { email: '', blockType: 'p2p' },
  });
  const onSubmit = handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: () => reset(),
      onError: (error) => setServerFieldErrors(error, BLOCK_FIELDS, setError),
    }),
  );
  const busy = add.isPending;
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={busy}>
      <fieldset disabled={busy} className={frame.fieldset}>
        <Stack gap="md" maw={520}>
          {add.isSuccess && isListed(add.data.user.email) && (
            // Spec 2 §8: "Blacklist add success says the user was added to the black list".
            <Alert color="teal" variant="light" icon={<CheckCircleIcon />} role="status">
              {t('payoutBlacklist.addedMessage')} <strong>{add.data.user.email}</strong>
            </Alert>
          )}
          <TextInput
            label={t('payoutBlacklist.email')}
            type="email"
            autoComplete="off"
            error={fieldMessage(t, errors.email?.message)}
            {...register('email')}
          />
          <Controller
            control={control}
            name="blockType"
            render={({ field }) => (
              <Radio.Group
                label={t('payoutBlacklist.blockType')}
                value={field.value}
                onChange={field.onChange}
                error={fieldMessage(t, errors.blockType?.message)}
              >
                <Stack gap="xs" mt="xs">
                  {PAYOUT_BLOCK_TYPES.map((type) => (
                    <Radio
                      key={type}
                      value={type}
                      label={t(`payoutBlacklist.types.${type}`)}
                      description={t(`payoutBlacklist.typeHints.${type}`, {
                        brand: brand.projectName,
                      })}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            )}
          />
          <ActionError error={isFieldError(add.error, BLOCK_FIELDS) ? null : add.error} />
          <Button type="submit" loading={busy} w="fit-content">
            {t('payoutBlacklist.add')}
          </Button>
        </Stack>
      </fieldset>
    </form>
  );
}

function UnblockDialog({ user, onClose }: { user: PayoutBlacklistUser; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeletePayoutBlacklist();
  return (
    <Dialog
      opened
      onClose={onClose}
      title={t('payoutBlacklist.unblockTitle')}
      closeLabel={t('security.close')}
      size="sm"
    >
      <Stack gap="md">
        <Text size="sm">{t('payoutBlacklist.unblockText', { email: user.email })}</Text>
        <ActionError error={remove.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('security.cancel')}
          </Button>
          <Button
            loading={remove.isPending}
            onClick={() => remove.mutate(user.email, { onSuccess: onClose })}
          >
            {t('payoutBlacklist.unblock')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
