import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Account, PaymentInstruction } from '@ledgerline/contract';

/** An amount the ledger wrote as zero ('0', '0.00000000'): compared as text, never as a float. */
const ZERO = /^-?[0.]+$/;

/**
 * A customer with no money yet (every balance and reservation zero) is shown how to add some
 * (issue 14): the bank details of their first account that has them, in their language, and the
 * way to the whole set. Nothing is shown once money has arrived.
 */
export function AddMoneyHint({
  accounts,
  instructions,
  onShowDetails,
}: {
  accounts: readonly Account[];
  instructions: readonly PaymentInstruction[];
  onShowDetails: (accountId: number) => void;
}) {
  const { t } = useTranslation();
  const empty =
    accounts.length > 0 &&
    accounts.every((account) => ZERO.test(account.balance) && ZERO.test(account.pendingAmount));
  const first = instructions.find((item) =>
    accounts.some((account) => account.accountId === item.accountId),
  );
  if (!empty || !first) return null;
  const fields: [string, string | null][] = [
    ['beneficiaryName', first.beneficiaryName],
    first.iban ? ['iban', first.iban] : ['bankAccountNumber', first.bankAccountNumber],
    ['sortCode', first.sortCode],
    ['routingNumber', first.routingNumber],
    ['swift', first.swift],
    ['reference', first.reference],
  ];
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="add-money-title"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="add-money-title">
          {t('addMoneyHint.title')}
        </Title>
        <Text size="sm">{t('addMoneyHint.text', { currency: first.currencyCode })}</Text>
        <dl style={{ margin: 0, display: 'grid', gap: 6 }}>
          {fields
            .filter((field): field is [string, string] => field[1] !== null && field[1] !== '')
            .map(([name, value]) => (
              <div key={name}>
                <Text component="dt" size="xs" c="dimmed">
                  {t(`home.paymentDetails.fields.${name}`)}
                </Text>
                <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                  {value}
                </Text>
              </div>
            ))}
        </dl>
        <Text size="sm" c="dimmed">
          {t('addMoneyHint.arrives')}
        </Text>
        <Button variant="light" w="fit-content" onClick={() => onShowDetails(first.accountId)}>
          {t('addMoneyHint.showAll')}
        </Button>
      </Stack>
    </Paper>
  );
}
