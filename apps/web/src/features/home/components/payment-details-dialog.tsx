import { formatIban } from '@ledgerline/domain/money';
import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Tooltip.css';
import type { Account, PaymentInstruction } from '@ledgerline/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateErrorMessage } from '@/i18n';
import { Dialog } from '@/ui/dialog';
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

function CopyIcon() {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      aria-hidden="true"
      focusable="false"
    >
      <rect x="9" y="9" width="11" height="11" rx="2" />
      <path d="M5 15V6a2 2 0 0 1 2-2h9" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
      focusable="false"
    >
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}

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
              <CopyButton value={value} timeout={2000}>
                {({ copied, copy }) => (
                  <Tooltip
                    label={copied ? t('home.paymentDetails.copied') : t('home.paymentDetails.copy')}
                    withArrow
                  >
                    <ActionIcon
                      variant={copied ? 'filled' : 'subtle'}
                      color={copied ? 'green.9' : 'gray.8'}
                      onClick={copy}
                      aria-label={
                        copied
                          ? t('home.paymentDetails.copiedField', { field: label })
                          : t('home.paymentDetails.copyField', { field: label })
                      }
                    >
                      {copied ? <CheckIcon /> : <CopyIcon />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
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
