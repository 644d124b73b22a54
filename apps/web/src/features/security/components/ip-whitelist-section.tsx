import { Alert, Anchor, Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  ipWhitelistEntryFormSchema,
  parseIp,
  ipInRange,
  type IpWhitelistEntry,
} from '@ledgerline/contract';
import { useLanguage } from '@/i18n';
import { fieldMessage } from '@/ui/field-message';
import { InfoIcon } from '@/ui/icons';
import { StatusBadge } from '@/ui/status-badge';
import {
  useAddIpWhitelistEntry,
  useDeleteIpWhitelistEntry,
  useIpWhitelist,
  useSetIpWhitelistMode,
} from '../api/ip-whitelist';
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

/** "192.0.2.1" or "192.0.2.0 – 192.0.2.255". */
function entryText(entry: Pick<IpWhitelistEntry, 'ip' | 'toIp'>): string {
  return entry.toIp ? `${entry.ip} – ${entry.toIp}` : entry.ip;
}

function covers(entry: IpWhitelistEntry, address: string): boolean {
  const ip = parseIp(address);
  const from = parseIp(entry.ip);
  if (!ip || !from) return false;
  return ipInRange(ip, from, entry.toIp ? parseIp(entry.toIp) : null);
}

/**
 * IP whitelist (spec 2 §3 and §6): the addresses and ranges the account may be used from, and the
 * mode that enforces them. The server refuses a change that would shut out the address in use;
 * its message is shown where the change was asked for.
 */
export function IpWhitelistSection() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const whitelist = useIpWhitelist();
  const setMode = useSetIpWhitelistMode();
  const remove = useDeleteIpWhitelistEntry();

  return (
    <Section
      title={t('security.ipWhitelist.title')}
      description={t('security.ipWhitelist.description')}
    >
      {whitelist.isPending && <ListSkeleton size="sm" rows={3} label={t('security.loading')} />}
      {whitelist.isError && (
        <LoadFailed
          error={whitelist.error}
          onRetry={() => void whitelist.refetch()}
          retrying={whitelist.isFetching}
        />
      )}
      {whitelist.isSuccess && (
        <Stack gap="md">
          <Switch
            checked={whitelist.data.enabled}
            onChange={(event) => setMode.mutate(event.currentTarget.checked)}
            disabled={setMode.isPending}
            label={t('security.ipWhitelist.mode')}
            description={
              whitelist.data.enabled
                ? t('security.ipWhitelist.modeOn')
                : t('security.ipWhitelist.modeOff')
            }
            size="md"
          />
          <ActionError error={setMode.error} />
          <Alert variant="light" color="gray" icon={<InfoIcon />} role="note">
            <Text size="sm">
              {t('security.ipWhitelist.currentIp')}{' '}
              <span className={classes.mono}>{whitelist.data.currentIp}</span>
              {whitelist.data.entries.some((entry) => covers(entry, whitelist.data.currentIp))
                ? ` — ${t('security.ipWhitelist.currentListed')}`
                : ` — ${t('security.ipWhitelist.currentNotListed')}`}
            </Text>
          </Alert>
          {whitelist.data.entries.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('security.ipWhitelist.empty')}
            </Text>
          ) : (
            <ul className={classes.list} aria-label={t('security.ipWhitelist.listLabel')}>
              {whitelist.data.entries.map((entry) => (
                <li key={entry.id} className={classes.row}>
                  <div className={classes.rowMain}>
                    <Group gap="xs" wrap="wrap">
                      <Text fw={600} className={classes.mono}>
                        {entryText(entry)}
                      </Text>
                      {entry.toIp && (
                        <StatusBadge tone="gray">{t('security.ipWhitelist.range')}</StatusBadge>
                      )}
                    </Group>
                    <Text size="sm" c="dimmed">
                      {t('security.ipWhitelist.added', {
                        date: formatDate(entry.created, language),
                      })}
                    </Text>
                  </div>
                  <Button
                    variant="default"
                    size="xs"
                    onClick={() => remove.mutate(entry.id)}
                    loading={remove.isPending && remove.variables === entry.id}
                    aria-label={t('security.ipWhitelist.removeNamed', { entry: entryText(entry) })}
                  >
                    {t('security.ipWhitelist.remove')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <ActionError error={remove.error} />
          <AddIpEntryForm currentIp={whitelist.data.currentIp} />
        </Stack>
      )}
    </Section>
  );
}

/**
 * The form's two text fields read as the contract takes them (an empty range end means a single
 * address), then checked by the contract's own rule.
 */
const entryFormSchema = z
  .object({ ip: z.string(), toIp: z.string() })
  .transform(({ ip, toIp }) => (toIp.trim() === '' ? { ip } : { ip, toIp: toIp.trim() }))
  .pipe(ipWhitelistEntryFormSchema);

export function AddIpEntryForm({ currentIp }: { currentIp: string }) {
  const { t } = useTranslation();
  const add = useAddIpWhitelistEntry();
  const titleId = useId();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors },
  } = useForm({
    resolver: schemaResolver(entryFormSchema),
    mode: 'onSubmit',
    defaultValues: { ip: '', toIp: '' },
  });

  const submit = handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: () => reset(),
      onError: (error) => setServerFieldErrors(error, ['ip', 'toIp'], setError),
    }),
  );
  const busy = add.isPending;

  return (
    <form onSubmit={submit} noValidate aria-busy={busy} aria-labelledby={titleId}>
      <fieldset disabled={busy} className={frame.fieldset}>
        <Stack gap="xs">
          <Text fw={600} id={titleId}>
            {t('security.ipWhitelist.addTitle')}
          </Text>
          <div className={classes.formRow}>
            <TextInput
              label={t('security.ipWhitelist.ip')}
              description={t('security.ipWhitelist.ipHint')}
              autoComplete="off"
              spellCheck={false}
              error={fieldMessage(t, errors.ip?.message)}
              {...register('ip')}
            />
            <TextInput
              label={t('security.ipWhitelist.toIp')}
              description={t('security.ipWhitelist.toIpHint')}
              autoComplete="off"
              spellCheck={false}
              error={fieldMessage(t, errors.toIp?.message)}
              {...register('toIp')}
            />
            <Button type="submit" loading={busy}>
              {t('security.ipWhitelist.add')}
            </Button>
          </div>
          <Anchor
            component="button"
            type="button"
            size="sm"
            w="fit-content"
            onClick={() => setValue('ip', currentIp, { shouldValidate: false })}
          >
            {t('security.ipWhitelist.useCurrent')}
          </Anchor>
          <ActionError error={isFieldError(add.error, ['ip', 'toIp']) ? null : add.error} />
        </Stack>
      </fieldset>
    </form>
  );
}
