import { Alert, Button, Group, Loader, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { mainMethods, type ProfileAddress } from '@ledgerline/contract';
import { isApiError } from '@/lib/api-error';
import { Dialog } from '@/ui/dialog';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { AlertIcon, ChevronDownIcon, InfoIcon } from '@/ui/icons';
import {
  useAddressReplacementCheck,
  useCreateAddress,
  useReplaceAddress,
  type AddressFields,
} from '../api/addresses';
import { useCountries, useStates } from '../api/dictionaries';
import classes from './profile.module.css';

const SELECT_LOOK = {
  rightSection: <ChevronDownIcon size={16} />,
  rightSectionPointerEvents: 'none' as const,
};

interface AddressFormValues {
  address1: string;
  address2: string;
  city: string;
  postalCode: string;
  countryCode: string;
  stateCode: string;
}

const FIELDS: readonly (keyof AddressFormValues)[] = [
  'address1',
  'address2',
  'city',
  'postalCode',
  'countryCode',
  'stateCode',
];

/** The form's values as the contract's request: empty optional fields are left out. */
function toRequest(values: AddressFormValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of FIELDS) {
    if (values[field].trim() !== '' || (field !== 'address2' && field !== 'stateCode'))
      out[field] = values[field];
  }
  return out;
}

/**
 * Validates with the contract's createAddress schema (the server's own rules), plus the state
 * where the country has a list of them.
 */
function addressResolver(
  needsState: () => boolean,
): Resolver<AddressFormValues, unknown, AddressFields> {
  return async (values) => {
    const parsed = mainMethods.createAddress.request.safeParse(toRequest(values));
    const errors: FieldErrors<AddressFormValues> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (
          typeof field === 'string' &&
          FIELDS.includes(field as keyof AddressFormValues) &&
          !errors[field as keyof AddressFormValues]
        ) {
          errors[field as keyof AddressFormValues] = { type: 'validation', message: issue.message };
        }
      }
    }
    if (needsState() && values.stateCode === '' && !errors.stateCode)
      errors.stateCode = { type: 'validation', message: 'validation.required' };
    if (Object.keys(errors).length > 0 || !parsed.success) return { values: {}, errors };
    return { values: parsed.data, errors: {} };
  };
}

const EMPTY: AddressFormValues = {
  address1: '',
  address2: '',
  city: '',
  postalCode: '',
  countryCode: '',
  stateCode: '',
};

/** What the replacement check answered, in words. */
function ReplacementCheck({
  oldAddressId,
  countryCode,
}: {
  oldAddressId: number;
  countryCode: string;
}) {
  const { t } = useTranslation();
  const check = useAddressReplacementCheck(oldAddressId, countryCode);
  if (!countryCode) {
    return (
      <Text size="sm" c="gray.7">
        {t('profile.addresses.chooseCountryFirst')}
      </Text>
    );
  }
  if (check.isPending) {
    return (
      <span className={classes.inlineStatus}>
        <Loader size={12} aria-hidden="true" />
        <Text span size="sm" c="gray.7">
          {t('profile.addresses.checkingReplacement')}
        </Text>
      </span>
    );
  }
  if (check.isError) {
    return (
      <Alert color="red" variant="light" icon={<AlertIcon />}>
        {describeApiError(t, check.error)}
      </Alert>
    );
  }
  if (!check.data.allowed) {
    return (
      <Alert color="red" variant="light" icon={<AlertIcon />}>
        {t(`profile.addresses.refusal.${check.data.reason ?? 'unknown'}`)}
      </Alert>
    );
  }
  return (
    <Alert color="blue" variant="light" icon={<InfoIcon />}>
      {check.data.requiresDocument
        ? t('profile.addresses.replacementNeedsDocument')
        : t('profile.addresses.replacementAllowed')}
    </Alert>
  );
}

/**
 * A new address, or the replacement of a confirmed one. A replacement is asked about first (spec 2
 * §7 "address replacement check (countryCode, oldAddressId)"): it is sent only when allowed.
 */
export function AddressDialog({
  opened,
  replacing,
  defaultCountry,
  onClose,
  onSaved,
}: {
  opened: boolean;
  replacing: ProfileAddress | undefined;
  defaultCountry: string | null;
  onClose: () => void;
  onSaved: (address: ProfileAddress) => void;
}) {
  const { t } = useTranslation();
  const countries = useCountries();
  const create = useCreateAddress();
  const replace = useReplaceAddress();
  const mutation = replacing ? replace : create;
  // The state is required where the chosen country lists states: known only after the form exists.
  const needsStateRef = useRef(false);
  const resolver = useMemo(() => addressResolver(() => needsStateRef.current), []);
  const form = useForm<AddressFormValues, unknown, AddressFields>({
    defaultValues: EMPTY,
    resolver,
  });
  const countryCode = form.watch('countryCode');
  const states = useStates(countryCode);
  const needsState = (states.data?.length ?? 0) > 0;
  needsStateRef.current = needsState;
  const check = useAddressReplacementCheck(replacing?.addressId ?? 0, replacing ? countryCode : '');
  const mayReplace = !replacing || check.data?.allowed === true;

  const { reset } = form;
  const { reset: resetCreate } = create;
  const { reset: resetReplace } = replace;
  useEffect(() => {
    if (!opened) return;
    reset({ ...EMPTY, countryCode: replacing?.countryCode ?? defaultCountry ?? '' });
    resetCreate();
    resetReplace();
  }, [opened, replacing, defaultCountry, reset, resetCreate, resetReplace]);

  const onSubmit = form.handleSubmit((values) => {
    if (!mayReplace) return;
    const handlers = {
      onSuccess: (address: ProfileAddress) => onSaved(address),
      onError: (error: Error) => {
        // The server's field errors land on the fields (STYLE.md "Forms and screens").
        if (!isApiError(error) || !error.validationErrors) return;
        for (const field of FIELDS) {
          const message = error.validationErrors[field];
          if (message) form.setError(field, { type: 'server', message });
        }
      },
    };
    if (replacing) replace.mutate({ ...values, oldAddressId: replacing.addressId }, handlers);
    else create.mutate(values, handlers);
  });

  const err = (field: keyof AddressFormValues) =>
    fieldMessage(t, form.formState.errors[field]?.message);
  const failure = mutation.error;
  const failureOnField =
    isApiError(failure) && FIELDS.some((field) => !!failure.validationErrors?.[field]);
  const countryOptions = [
    { value: '', label: countries.isPending ? t('profile.loadingList') : t('profile.choose') },
    ...(countries.data ?? []).map((country) => ({ value: country.code, label: country.name })),
  ];
  const stateOptions = [
    { value: '', label: t('profile.choose') },
    ...(states.data ?? []).map((state) => ({ value: state.code, label: state.name })),
  ];

  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={replacing ? t('profile.addresses.replaceTitle') : t('profile.addresses.addTitle')}
      closeLabel={t('profile.close')}
    >
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={mutation.isPending} className={classes.fieldset}>
          <Stack gap="sm">
            {replacing && (
              <Text size="sm">
                {t('profile.addresses.replacing', {
                  address: [replacing.address1, replacing.city].join(', '),
                })}
              </Text>
            )}
            <NativeSelect
              label={t('profile.addresses.country')}
              data={countryOptions}
              error={err('countryCode')}
              data-autofocus
              {...SELECT_LOOK}
              {...form.register('countryCode', { onChange: () => form.setValue('stateCode', '') })}
            />
            {replacing && (
              <ReplacementCheck oldAddressId={replacing.addressId} countryCode={countryCode} />
            )}
            <TextInput
              label={t('profile.addresses.address1')}
              autoComplete="address-line1"
              error={err('address1')}
              {...form.register('address1')}
            />
            <TextInput
              label={t('profile.addresses.address2')}
              autoComplete="address-line2"
              error={err('address2')}
              {...form.register('address2')}
            />
            <div className={classes.formRow}>
              <TextInput
                label={t('profile.addresses.city')}
                autoComplete="address-level2"
                error={err('city')}
                {...form.register('city')}
              />
              <TextInput
                label={t('profile.addresses.postalCode')}
                autoComplete="postal-code"
                error={err('postalCode')}
                {...form.register('postalCode')}
              />
            </div>
            {needsState && (
              <NativeSelect
                label={t('profile.addresses.state')}
                data={stateOptions}
                error={err('stateCode')}
                {...SELECT_LOOK}
                {...form.register('stateCode')}
              />
            )}
            {countries.isError && (
              <Alert color="red" variant="light" icon={<AlertIcon />}>
                {t('profile.listsFailed')}
              </Alert>
            )}
            {failure && !failureOnField && (
              <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
                {describeApiError(t, failure)}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('profile.cancel')}
              </Button>
              <Button type="submit" loading={mutation.isPending} disabled={!mayReplace}>
                {replacing
                  ? t('profile.addresses.replaceSubmit')
                  : t('profile.addresses.addSubmit')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Dialog>
  );
}
