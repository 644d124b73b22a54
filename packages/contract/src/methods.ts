import { accountMethods } from './accounts/methods';
import { bankDirectoryMethods } from './bank-directory/methods';
import { cardMethods } from './cards/methods';
import { customerMethods } from './customer/methods';
import { dictionaryMethods } from './dictionaries/methods';
import { documentMethods } from './documents/methods';
import { externalTransferMethods } from './external-transfers/methods';
import { historyMethods } from './history/methods';
import { profileMethods } from './profile/methods';
import { registrationMethods } from './registration/methods';
import { securityMethods } from './security/methods';
import { transferMethods } from './transfers/methods';
import { complianceMethods } from './compliance/methods';
import { companyUsersMethods } from './company-users/methods';
import { companyMethods } from './company/methods';
import { adminMethods } from './admin/methods';
import { businessApprovalMethods } from './business-approvals/methods';
import { prepaidCardMethods } from './cards/prepaid-methods';
import { invoiceMethods } from './invoices/methods';
import { fundingMethods } from './funding/methods';
import { massTransferMethods } from './mass-transfers/methods';
import { globalPayMethods } from './global-pay/methods';
import { ipnMethods } from './ipn/methods';
import { merchantButtonMethods } from './merchant-buttons/methods';
import { preapprovedMethods } from './preapproved/methods';
import { merchantTrustMethods } from './merchant-trust/methods';
import { payMethods } from './pay/routes';

/** Every main-API method by name. The server registers one handler per entry; the client's types come from here. */
export const mainMethods = {
  ...dictionaryMethods,
  ...customerMethods,
  ...registrationMethods,
  ...accountMethods,
  ...cardMethods,
  ...profileMethods,
  ...securityMethods,
  ...transferMethods,
  ...externalTransferMethods,
  ...bankDirectoryMethods,
  ...historyMethods,
  ...complianceMethods,
  ...documentMethods,
  ...companyUsersMethods,
  ...companyMethods,
  ...adminMethods,
  ...businessApprovalMethods,
  ...prepaidCardMethods,
  ...invoiceMethods,
  ...fundingMethods,
  ...massTransferMethods,
  ...globalPayMethods,
  ...ipnMethods,
  ...merchantButtonMethods,
  ...preapprovedMethods,
  ...merchantTrustMethods,
  ...payMethods,
};

export type MainMethods = typeof mainMethods;
export type MainMethodName = keyof MainMethods;

export * from './accounts/methods';
export * from './bank-directory/methods';
export * from './cards/methods';
export * from './customer/methods';
export * from './dictionaries/methods';
export * from './documents/methods';
export * from './external-transfers/methods';
export * from './history/methods';
export * from './profile/methods';
export { registrationMethods } from './registration/methods';
export * from './security/methods';
export * from './transfers/methods';
export * from './compliance/methods';
export * from './company-users/methods';
export * from './company/methods';
export * from './admin/methods';
export * from './business-approvals/methods';
export * from './cards/prepaid-methods';
export * from './invoices/methods';
export * from './funding/methods';
export * from './mass-transfers/methods';
export * from './global-pay/methods';
export * from './ipn/methods';
export * from './merchant-buttons/methods';
export * from './preapproved/methods';
export * from './merchant-trust/methods';
