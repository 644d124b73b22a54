import {
  Alert,
  Button,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { CompanyPaymentEmail } from '@ledgerline/contract';
import { useActingRights } from '@/app/session';
import { isApiError } from '@/lib/api-error';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { describeApiError } from '@/ui/field-message';
import { AddEmailForm } from '@/ui/add-email-form';
import { AlertIcon, CheckCircleIcon } from '@/ui/icons';
import { LoadFailed } from '@/ui/load-failed';
import { StatusBadge } from '@/ui/status-badge';
import { usePaymentEmailActions, usePaymentEmails } from '../api/payment-emails';
import { CompanyFrame } from './company-frame';
import classes from './company.module.css';
import { companyFieldMessage } from './format';
import { ReadOnlyNote, Section } from './section';

const codeSchema = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'validation.sixDigitCode')),
});

function CodeForm({ email, onDone }: { email: CompanyPaymentEmail; onDone: () => void }) {
  const { t } = useTranslation();
  const { confirm } = usePaymentEmailActions();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof codeSchema>, unknown, z.output<typeof codeSchema>>({
    resolver: schemaResolver(codeSchema),
    defaultValues: { code: '' },
  });
  const submit = handleSubmit((values) =>
    confirm.mutate(
      { emailId: email.emailId, confirmationCode: values.code },
      {
        onSuccess: onDone,
        onError: (error) => {
          const message = isApiError(error)
            ? (error.validationErrors?.confirmationCode ?? describeApiError(t, error))
            : describeApiError(t, error);
          setError('code', { type: 'server', message }, { shouldFocus: true });
        },
      },
    ),
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('companyInfo.emails.codeFor', { email: email.email })}
    >
      <fieldset disabled={confirm.isPending} className={classes.fieldset}>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={t('companyInfo.emails.code')}
            description={t('companyInfo.emails.codeHint', { email: email.email })}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={9}
            error={companyFieldMessage(t, errors.code?.message)}
            style={{ flex: '1 1 12rem' }}
            data-autofocus
            {...register('code')}
          />
          <Button type="submit" loading={confirm.isPending} mt={{ base: 0, xs: 46 }}>
            {t('companyInfo.emails.confirm')}
          </Button>
        </Group>
      </fieldset>
    </form>
  );
}

function EmailRow({
  item,
  editable,
  onNotice,
}: {
  item: CompanyPaymentEmail;
  editable: boolean;
  onNotice: (text: string) => void;
}) {
  const { t } = useTranslation();
  const { resend, remove } = usePaymentEmailActions();
  const [mode, setMode] = useState<'idle' | 'code' | 'remove'>('idle');
  return (
    <li className={classes.row} data-testid="payment-email-row">
      <div className={classes.rowMain}>
        <Text>{item.email}</Text>
        <Group gap={6} mt={4}>
          {item.confirmed ? (
            <StatusBadge tone="teal">{t('companyInfo.emails.confirmed')}</StatusBadge>
          ) : (
            <StatusBadge tone="orange">{t('companyInfo.emails.unconfirmed')}</StatusBadge>
          )}
        </Group>
      </div>
      {editable && mode === 'idle' && (
        <Group gap="xs">
          {!item.confirmed && (
            <>
              <Button size="xs" onClick={() => setMode('code')}>
                {t('companyInfo.emails.enterCode')}
                <VisuallyHidden> {item.email}</VisuallyHidden>
              </Button>
              <Button
                size="xs"
                variant="default"
                loading={resend.isPending}
                onClick={() =>
                  resend.mutate(item.emailId, {
                    onSuccess: () =>
                      onNotice(t('companyInfo.emails.codeSent', { email: item.email })),
                  })
                }
              >
                {t('companyInfo.emails.resend')}
                <VisuallyHidden> {item.email}</VisuallyHidden>
              </Button>
            </>
          )}
          <Button
            size="xs"
            variant="subtle"
            color="red"
            c="red.9"
            onClick={() => setMode('remove')}
          >
            {t('companyInfo.emails.remove')}
            <VisuallyHidden> {item.email}</VisuallyHidden>
          </Button>
        </Group>
      )}
      {editable && mode === 'code' && (
        <div style={{ flexBasis: '100%' }}>
          <CodeForm
            email={item}
            onDone={() => {
              setMode('idle');
              onNotice(t('companyInfo.emails.confirmedNotice', { email: item.email }));
            }}
          />
        </div>
      )}
      {editable && mode === 'remove' && (
        <Group gap="xs" style={{ flexBasis: '100%' }} justify="flex-end">
          <Text size="sm">{t('companyInfo.emails.removeQuestion', { email: item.email })}</Text>
          <Button
            size="xs"
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(item.emailId, {
                onSuccess: () => onNotice(t('companyInfo.emails.removed', { email: item.email })),
              })
            }
          >
            {t('companyInfo.emails.removeConfirm')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setMode('idle')}>
            {t('companyInfo.emails.keep')}
          </Button>
        </Group>
      )}
      {(resend.error ?? remove.error) && (
        <Alert
          color="red"
          variant="light"
          icon={<AlertIcon />}
          role="alert"
          style={{ flexBasis: '100%' }}
        >
          {describeApiError(t, resend.error ?? remove.error)}
        </Alert>
      )}
    </li>
  );
}

/** /company-emails: the company's payment e-mail addresses; each is confirmed by a code sent to it. */
export function CompanyEmailsPage() {
  const { t } = useTranslation();
  const emails = usePaymentEmails();
  const { rights } = useActingRights();
  const editable = rights?.editsCompany === true;
  const { add } = usePaymentEmailActions();
  const [notice, setNotice] = useState<string | undefined>();
  return (
    <CompanyFrame pageTitle={t('companyInfo.tabs.emails')}>
      {() => (
        <Section
          id="company-emails"
          title={t('companyInfo.tabs.emails')}
          description={t('companyInfo.emails.description')}
        >
          {notice && (
            <Alert
              color="green"
              variant="light"
              icon={<CheckCircleIcon />}
              role="status"
              withCloseButton
              closeButtonLabel={t('companyInfo.closeNotice')}
              onClose={() => setNotice(undefined)}
            >
              {notice}
            </Alert>
          )}
          {emails.isPending && (
            <Stack gap="xs" aria-busy="true">
              <VisuallyHidden role="status">{t('companyInfo.emails.loading')}</VisuallyHidden>
              <Skeleton height={44} radius="sm" />
              <Skeleton height={44} radius="sm" />
            </Stack>
          )}
          {emails.isError && (
            <LoadFailed
              title={t('companyInfo.emails.loadFailed')}
              error={emails.error}
              onRetry={() => void emails.refetch()}
              retrying={emails.isFetching}
            />
          )}
          {emails.isSuccess && emails.data.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('companyInfo.emails.empty')}
            </Text>
          )}
          {emails.isSuccess && emails.data.length > 0 && (
            <ul className={classes.list} aria-label={t('companyInfo.emails.listLabel')}>
              {emails.data.map((item) => (
                <EmailRow key={item.emailId} item={item} editable={editable} onNotice={setNotice} />
              ))}
            </ul>
          )}
          {editable ? (
            <AddEmailForm
              add={add}
              title={t('companyInfo.emails.addTitle')}
              fieldLabel={t('companyInfo.emails.newEmail')}
              submitLabel={t('companyInfo.emails.add')}
              messageOf={(message) => companyFieldMessage(t, message)}
              onAdded={(email) => setNotice(t('companyInfo.emails.added', { email: email.email }))}
            />
          ) : (
            <ReadOnlyNote />
          )}
        </Section>
      )}
    </CompanyFrame>
  );
}
