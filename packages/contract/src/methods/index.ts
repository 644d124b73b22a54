import { accountMethods } from './accounts';
import { cardMethods } from './cards';
import { customerMethods } from './customer';
import { dictionaryMethods } from './dictionaries';
import { registrationMethods } from './registration';

/** Every main-API method by name. The server registers one handler per entry; the client's types come from here. */
export const mainMethods = {
  ...dictionaryMethods,
  ...customerMethods,
  ...registrationMethods,
  ...accountMethods,
  ...cardMethods,
};

export type MainMethods = typeof mainMethods;
export type MainMethodName = keyof MainMethods;

export * from './accounts';
export * from './cards';
export * from './customer';
export * from './dictionaries';
export { registrationMethods } from './registration';
