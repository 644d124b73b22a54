import { accountMethods } from './accounts';
import { cardMethods } from './cards';
import { customerMethods } from './customer';
import { dictionaryMethods } from './dictionaries';
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
};

export type MainMethods = typeof mainMethods;
export type MainMethodName = keyof MainMethods;

export * from './accounts';
export * from './cards';
export * from './customer';
export * from './dictionaries';
export * from './profile';
export { registrationMethods } from './registration';
export * from './security';
export * from './transfers';
