import { accountMethods } from './accounts';
import { bankDirectoryMethods } from './bank-directory';
import { cardMethods } from './cards';
import { customerMethods } from './customer';
import { dictionaryMethods } from './dictionaries';
import { externalTransferMethods } from './external-transfers';
import { historyMethods } from './history';
import { profileMethods } from './profile';
import { registrationMethods } from './registration';
import { securityMethods } from './security';
import { transferMethods } from './transfers';

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
};

export type MainMethods = typeof mainMethods;
export type MainMethodName = keyof MainMethods;

export * from './accounts';
export * from './bank-directory';
export * from './cards';
export * from './customer';
export * from './dictionaries';
export * from './external-transfers';
export * from './history';
export * from './profile';
export { registrationMethods } from './registration';
export * from './security';
export * from './transfers';
