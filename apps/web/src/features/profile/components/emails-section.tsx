import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileEmail } from '@ledgerline/contract';
import { useLanguage } from '@/i18n';
import { AddEmailForm } from '@/ui/add-email-form';
import { ErrorPopup } from '@/ui/error-popup';
import {
  useAddEmail,
  useConfirmEmail,
  useDeleteEmail,
  useRequestEmailConfirmation,
  useSetPrimaryEmail,
} from '../api/emails';
import { CodeDialog } from './code-dialog';
import { SuccessNotice } from './notice';
import { ConfirmDialog } from './confirm-dialog';
import { formatMomentDate } from './format';
import { SectionCard } from './section-card';
import { StatusBadge } from '@/ui/status-badge';
import classes from './profile.module.css';

/**
 * The customer's e-mail addresses (spec 2 §7 "E-mail: add, confirm, request, delete, set primary"):
 * an added address is confirmed with the 6-digit code sent to it; only a confirmed one can become
 * primary, and the primary one cannot be deleted.
 */
export function EmailsSection({ emails }: { emails: ProfileEmail[] }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const add = useAddEmail();
  const confirm = useConfirmEmail();
  const resend = useRequestEmailConfirmation();
  const remove = useDeleteEmail();
  const setPrimary = useSetPrimaryEmail();
  const [confirming, setConfirming] = useState<ProfileEmail | undefined>();
  const [deleting, setDeleting] = useState<ProfileEmail | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const [resentTo, setResentTo] = useState<number | undefined>();

  const openCode = (email: ProfileEmail) => {
    confirm.reset();
    resend.reset();
    setResentTo(undefined);
    setConfirming(email);
  };
  const sendNewCode = (email: ProfileEmail, thenOpen: boolean) => {
    resend.mutate(email.emailId, {
      onSuccess: () => {
        setResentTo(email.emailId);
        if (!thenOpen) setNotice(t('profile.emails.codeSent', { email: email.email }));
      },
    });
  };

  return (
    <SectionCard
      id="emails"
      title={t('profile.emails.title')}
      description={t('profile.emails.description')}
    >
      <SuccessNotice text={notice} onClose={() => setNotice(undefined)} />
      {emails.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('profile.emails.empty')}
        </Text>
      ) : (
        <ul className={classes.list} aria-label={t('profile.emails.listLabel')}>
          {emails.map((item) => (
            <li key={item.emailId} className={classes.row} data-testid="email-row">
              <div className={classes.rowMain}>
                <Text className={classes.rowValue}>{item.email}</Text>
                <Group gap={6} mt={4} wrap="wrap">
                  {item.isPrimary && (
                    <StatusBadge tone="blue">{t('profile.emails.primary')}</StatusBadge>
                  )}
                  {item.confirmed ? (
                    <StatusBadge tone="teal">{t('profile.emails.confirmed')}</StatusBadge>
                  ) : (
                    <StatusBadge tone="orange">{t('profile.emails.unconfirmed')}</StatusBadge>
                  )}
                  <Text size="xs" c="gray.7">
                    {t('profile.emails.added', {
                      date: formatMomentDate(item.createdAt, language),
                    })}
                  </Text>
                </Group>
              </div>
              <div className={classes.rowActions}>
                {!item.confirmed && (
                  <>
                    <Button size="xs" onClick={() => openCode(item)}>
                      {t('profile.emails.enterCode')}
                      <VisuallyHidden> {item.email}</VisuallyHidden>
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      loading={resend.isPending && resend.variables === item.emailId && !confirming}
                      onClick={() => sendNewCode(item, false)}
                    >
                      {t('profile.emails.resend')}
                      <VisuallyHidden> {item.email}</VisuallyHidden>
                    </Button>
                  </>
                )}
                {item.confirmed && !item.isPrimary && (
                  <Button
                    size="xs"
                    variant="default"
                    loading={setPrimary.isPending && setPrimary.variables === item.emailId}
                    onClick={() =>
                      setPrimary.mutate(item.emailId, {
                        onSuccess: () =>
                          setNotice(t('profile.emails.primarySet', { email: item.email })),
                      })
                    }
                  >
                    {t('profile.emails.makePrimary')}
                    <VisuallyHidden> {item.email}</VisuallyHidden>
                  </Button>
                )}
                {!item.isPrimary && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    c="red.9"
                    onClick={() => {
                      remove.reset();
                      setDeleting(item);
                    }}
                  >
                    {t('profile.emails.delete')}
                    <VisuallyHidden> {item.email}</VisuallyHidden>
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}

      <AddEmailForm
        add={add}
        title={t('profile.emails.addTitle')}
        showTitle
        fieldLabel={t('profile.emails.newEmail')}
        submitLabel={t('profile.emails.add')}
        onAdded={(email) => {
          setNotice(undefined);
          openCode(email);
        }}
      />

      <CodeDialog
        opened={confirming !== undefined}
        title={t('profile.emails.confirmTitle')}
        sentTo={t('profile.emails.codeSentTo', { email: confirming?.email ?? '' })}
        codeField="confirmationCode"
        confirming={confirm.isPending}
        confirmError={confirm.error}
        onConfirm={(code) => {
          if (!confirming) return;
          const email = confirming;
          confirm.mutate(
            { emailId: email.emailId, confirmationCode: code },
            {
              onSuccess: () => {
                setConfirming(undefined);
                setNotice(t('profile.emails.confirmedNotice', { email: email.email }));
              },
            },
          );
        }}
        resending={resend.isPending}
        resent={confirming !== undefined && resentTo === confirming.emailId}
        resendError={confirming ? resend.error : null}
        onResend={() => {
          if (confirming) sendNewCode(confirming, true);
        }}
        onClose={() => setConfirming(undefined)}
      />

      <ConfirmDialog
        opened={deleting !== undefined}
        title={t('profile.emails.deleteTitle')}
        text={t('profile.emails.deleteText', { email: deleting?.email ?? '' })}
        confirmLabel={t('profile.emails.deleteConfirm')}
        danger
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => {
          if (!deleting) return;
          const email = deleting;
          remove.mutate(email.emailId, {
            onSuccess: () => {
              setDeleting(undefined);
              setNotice(t('profile.emails.deleted', { email: email.email }));
            },
          });
        }}
        onClose={() => setDeleting(undefined)}
        onErrorClose={() => remove.reset()}
      />
      {/* Errors of the row actions (the dialogs show their own). */}
      <ErrorPopup
        error={setPrimary.error ?? (confirming ? null : resend.error)}
        onClose={() => (setPrimary.error ? setPrimary.reset() : resend.reset())}
      />
    </SectionCard>
  );
}
