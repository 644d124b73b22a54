import { isBusinessCustomerType } from '@ledgerline/domain/constants';
import type { Customer } from '@ledgerline/contract';

function present(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** How the home page greets a customer: a business by its name, a person by first name, else by login. */
export function greetingName(
  customer: Pick<Customer, 'customerType' | 'firstName' | 'businessName' | 'login'>,
): string {
  const first = present(customer.firstName);
  const business = present(customer.businessName);
  const preferred = isBusinessCustomerType(customer.customerType)
    ? (business ?? first)
    : (first ?? business);
  return preferred ?? customer.login;
}
