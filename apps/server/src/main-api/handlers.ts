import type { MainMethods } from '@ledgerline/contract';
import { accountHandlers } from '../modules/accounts/handlers';
import { bankDirectoryHandlers } from '../modules/bank-directory/handlers';
import { cardHandlers } from '../modules/cards/handlers';
import { customerHandlers } from '../modules/customers/handlers';
import { dictionaryHandlers } from '../modules/dictionaries/handlers';
import { profileHandlers } from '../modules/profile/handlers';
import { registrationHandlers } from '../modules/registration/handlers';
import { securityHandlers } from '../modules/security/handlers';
import { historyHandlers } from '../modules/history/handlers';
import { externalTransferHandlers } from '../modules/transfers/external-handlers';
import { transferHandlers } from '../modules/transfers/handlers';
import type { MethodHandlers } from './types';

/** One handler per contract method; the compiler refuses a method without its handler. */
export const mainHandlers: MethodHandlers<MainMethods> = {
  ...dictionaryHandlers,
  ...customerHandlers,
  ...registrationHandlers,
  ...accountHandlers,
  ...cardHandlers,
  ...profileHandlers,
  ...securityHandlers,
  ...transferHandlers,
  ...externalTransferHandlers,
  ...bankDirectoryHandlers,
  ...historyHandlers,
};
