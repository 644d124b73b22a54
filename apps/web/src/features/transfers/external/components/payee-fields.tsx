import {
  Alert,
  Loader,
  NativeSelect,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/PasswordInput.css';
import { useDebouncedValue } from '@mantine/hooks';
import { CRYPTO_NETWORKS, ibanSchema, swiftSchema } from '@ledgerline/contract';
import { needsBankAndBranchCode } from '@ledgerline/domain/external-transfers';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { AlertIcon, CheckCircleIcon } from '@/ui/icons';
import {
  useBankByIban,
  useBankBySwift,
  useBankList,
  useBlockedBins,
  useBranchCodes,
  useInstantInfo,
} from '../api/lookups';
import { externalMessage } from '../format';
import {
  isBinBlocked,
  wireFieldsFor,
  type ExternalFormValues,
  type ExternalTransferType,
} from '../form-model';
import classes from './external.module.css';
import { SELECT_LOOK, type ExternalForm } from './select-look';

type Form = ExternalForm;
type TextField = Exclude<keyof ExternalFormValues, 'extra' | 'toOwnAccount'>;

/** A text field of the form with its label, hint and (translated) message. */
function Field({
  form,
  name,
  hint,
  autoComplete,
  inputMode,
  rightSection,
}: {
  form: Form;
  name: TextField;
  hint?: boolean;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
  rightSection?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t(`externalTransfer.fields.${name}`)}
      description={hint ? t(`externalTransfer.hints.${name}`) : undefined}
      autoComplete={autoComplete ?? 'off'}
      inputMode={inputMode}
      rightSection={rightSection}
      error={externalMessage(t, form.formState.errors[name]?.message)}
      {...form.register(name)}
    />
  );
}

/** Label-and-value pairs of something looked up, for the customer to check before sending. */
export function Facts({
  items,
}: {
  items: readonly { label: string; value: string | null | undefined }[];
}) {
  return (
    <dl className={classes.facts}>
      {items
        .filter((item) => item.value)
        .map((item) => (
          <div key={item.label}>
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** The message of a failed lookup: the field's message when the server named one, else its text. */
function lookupProblem(t: ReturnType<typeof useTranslation>['t'], error: unknown): string {
  if (isApiError(error) && error.validationErrors) {
    const first = Object.values(error.validationErrors)[0];
    if (first) return externalMessage(t, first) ?? '';
  }
  return error instanceof Error ? error.message : t('errors.unknownError');
}

/** The fields of the payee for a type; the wire's depend on its scheme, EFT's on the country. */
export function PayeeFields({
  type,
  form,
  countryCode,
}: {
  type: ExternalTransferType;
  form: Form;
  countryCode: string;
}) {
  switch (type) {
    case 'wire':
      return <WireFields form={form} />;
    case 'eft':
      return <EftFields form={form} countryCode={countryCode} />;
    case 'oct':
      return <OctFields form={form} />;
    case 'crypto_eft':
      return <CryptoFields form={form} />;
    case 'instant_payment':
      return <InstantFields form={form} countryCode={countryCode} />;
    case 'interac':
      return <InteracFields form={form} />;
  }
}

function WireFields({ form }: { form: Form }) {
  const scheme = useWatch({ control: form.control, name: 'scheme' });
  const fields = wireFieldsFor(scheme);
  const has = (name: TextField) => fields.includes(name);
  return (
    <Stack gap="sm">
      <Field form={form} name="beneficiaryName" autoComplete="name" />
      {has('beneficiaryAddress') && <Field form={form} name="beneficiaryAddress" />}
      {has('iban') && <IbanField form={form} optional={scheme === 'swift'} />}
      {has('accountNumber') && (
        <Field form={form} name="accountNumber" hint={scheme !== 'swift'} inputMode="numeric" />
      )}
      {has('routingNumber') && <Field form={form} name="routingNumber" hint inputMode="numeric" />}
      {has('sortCode') && <Field form={form} name="sortCode" hint inputMode="numeric" />}
      {has('swift') && <SwiftField form={form} />}
      {has('bankName') && <Field form={form} name="bankName" />}
      {has('bankAddress') && <Field form={form} name="bankAddress" />}
    </Stack>
  );
}

/**
 * The IBAN, and the bank it belongs to (getBankByIban) shown for the customer to check. A found
 * bank also sets the country (the IBAN names it) and, for SWIFT, the BIC and the bank's name.
 */
function IbanField({ form, optional }: { form: Form; optional: boolean }) {
  const { t } = useTranslation();
  const iban = useWatch({ control: form.control, name: 'iban' });
  const [settled] = useDebouncedValue(iban, 400);
  const parsed = ibanSchema.safeParse(settled);
  const lookup = useBankByIban(parsed.success ? parsed.data : null);
  const bank = lookup.data;
  const { setValue, getValues } = form;

  useEffect(() => {
    if (!bank) return;
    if (getValues('countryCode') !== bank.countryIsoCode)
      setValue('countryCode', bank.countryIsoCode, { shouldValidate: true });
    if (bank.swift && getValues('swift') === '') setValue('swift', bank.swift);
    if (getValues('bankName') === '') setValue('bankName', bank.bankName);
  }, [bank, getValues, setValue]);

  return (
    <Stack gap="xs">
      <TextInput
        label={t(
          optional ? 'externalTransfer.fields.ibanOptional' : 'externalTransfer.fields.iban',
        )}
        description={t('externalTransfer.hints.iban')}
        autoComplete="off"
        spellCheck={false}
        rightSection={
          lookup.isFetching ? (
            <Loader size={16} aria-label={t('externalTransfer.bank.looking')} />
          ) : bank ? (
            <CheckCircleIcon size={18} color="var(--mantine-color-teal-7)" aria-hidden />
          ) : null
        }
        error={externalMessage(t, form.formState.errors.iban?.message)}
        {...form.register('iban')}
      />
      <div aria-live="polite">
        {bank && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('externalTransfer.bank.found')}
            </Text>
            <Facts
              items={[
                { label: t('externalTransfer.bank.name'), value: bank.bankName },
                { label: t('externalTransfer.bank.branch'), value: bank.branch },
                { label: t('externalTransfer.bank.swift'), value: bank.swift },
                {
                  label: t('externalTransfer.bank.address'),
                  value: [bank.address, [bank.zipCode, bank.city].filter(Boolean).join(' ')]
                    .filter(Boolean)
                    .join(', '),
                },
                { label: t('externalTransfer.bank.country'), value: bank.country },
              ]}
            />
          </Stack>
        )}
        {lookup.isError && (
          <Text size="sm" c="red.8" role="alert">
            {lookupProblem(t, lookup.error)}
          </Text>
        )}
      </div>
    </Stack>
  );
}

/** The BIC, and the bank it names (getBankBySwift). */
function SwiftField({ form }: { form: Form }) {
  const { t } = useTranslation();
  const swift = useWatch({ control: form.control, name: 'swift' });
  const [settled] = useDebouncedValue(swift, 400);
  const parsed = swiftSchema.safeParse(settled);
  const lookup = useBankBySwift(parsed.success ? parsed.data : null);
  const bank = lookup.data;
  return (
    <Stack gap="xs">
      <TextInput
        label={t('externalTransfer.fields.swift')}
        description={t('externalTransfer.hints.swift')}
        autoComplete="off"
        spellCheck={false}
        rightSection={
          lookup.isFetching ? (
            <Loader size={16} aria-label={t('externalTransfer.bank.looking')} />
          ) : null
        }
        error={externalMessage(t, form.formState.errors.swift?.message)}
        {...form.register('swift')}
      />
      <div aria-live="polite">
        {bank && (
          <Facts
            items={[
              { label: t('externalTransfer.bank.name'), value: bank.bankName },
              { label: t('externalTransfer.bank.swift'), value: bank.code },
              {
                label: t('externalTransfer.bank.address'),
                value: [bank.address, [bank.zipCode, bank.city].filter(Boolean).join(' ')]
                  .filter(Boolean)
                  .join(', '),
              },
              { label: t('externalTransfer.bank.countryCode'), value: bank.countryIsoCode },
            ]}
          />
        )}
        {lookup.isError && (
          <Text size="sm" c="red.8" role="alert">
            {lookupProblem(t, lookup.error)}
          </Text>
        )}
      </div>
    </Stack>
  );
}

/**
 * EFT: account number and the bank; in BR, JP, HK and LK the bank code and the branch code are
 * required (spec 2 §5), chosen from the directory's lists when it has the country's banks.
 */
function EftFields({ form, countryCode }: { form: Form; countryCode: string }) {
  const { t } = useTranslation();
  const needsCodes = countryCode !== '' && needsBankAndBranchCode(countryCode);
  const banks = useBankList(countryCode !== '' ? countryCode : null);
  const bankCode = useWatch({ control: form.control, name: 'bankCode' });
  const bankList = useMemo(() => banks.data ?? [], [banks.data]);
  const branches = useBranchCodes(
    needsCodes && bankCode !== '' && bankList.some((bank) => bank.code === bankCode)
      ? { countryCode, bankCode }
      : null,
  );
  const { setValue } = form;

  // The bank's name travels with its code (the confirmation and templates show it).
  useEffect(() => {
    const bank = bankList.find((item) => item.code === bankCode);
    if (bank) setValue('bankName', bank.name);
  }, [bankCode, bankList, setValue]);

  const bankField =
    bankList.length > 0 ? (
      <NativeSelect
        {...SELECT_LOOK}
        label={t(
          needsCodes ? 'externalTransfer.fields.bank' : 'externalTransfer.fields.bankOptional',
        )}
        data={[
          { value: '', label: t('externalTransfer.chooseBank') },
          ...bankList.map((bank) => ({ value: bank.code, label: `${bank.name} (${bank.code})` })),
        ]}
        error={externalMessage(t, form.formState.errors.bankCode?.message)}
        {...form.register('bankCode')}
      />
    ) : (
      <Field form={form} name="bankCode" hint />
    );

  const branchList = branches.data ?? [];
  return (
    <Stack gap="sm">
      <Field form={form} name="beneficiaryName" autoComplete="name" />
      <Field form={form} name="accountNumber" inputMode="text" />
      {needsCodes && (
        <Text size="sm" c="dimmed">
          {t('externalTransfer.eftCodesNeeded')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: needsCodes ? 2 : 1 }} spacing="sm">
        {bankField}
        {needsCodes &&
          (branchList.length > 0 ? (
            <NativeSelect
              {...SELECT_LOOK}
              label={t('externalTransfer.fields.branchCode')}
              data={[
                { value: '', label: t('externalTransfer.chooseBranch') },
                ...branchList.map((branch) => ({
                  value: branch.code,
                  label: `${branch.code} · ${branch.name}, ${branch.city}`,
                })),
              ]}
              error={externalMessage(t, form.formState.errors.branchCode?.message)}
              {...form.register('branchCode')}
            />
          ) : (
            <Field form={form} name="branchCode" />
          ))}
      </SimpleGrid>
    </Stack>
  );
}

/** OCT: a card payout. A card whose BIN is on the blocked list is refused before sending. */
function OctFields({ form }: { form: Form }) {
  const bins = useBlockedBins(true);
  const cardNumber = useWatch({ control: form.control, name: 'cardNumber' });
  const blocked = isBinBlocked(cardNumber, bins.data ?? []);
  const { setError, clearErrors } = form;
  useEffect(() => {
    if (blocked) setError('cardNumber', { type: 'blocked', message: 'validation.binBlocked' });
    else if (form.getFieldState('cardNumber').error?.type === 'blocked') clearErrors('cardNumber');
  }, [blocked, setError, clearErrors, form]);
  return (
    <Stack gap="sm">
      <Field form={form} name="cardNumber" hint inputMode="numeric" autoComplete="off" />
      <Field form={form} name="cardholderName" autoComplete="name" />
    </Stack>
  );
}

function CryptoFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <NativeSelect
        {...SELECT_LOOK}
        label={t('externalTransfer.fields.network')}
        data={[
          { value: '', label: t('externalTransfer.chooseNetwork') },
          ...CRYPTO_NETWORKS.map((network) => ({
            value: network,
            label: t(`externalTransfer.networks.${network}`),
          })),
        ]}
        error={externalMessage(t, form.formState.errors.network?.message)}
        {...form.register('network')}
      />
      <Field form={form} name="walletAddress" hint />
      <Field form={form} name="beneficiaryName" autoComplete="name" />
      <Text size="xs" c="dimmed">
        {t('externalTransfer.cryptoWarning')}
      </Text>
    </Stack>
  );
}

/** Instant payments: the payee's key by type; the customer's own key and the banks that take part, from getInstantInfo. */
function InstantFields({ form, countryCode }: { form: Form; countryCode: string }) {
  const { t } = useTranslation();
  const info = useInstantInfo(countryCode !== '' ? countryCode : null);
  const keyTypes = info.data?.keyTypes ?? [];
  return (
    <Stack gap="sm">
      {countryCode === '' && (
        <Text size="sm" c="dimmed">
          {t('externalTransfer.instant.chooseCountry')}
        </Text>
      )}
      {info.isError && (
        <Alert color="orange" variant="light" icon={<AlertIcon />}>
          {lookupProblem(t, info.error)}
        </Alert>
      )}
      {info.data && (
        <>
          <Facts
            items={[
              {
                label: t('externalTransfer.instant.yourKey'),
                value: info.data.instantKey
                  ? `${info.data.instantKey} (${t(`externalTransfer.instant.keyTypes.${info.data.instantKeyType ?? 'random'}`)})`
                  : t('externalTransfer.instant.noKey'),
              },
              {
                label: t('externalTransfer.instant.taxId'),
                value: info.data.taxId ?? t('externalTransfer.instant.noTaxId'),
              },
              {
                label: t('externalTransfer.instant.banks'),
                value: info.data.banks.map((bank) => bank.name).join(', ') || null,
              },
            ]}
          />
          <NativeSelect
            {...SELECT_LOOK}
            label={t('externalTransfer.fields.instantKeyType')}
            data={[
              { value: '', label: t('externalTransfer.chooseKeyType') },
              ...keyTypes.map((keyType) => ({
                value: keyType,
                label: t(`externalTransfer.instant.keyTypes.${keyType}`),
              })),
            ]}
            error={externalMessage(t, form.formState.errors.instantKeyType?.message)}
            {...form.register('instantKeyType')}
          />
          <Field form={form} name="instantKey" hint />
          <Field form={form} name="beneficiaryName" autoComplete="name" />
        </>
      )}
    </Stack>
  );
}

function InteracFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Field form={form} name="beneficiaryName" autoComplete="name" />
      <Field form={form} name="email" inputMode="email" />
      <Field form={form} name="phone" inputMode="tel" hint />
      <Field form={form} name="securityQuestion" />
      <PasswordInput
        label={t('externalTransfer.fields.securityAnswer')}
        description={t('externalTransfer.hints.securityAnswer')}
        autoComplete="off"
        visibilityToggleButtonProps={{ 'aria-label': t('externalTransfer.showAnswer') }}
        error={externalMessage(t, form.formState.errors.securityAnswer?.message)}
        {...form.register('securityAnswer')}
      />
    </Stack>
  );
}
