import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { deviceRenameSchema, type AuthDevice } from '@ledgerline/contract';
import { useBrand } from '@/brands';
import { useLanguage } from '@/i18n';
import { Dialog } from '@/ui/dialog';
import { fieldMessage } from '@/ui/field-message';
import { StatusBadge } from '@/ui/status-badge';
import { useDeleteDevice, useDevices, useRenameDevice } from '../api/devices';
import { formatDateTime } from '../format';
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

/** Devices (spec 2 §3 "Device: list and delete"): the phones that approve sign-ins and payments. */
export function DevicesSection() {
  const { t } = useTranslation();
  const brand = useBrand();
  const { language } = useLanguage();
  const devices = useDevices();
  const [renaming, setRenaming] = useState<AuthDevice | null>(null);
  const [removing, setRemoving] = useState<AuthDevice | null>(null);

  return (
    <Section
      title={t('security.devices.title')}
      description={t('security.devices.description', { brand: brand.projectName })}
    >
      {devices.isPending && <ListSkeleton size="sm" rows={2} label={t('security.loading')} />}
      {devices.isError && (
        <LoadFailed
          error={devices.error}
          onRetry={() => void devices.refetch()}
          retrying={devices.isFetching}
        />
      )}
      {devices.isSuccess && devices.data.length === 0 && (
        <Stack gap={2}>
          <Text fw={600}>{t('security.devices.emptyTitle')}</Text>
          <Text size="sm" c="dimmed">
            {t('security.devices.emptyText', { brand: brand.projectName })}
          </Text>
        </Stack>
      )}
      {devices.isSuccess && devices.data.length > 0 && (
        <ul className={classes.list} aria-label={t('security.devices.listLabel')}>
          {devices.data.map((device) => (
            <li key={device.id} className={classes.row}>
              <div className={classes.rowMain}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={600}>{device.name}</Text>
                  {device.isCurrent && (
                    <StatusBadge tone="blue">{t('security.devices.current')}</StatusBadge>
                  )}
                  {!device.approved && (
                    <StatusBadge tone="orange">{t('security.devices.notApproved')}</StatusBadge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {[
                    t(`security.devices.types.${device.type}`),
                    device.location,
                    device.lastActivityAt
                      ? t('security.devices.lastActive', {
                          date: formatDateTime(device.lastActivityAt, language),
                        })
                      : t('security.devices.neverActive'),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </div>
              <Group gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => setRenaming(device)}
                  aria-label={t('security.devices.renameNamed', { name: device.name })}
                >
                  {t('security.devices.rename')}
                </Button>
                <Button
                  variant="default"
                  color="red"
                  size="xs"
                  onClick={() => setRemoving(device)}
                  aria-label={t('security.devices.removeNamed', { name: device.name })}
                >
                  {t('security.devices.remove')}
                </Button>
              </Group>
            </li>
          ))}
        </ul>
      )}
      {renaming && <RenameDeviceDialog device={renaming} onClose={() => setRenaming(null)} />}
      {removing && <RemoveDeviceDialog device={removing} onClose={() => setRemoving(null)} />}
    </Section>
  );
}

function RenameDeviceDialog({ device, onClose }: { device: AuthDevice; onClose: () => void }) {
  const { t } = useTranslation();
  const rename = useRenameDevice();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ name: string }>({
    resolver: schemaResolver(deviceRenameSchema),
    defaultValues: { name: device.name },
  });
  const onSubmit = handleSubmit(({ name }) =>
    rename.mutate(
      { id: device.id, name },
      { onSuccess: onClose, onError: (error) => setServerFieldErrors(error, ['name'], setError) },
    ),
  );
  return (
    <Dialog
      opened
      onClose={onClose}
      title={t('security.devices.renameTitle')}
      closeLabel={t('security.close')}
      size="sm"
    >
      <form onSubmit={onSubmit} noValidate aria-busy={rename.isPending}>
        <fieldset disabled={rename.isPending} className={frame.fieldset}>
          <Stack gap="md">
            <TextInput
              label={t('security.devices.name')}
              maxLength={128}
              data-autofocus
              error={fieldMessage(t, errors.name?.message)}
              {...register('name')}
            />
            <ActionError error={isFieldError(rename.error, ['name']) ? null : rename.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('security.cancel')}
              </Button>
              <Button type="submit" loading={rename.isPending}>
                {t('security.save')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Dialog>
  );
}

function RemoveDeviceDialog({ device, onClose }: { device: AuthDevice; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteDevice();
  return (
    <Dialog
      opened
      onClose={onClose}
      title={t('security.devices.removeTitle', { name: device.name })}
      closeLabel={t('security.close')}
      size="sm"
    >
      <Stack gap="md">
        <Text size="sm">
          {device.isCurrent
            ? t('security.devices.removeCurrentText')
            : t('security.devices.removeText')}
        </Text>
        <ActionError error={remove.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('security.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => remove.mutate(device.id, { onSuccess: onClose })}
          >
            {t('security.devices.remove')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
