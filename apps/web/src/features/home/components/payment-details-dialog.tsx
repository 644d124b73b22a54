import { formatIban } from '@ledgerline/domain/money';
import { Alert, Button, NativeSelect, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import type { Account, PaymentInstruction } from '@ledgerline/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateErrorMessage } from '@/i18n';
import { Dialog } from '@/ui/dialog';
import { CopyValue } from '@/ui/copy-value';
import { AlertIcon } from '@/ui/icons';
import { useAccountPaymentInstructions } from '../api/get-payment-instructions';
import { useAccountName } from '@/lib/account-name';
import classes from './home.module.css';

/** The fields of a payment instruction a payer needs, in the order a bank form asks for them. */
const FIELDS = [
  'beneficiaryName',
  'iban',
  'bankAccountNumber',
  'sortCode',
  'routingNumber',
  'transitNumber',
  'swift',
  'bankName',
  'bankAddress',
  'reference',
] as const satisfies readonly (keyof PaymentInstruction)[];

/** Names and addresses read as prose; numbers and codes in a fixed-width face, easier to copy by eye. */
const TEXT_FIELDS: ReadonlySet<string> = new Set(['beneficiaryName', 'bankName', 'bankAddress']);

/** One instruction as a definition list, each value with a copy button. */
function InstructionDetails({ instruction }: { instruction: PaymentInstruction }) {
  const { t } = useTranslation();
  return (
    <dl className={classes.detailsList}>
      {FIELDS.map((field) => {
        const raw = instruction[field];
        // Number-looking values arrive as numbers (decision 4); show and copy them as written.
        const value = raw === null || raw === undefined ? '' : String(raw).trim();
        if (value === '') return null;
        // The IBAN already carries the account number for IBAN countries.
        const compact = (text: string) => text.replace(/\s+/g, '').toUpperCase();
        if (
          field === 'bankAccountNumber' &&
          instruction.iban &&
          compact(value) === compact(String(instruction.iban))
        )
          return null;
        const label = t(`home.paymentDetails.fields.${field}`);
        return (
          <div key={field}>
            <dt>{label}</dt>
            <dd>
              <span className={TEXT_FIELDS.has(field) ? classes.detailText : classes.detailValue}>
                {/* Read in groups of four; copied without spaces, as a form takes it. */}
                {field === 'iban' ? formatIban(value) : value}
              </span>
              <CopyValue value={value} label={label} />
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * The bank details others need to pay into an account (spec 2 §7 "Payment instructions"). Opened
 * from an account, or from "Add money" with a choice of the accounts that have details.
 */
export function PaymentDetailsDialog({
  accountId,
  accounts,
  onSelect,
  onClose,
}: {
  accountId: number | undefined;
  /** Accounts that have payment details, for the choice. */
  accounts: Account[];
  onSelect: (accountId: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const accountName = useAccountName();
  const instructions = useAccountPaymentInstructions(accountId);
  const account = accounts.find((item) => item.accountId === accountId);

  return (
    <Dialog
      opened={accountId !== undefined}
      onClose={onClose}
      title={t('home.paymentDetails.title')}
      closeLabel={t('home.dialogClose')}
    >
      <Stack gap="md">
        <Text size="sm">{t('home.paymentDetails.intro')}</Text>
        {accounts.length > 1 && (
          <NativeSelect
            label={t('home.paymentDetails.account')}
            value={accountId === undefined ? '' : String(accountId)}
            onChange={(event) => onSelect(Number(event.currentTarget.value))}
            data={accounts.map((item) => ({
              value: String(item.accountId),
              label: accountName(item),
            }))}
            data-autofocus
          />
        )}
        {accounts.length <= 1 && account && <Text fw={600}>{accountName(account)}</Text>}

        {instructions.isPending && (
          <Stack gap="xs" aria-busy="true">
            <VisuallyHidden role="status">{t('home.paymentDetails.loading')}</VisuallyHidden>
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} height={34} radius="sm" />
            ))}
          </Stack>
        )}
        {instructions.isError && (
          <Alert
            color="red"
            variant="light"
            icon={<AlertIcon />}
            title={t('home.paymentDetails.loadFailed')}
          >
            {translateErrorMessage(t, instructions.error)}
          </Alert>
        )}
        {instructions.isSuccess && instructions.data.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('home.paymentDetails.none')}
          </Text>
        )}
        {instructions.isSuccess &&
          instructions.data.map((instruction) => (
            <InstructionDetails key={instruction.id} instruction={instruction} />
          ))}
        {/* Issue 16B: or a funding invoice, whose reference brings the money to any account. */}
        <Stack gap={4} pt="xs">
          <Text size="sm" c="dimmed">
            {t('funding.entryHint')}
          </Text>
          <Button component={Link} to="/add-money" variant="light" w="fit-content">
            {t('funding.entry')}
          </Button>
        </Stack>
      </Stack>
    </Dialog>
  );
}
