import { Button, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/ui/dialog';
import { CheckCircleIcon } from '@/ui/icons';
import { QrCode } from '@/ui/qr-code';
import { useFormatMoney } from '../../format';
import type { CreatedInvoice } from './create-invoice-dialog';
import classes from './invoices.module.css';

/**
 * After a money request or an invoice is sent: the public link of it (/invoice/<token>), as text to
 * copy and as a QR code for a phone's camera (issue 16 "a link and a QR code for sharing"). The
 * server shows the link once (it keeps only its hash), so this is the moment to share it.
 */
export function ShareRequestDialog({
  created,
  onClose,
}: {
  created: CreatedInvoice | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const invoice = created?.invoice;
  const isRequest = invoice?.kind === 'request';
  return (
    <Dialog
      opened={created !== null}
      onClose={onClose}
      title={t(isRequest ? 'invoices.share.requestTitle' : 'invoices.share.invoiceTitle')}
      closeLabel={t('invoices.close')}
      size="sm"
    >
      {created && invoice && (
        <Stack gap="md">
          <Text size="sm" role="status">
            {t(isRequest ? 'invoices.share.requestSent' : 'invoices.share.invoiceSent', {
              number: invoice.number,
              amount: money(invoice.amount, invoice.currencyCode),
              email: invoice.payerEmail,
            })}
          </Text>
          <Text size="sm">{t('invoices.share.text')}</Text>
          <QrCode value={created.publicUrl} title={t('invoices.share.qr')} />
          <Group gap="xs" wrap="nowrap" align="center">
            <Text className={classes.link} data-testid="share-link" style={{ flex: 1 }}>
              {created.publicUrl}
            </Text>
          </Group>
          <Group justify="space-between" gap="sm">
            <CopyButton value={created.publicUrl} timeout={2000}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  onClick={copy}
                  leftSection={copied ? <CheckCircleIcon size={16} /> : undefined}
                >
                  {copied ? t('invoices.share.copied') : t('invoices.share.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose} data-autofocus>
              {t('invoices.share.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}
