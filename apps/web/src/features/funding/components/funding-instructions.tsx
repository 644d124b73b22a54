import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { FundingInstructions, FundingInvoice } from '@ledgerline/contract';
import { formatIban } from '@ledgerline/domain/money';
import { useTranslation } from 'react-i18next';
import { CopyValue } from '@/ui/copy-value';
import { describeApiError } from '@/ui/field-message';
import { useFundingInvoicePdf } from '../api/funding-invoices';
import { FundingStatusBadge } from './funding-status';
import { useMoneyFormat } from './money-format';
import classes from './funding.module.css';

/** The bank details in the order a bank's payment form asks for them. */
const FIELDS = [
  'beneficiaryName',
  'iban',
  'bankAccountNumber',
  'sortCode',
  'routingNumber',
  'transitNumber',
  'institutionNumber',
  'swift',
  'bankName',
  'bankAddress',
] as const satisfies readonly (keyof FundingInstructions)[];
const TEXT_FIELDS: ReadonlySet<string> = new Set(['beneficiaryName', 'bankName', 'bankAddress']);

/**
 * How to pay a funding invoice: the amount, the brand's collection account and, most of all, the
 * reference, each with a copy button, and the same as a PDF in the customer's language.
 */
export function FundingInstructionsCard({ invoice }: { invoice: FundingInvoice }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const pdf = useFundingInvoicePdf();
  const { instructions } = invoice;
  const compact = (text: string) => text.replace(/\s+/g, '').toUpperCase();
  const referenceLabel = t('funding.fields.reference');
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={`funding-invoice-${invoice.id}`}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={2} fz="lg" id={`funding-invoice-${invoice.id}`}>
            {t('funding.instructions.title', { number: invoice.number })}
          </Title>
          <FundingStatusBadge status={invoice.status} />
        </Group>
        {invoice.status === 'paid' ? (
          <Text size="sm">
            {t('funding.instructions.paid', {
              amount: money(invoice.amountReceived ?? invoice.amount, invoice.currencyCode),
            })}
          </Text>
        ) : (
          <Text size="sm">
            {t('funding.instructions.intro', {
              amount: money(invoice.amount, invoice.currencyCode),
            })}
          </Text>
        )}
        <div>
          <Text size="xs" c="dimmed">
            {referenceLabel}
          </Text>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <span className={classes.reference} data-testid="funding-reference">
              {instructions.reference}
            </span>
            <CopyValue value={compact(instructions.reference)} label={referenceLabel} />
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {t('funding.instructions.referenceNote')}
          </Text>
        </div>
        <dl className={classes.details}>
          <div>
            <dt>{t('funding.fields.amount')}</dt>
            <dd>
              <span className={classes.value}>{money(invoice.amount, invoice.currencyCode)}</span>
              <CopyValue value={invoice.amount} label={t('funding.fields.amount')} />
            </dd>
          </div>
          {FIELDS.map((field) => {
            const value = instructions[field];
            if (value === null || value === '') return null;
            if (
              field === 'bankAccountNumber' &&
              instructions.iban &&
              compact(value) === compact(instructions.iban)
            )
              return null;
            const label = t(`funding.fields.${field}`);
            return (
              <div key={field}>
                <dt>{label}</dt>
                <dd>
                  <span className={TEXT_FIELDS.has(field) ? classes.text : classes.value}>
                    {field === 'iban' ? formatIban(value) : value}
                  </span>
                  <CopyValue value={field === 'iban' ? compact(value) : value} label={label} />
                </dd>
              </div>
            );
          })}
        </dl>
        <Group gap="sm">
          <Button variant="light" onClick={() => pdf.mutate(invoice.id)} loading={pdf.isPending}>
            {t('funding.instructions.downloadPdf')}
          </Button>
        </Group>
        {pdf.isError && (
          <Text size="sm" c="red.9" role="alert">
            {describeApiError(t, pdf.error)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
