import { transferKeys } from '../keys';

/**
 * Query keys of the invoice screens, inside the transfers feature's keys of the customer acted
 * for: a finished payment (the shared confirmation invalidates `transferKeys.all`) refreshes the
 * lists and the balances together.
 */
type Owner = number | undefined;

/** Which list: invoices addressed to the customer, or those the customer sent. */
export type InvoiceBox = 'received' | 'sent';

export const invoiceKeys = {
  all: (customerId: Owner) => [...transferKeys.of(customerId), 'invoices'] as const,
  list: (customerId: Owner, box: InvoiceBox, request: object) =>
    [...invoiceKeys.all(customerId), box, request] as const,
  quote: (customerId: Owner, invoiceId: number, fromAccount: number) =>
    [...invoiceKeys.all(customerId), 'quote', invoiceId, fromAccount] as const,
  /** The public view of an e-mailed link: nobody's in particular, keyed by its token. */
  public: (token: string) => ['public-invoice', token] as const,
};
