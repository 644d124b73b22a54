import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  APPROVAL_POLICY_MAX_RULES,
  approvalPolicySchema,
  type ApprovalPolicy,
} from '@ledgerline/contract';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '@/lib/api-error';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { AlertIcon, ChevronDownIcon } from '@/ui/icons';
import { LoadFailed } from '@/ui/load-failed';
import { useApprovalPolicy, useSetApprovalPolicy } from '../api/approvals';
import { useFormatMoney } from '../format';

type PolicyInput = z.input<typeof approvalPolicySchema>;

/**
 * The company's approval policy (issue 15, beyond the spec as Revolut Business and Wise Business
 * offer it): above an amount, N approvers. Everyone who sees the approvals reads it; a full-access
 * user edits it. No rule: one approver, the spec's default. New requests follow a change.
 */
export function ApprovalPolicyCard() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const policy = useApprovalPolicy();
  const [editing, setEditing] = useState(false);
  const data = policy.data;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      component="section"
      aria-labelledby="approval-policy"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={2} fz="lg" id="approval-policy">
            {t('businessApprovals.policy.title')}
          </Title>
          {data?.canEdit && !editing && (
            <Button size="xs" variant="default" onClick={() => setEditing(true)}>
              {t('businessApprovals.policy.edit')}
            </Button>
          )}
        </Group>
        {policy.isPending && (
          <Text size="sm" c="dimmed" role="status">
            {t('transfers.loading')}
          </Text>
        )}
        {policy.isError && (
          <LoadFailed
            title={t('businessApprovals.policy.loadFailed')}
            error={policy.error}
            onRetry={() => void policy.refetch()}
            retrying={policy.isFetching}
          />
        )}
        {data && !editing && (
          <Stack gap={4}>
            <Text size="sm">{t('businessApprovals.policy.default')}</Text>
            {data.policy.rules.map((rule) => (
              <Text size="sm" key={rule.aboveAmount}>
                {t('businessApprovals.policy.rule', {
                  amount: money(rule.aboveAmount, data.policy.currencyCode),
                  count: rule.approvals,
                })}
              </Text>
            ))}
          </Stack>
        )}
        {data && editing && (
          <PolicyForm
            initial={{
              currencyCode: data.policy.currencyCode,
              rules: data.policy.rules.map((rule) => ({ ...rule })),
            }}
            approvers={data.approvers}
            onDone={() => setEditing(false)}
          />
        )}
      </Stack>
    </Paper>
  );
}

function PolicyForm({
  initial,
  approvers,
  onDone,
}: {
  initial: PolicyInput;
  approvers: number;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSetApprovalPolicy();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PolicyInput, unknown, ApprovalPolicy>({
    resolver: schemaResolver(approvalPolicySchema),
    defaultValues: initial,
  });
  const rules = useFieldArray({ control, name: 'rules' });
  const choices = Array.from({ length: Math.max(0, approvers - 1) }, (_, index) =>
    String(index + 2),
  );
  const submit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: onDone,
      onError: (error) => {
        const fields = isApiError(error) ? (error.validationErrors ?? {}) : {};
        for (const [path, message] of Object.entries(fields))
          setError(path as 'currencyCode', { type: 'server', message });
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-busy={save.isPending}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('businessApprovals.policy.help', { count: approvers })}
        </Text>
        <TextInput
          label={t('businessApprovals.policy.currency')}
          maxLength={3}
          w={120}
          error={fieldMessage(t, errors.currencyCode?.message)}
          disabled={save.isPending}
          {...register('currencyCode', { setValueAs: (value: string) => value.toUpperCase() })}
        />
        {rules.fields.map((field, index) => (
          <Group key={field.id} align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={t('businessApprovals.policy.above')}
              inputMode="decimal"
              w={160}
              error={fieldMessage(t, errors.rules?.[index]?.aboveAmount?.message)}
              disabled={save.isPending}
              {...register(`rules.${index}.aboveAmount`)}
            />
            <NativeSelect
              label={t('businessApprovals.policy.approvers')}
              w={140}
              data={choices}
              error={fieldMessage(t, errors.rules?.[index]?.approvals?.message)}
              disabled={save.isPending}
              rightSection={<ChevronDownIcon size={16} />}
              rightSectionPointerEvents="none"
              {...register(`rules.${index}.approvals`, { valueAsNumber: true })}
            />
            <Button
              variant="subtle"
              color="red.9"
              onClick={() => rules.remove(index)}
              disabled={save.isPending}
              aria-label={t('businessApprovals.policy.removeRule', { index: index + 1 })}
            >
              {t('businessApprovals.policy.remove')}
            </Button>
          </Group>
        ))}
        {choices.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('businessApprovals.policy.oneApprover')}
          </Text>
        )}
        {save.error !== null && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {describeApiError(t, save.error)}
          </Alert>
        )}
        <Group justify="space-between" gap="sm">
          <Button
            variant="default"
            size="xs"
            onClick={() => rules.append({ aboveAmount: '', approvals: 2 })}
            disabled={
              rules.fields.length >= APPROVAL_POLICY_MAX_RULES ||
              choices.length === 0 ||
              save.isPending
            }
          >
            {t('businessApprovals.policy.addRule')}
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onDone} disabled={save.isPending}>
              {t('businessApprovals.reason.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('businessApprovals.policy.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
