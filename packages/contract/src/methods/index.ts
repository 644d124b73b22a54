import { customerMethods } from './customer';
import { dictionaryMethods } from './dictionaries';

/** Every main-API method by name. The server registers one handler per entry; the client's types come from here. */
export const mainMethods = {
  ...dictionaryMethods,
  ...customerMethods,
};

export type MainMethods = typeof mainMethods;
export type MainMethodName = keyof MainMethods;

export { customerSchema, customerMethods, type Customer } from './customer';
export * from './dictionaries';
