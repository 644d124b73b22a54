import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@ledgerline/contract';
import {
  REVIEW_REASON_CODES,
  decisionNeedsReason,
  type ReviewDecision,
  type ReviewItemKind,
  type ReviewReasonCode,
} from '@ledgerline/domain/compliance-review';
import { translateErrorMessage } from '@/i18n';
import { Dialog } from '@/ui/dialog';
import { useDecideItem } from '../api/decide';

const DECISIONS_BY_KIND: Record<ReviewItemKind, ReviewDecision[]> = {
  document: ['approve', 'reject', 'nameMismatch', 'requestAnother', 'reassign'],
  identity: ['approve', 'reject', 'nameMismatch', 'requestAnother'],
};

/** Why a decision was refused, in the administrator's language. */
function decisionError(t: (key: string) => string, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.validationErrors?.id === 'validation.reviewAlreadyDecided')
      return t('complianceDesk.errors.alreadyDecided');
    if (error.validationErrors?.decision === 'validation.reviewItemExpired')
      return t('complianceDesk.errors.expired');
    if (error.validationErrors?.targetCustomerId) return t('complianceDesk.errors.reassignTarget');
    if (error.responseCode === 'ENOA') return t('complianceDesk.errors.notAllowed');
  }
  return translateErrorMessage(t as never, error);
}

/**
 * The decision buttons of one waiting item. Each opens a confirmation: reject and "request another
 * document" ask for a reason from the fixed list (the customer reads it in their language) and an
 * optional note; reassign asks for the customer number of the document's owner.
 */
export function DecisionPanel({
  kind,
  id,
  waiting,
}: {
  kind: ReviewItemKind;
  id: number;
  waiting: boolean;
}) {
  const { t } = useTranslation();
  const decide = useDecideItem();
  const [chosen, setChosen] = useState<ReviewDecision | null>(null);
  const [reasonCode, setReasonCode] = useState<ReviewReasonCode | ''>('');
  const [note, setNote] = useState('');
  const [target, setTarget] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const [done, setDone] = useState<ReviewDecision | null>(null);

  const open = (decision: ReviewDecision) => {
    decide.reset();
    setMissing(null);
    setReasonCode('');
    setNote('');
    setTarget('');
    setChosen(decision);
  };
  const close = () => setChosen(null);

  const confirm = () => {
    if (!chosen) return;
    if (decisionNeedsReason(chosen) && reasonCode === '') {
      setMissing(t('complianceDesk.reasonRequired'));
      return;
    }
    const targetId = Number(target);
    if (chosen === 'reassign' && !(Number.isInteger(targetId) && targetId > 0)) {
      setMissing(t('complianceDesk.targetRequired'));
      return;
    }
    decide.mutate(
      {
        kind,
        id,
        decision: chosen,
        ...(reasonCode !== '' && decisionNeedsReason(chosen) ? { reasonCode } : {}),
        ...(note.trim() !== '' && chosen !== 'approve' && chosen !== 'reassign'
          ? { note: note.trim() }
          : {}),
        ...(chosen === 'reassign' ? { targetCustomerId: targetId } : {}),
      },
      {
        onSuccess: () => {
          setDone(chosen);
          setChosen(null);
        },
      },
    );
  };

  if (done)
    return (
      <Alert color="teal" variant="light" role="status" title={t('complianceDesk.recorded')}>
        {t(`complianceDesk.recordedAs.${done}`)}
      </Alert>
    );
  if (!waiting)
    return (
      <Stack gap="sm">
        {decide.isError && (
          <Alert color="red" variant="light" role="alert">
            {decisionError(t, decide.error)}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {t('complianceDesk.alreadyDecidedHint')}
        </Text>
      </Stack>
    );

  return (
    <Stack gap="sm">
      <Group gap="xs">
        {DECISIONS_BY_KIND[kind].map((decision) => (
          <Button
            key={decision}
            variant={decision === 'approve' ? 'filled' : 'default'}
            color={decision === 'approve' ? 'teal.9' : undefined}
            onClick={() => open(decision)}
          >
            {t(`complianceDesk.decisions.${decision}`)}
          </Button>
        ))}
      </Group>
      <Dialog
        opened={chosen !== null}
        onClose={close}
        title={chosen ? t(`complianceDesk.confirmTitle.${chosen}`) : ''}
        closeLabel={t('complianceDesk.cancel')}
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          <fieldset disabled={decide.isPending} style={{ border: 0, margin: 0, padding: 0 }}>
            <Stack gap="sm">
              <Text size="sm">{chosen ? t(`complianceDesk.confirmText.${chosen}`) : ''}</Text>
              {chosen && decisionNeedsReason(chosen) && (
                <NativeSelect
                  data-autofocus
                  label={t('complianceDesk.reason')}
                  value={reasonCode}
                  onChange={(event) => setReasonCode(event.currentTarget.value as ReviewReasonCode)}
                  data={[
                    { value: '', label: t('complianceDesk.chooseReason') },
                    ...REVIEW_REASON_CODES.map((code) => ({
                      value: code,
                      label: t(`complianceDesk.reasons.${code}`),
                    })),
                  ]}
                />
              )}
              {chosen && chosen !== 'approve' && chosen !== 'reassign' && (
                <Textarea
                  label={t('complianceDesk.note')}
                  description={t('complianceDesk.noteHint')}
                  maxLength={500}
                  rows={3}
                  value={note}
                  onChange={(event) => setNote(event.currentTarget.value)}
                />
              )}
              {chosen === 'reassign' && (
                <TextInput
                  data-autofocus
                  label={t('complianceDesk.targetCustomer')}
                  description={t('complianceDesk.targetHint')}
                  inputMode="numeric"
                  autoComplete="off"
                  value={target}
                  onChange={(event) => setTarget(event.currentTarget.value.replace(/\D/g, ''))}
                />
              )}
              {missing && (
                <Text size="sm" c="red.8" role="alert">
                  {missing}
                </Text>
              )}
              {decide.isError && (
                <Alert color="red" variant="light" role="alert">
                  {decisionError(t, decide.error)}
                </Alert>
              )}
              <Group justify="flex-end" gap="xs">
                <Button variant="default" onClick={close}>
                  {t('complianceDesk.cancel')}
                </Button>
                <Button type="submit" loading={decide.isPending}>
                  {chosen ? t(`complianceDesk.confirm.${chosen}`) : ''}
                </Button>
              </Group>
            </Stack>
          </fieldset>
        </form>
      </Dialog>
    </Stack>
  );
}
