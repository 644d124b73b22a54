import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardExtraParamRules, type Account, type CardExtraParam } from '@ledgerline/contract';
import { extraParamProblem as checkExtraParam } from '@ledgerline/domain/extra-params';
import { translateErrorMessage } from '@/i18n';
import { Dialog } from '@/ui/dialog';
import { ErrorPopup } from '@/ui/error-popup';
import { AlertIcon, ChevronDownIcon } from '@/ui/icons';
import { useActivateCard, useActivationData } from '../api/activate-card';
import { feeAccountsOf, useAccounts } from '../api/get-accounts';
import { feeAccountLabel, useFormatMoney } from '../card-format';
import classes from './cards.module.css';

const SELECT_LOOK = {
  rightSection: <ChevronDownIcon size={16} />,
  rightSectionPointerEvents: 'none' as const,
};

/** A decimal string above zero, read without turning it into a float. */
function isPositiveAmount(amount: string | number): boolean {
  // The client may hand a number-looking amount over as a number (spec 2 §5).
  const text = String(amount).trim();
  return !text.startsWith('-') && /[1-9]/.test(text);
}

/** Every answerable parameter: a group's inner list (options.extraParams) is flattened into it. */
export function flattenExtraParams(params: readonly CardExtraParam[]): CardExtraParam[] {
  return params.flatMap((param) =>
    param.type === 'group' ? flattenExtraParams(param.options?.extraParams ?? []) : [param],
  );
}

/** The i18n key of what is wrong with a value (domain's one rule, as the server checks it), or undefined when it is fine. */
export function extraParamProblem(param: CardExtraParam, value: string): string | undefined {
  const [rule] = cardExtraParamRules([param]);
  return rule ? checkExtraParam(rule, value) : undefined;
}

function ParamFields({
  params,
  values,
  errors,
  onChange,
}: {
  params: readonly CardExtraParam[];
  values: Record<string, string>;
  errors: Record<string, string | undefined>;
  onChange: (name: string, value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {params.map((param) => {
        if (param.type === 'group') {
          return (
            <fieldset key={param.name} className={classes.fieldset}>
              <legend className={classes.legend}>{param.label}</legend>
              <Stack gap="sm">
                <ParamFields
                  params={param.options?.extraParams ?? []}
                  values={values}
                  errors={errors}
                  onChange={onChange}
                />
              </Stack>
            </fieldset>
          );
        }
        const error = errors[param.name] ? t(errors[param.name] ?? '') : undefined;
        if (param.type === 'select') {
          return (
            <NativeSelect
              key={param.name}
              {...SELECT_LOOK}
              label={param.label}
              required={param.required}
              value={values[param.name] ?? ''}
              error={error}
              onChange={(event) => onChange(param.name, event.currentTarget.value)}
              data={[
                { value: '', label: t('cards.activate.choose') },
                ...(param.options?.values ?? []),
              ]}
            />
          );
        }
        return (
          <TextInput
            key={param.name}
            label={param.label}
            required={param.required}
            value={values[param.name] ?? ''}
            error={error}
            autoComplete="off"
            onChange={(event) => onChange(param.name, event.currentTarget.value)}
          />
        );
      })}
    </>
  );
}

/**
 * Activation of a physical card that arrived: the programme's questions (extraParams, groups
 * included) and, when it costs something, the fee and the account that pays it.
 */
export function ActivateCardDialog({
  account,
  opened,
  onClose,
}: {
  account: Account;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={t('cards.activate.title')}
      closeLabel={t('cards.dialogClose')}
    >
      {opened && <ActivationForm account={account} onDone={onClose} />}
    </Dialog>
  );
}

function ActivationForm({ account, onDone }: { account: Account; onDone: () => void }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const data = useActivationData(account.accountId, { enabled: true });
  const accounts = useAccounts();
  const activate = useActivateCard();
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [feeAccountId, setFeeAccountId] = useState('');

  if (data.isPending || accounts.isPending) {
    return (
      <Stack gap="sm" aria-busy="true">
        <Text role="status" size="sm" c="dimmed">
          {t('cards.loading')}
        </Text>
        <Skeleton height={40} />
        <Skeleton height={40} />
      </Stack>
    );
  }
  if (data.isError || accounts.isError) {
    return (
      <Alert color="red" variant="light" icon={<AlertIcon />} title={t('cards.loadFailed')}>
        {translateErrorMessage(t, data.error ?? accounts.error)}
      </Alert>
    );
  }

  const hasFee = isPositiveAmount(data.data.fees);
  const feeAccounts = feeAccountsOf(accounts.data, data.data.feeCurrency);
  const feeAccount =
    feeAccounts.find((item) => String(item.accountId) === feeAccountId) ?? feeAccounts[0];
  const params = flattenExtraParams(data.data.extraParams);

  const submit = () => {
    const found = Object.fromEntries(
      params.map((param) => [param.name, extraParamProblem(param, values[param.name] ?? '')]),
    );
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    if (hasFee && !feeAccount) return;
    const answers = Object.fromEntries(
      params
        .map((param) => [param.name, (values[param.name] ?? '').trim()])
        .filter(([, value]) => value !== ''),
    );
    activate.mutate(
      {
        accountId: account.accountId,
        extraParams: answers,
        ...(hasFee && feeAccount ? { feeAccountId: feeAccount.accountId } : {}),
      },
      {
        onSuccess: onDone,
        onError: (error) => {
          // The server's field errors land on the fields they name.
          const server =
            (error as { validationErrors?: Record<string, string> }).validationErrors ?? {};
          const onFields = Object.fromEntries(
            Object.entries(server).map(([key, message]) => [
              key.replace(/^extraParams\./, ''),
              message,
            ]),
          );
          if (params.some((param) => onFields[param.name])) setErrors(onFields);
        },
      },
    );
  };

  return (
    <form
      noValidate
      aria-busy={activate.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <fieldset disabled={activate.isPending} className={classes.fieldset}>
        <Stack gap="md">
          <Text size="sm">{t('cards.activate.text')}</Text>
          <ParamFields
            params={data.data.extraParams}
            values={values}
            errors={errors}
            onChange={(name, value) => {
              setValues((current) => ({ ...current, [name]: value }));
              setErrors((current) => ({ ...current, [name]: undefined }));
            }}
          />
          {hasFee ? (
            <>
              <Text size="sm" fw={600}>
                {t('cards.activate.fee', { fee: money(data.data.fees, data.data.feeCurrency) })}
              </Text>
              {feeAccounts.length === 0 ? (
                <Alert color="orange" variant="light" icon={<AlertIcon />}>
                  {t('cards.apply.noFeeAccount', { currency: data.data.feeCurrency })}
                </Alert>
              ) : (
                <NativeSelect
                  {...SELECT_LOOK}
                  label={t('cards.apply.feeAccount')}
                  value={feeAccount ? String(feeAccount.accountId) : ''}
                  onChange={(event) => setFeeAccountId(event.currentTarget.value)}
                  data={feeAccounts.map((item) => ({
                    value: String(item.accountId),
                    label: feeAccountLabel(t, money, item),
                  }))}
                />
              )}
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t('cards.activate.noFee')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              {t('cards.cancel')}
            </Button>
            <Button type="submit" loading={activate.isPending} disabled={hasFee && !feeAccount}>
              {t('cards.activate.confirm')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
      <ErrorPopup
        error={
          activate.isError && !params.some((param) => errors[param.name]) ? activate.error : null
        }
        onClose={() => activate.reset()}
      />
    </form>
  );
}
