import { module as accounts } from './modules/accounts';
import { module as admin } from './modules/admin';
import { module as analytics } from './modules/analytics';
import { module as auth } from './modules/auth';
import { module as bankDirectory } from './modules/bank-directory';
import { module as cards } from './modules/cards';
import { module as clientConfig } from './modules/client-config';
import { module as company } from './modules/company';
import { module as compliance } from './modules/compliance';
import { module as companyUsers } from './modules/company-users';
import { module as customers } from './modules/customers';
import { module as dev } from './modules/dev';
import { module as dictionaries } from './modules/dictionaries';
import { module as documents } from './modules/documents';
import { module as history } from './modules/history';
import { module as identityVerification } from './modules/identity-verification';
import { module as invoices } from './modules/invoices';
import { module as notifications } from './modules/notifications';
import { module as profile } from './modules/profile';
import { module as rails } from './modules/rails';
import { module as realtime } from './modules/realtime';
import { module as registration } from './modules/registration';
import { module as security } from './modules/security';
import { module as transfers } from './modules/transfers';
import { module as funding } from './modules/funding';
import { module as massTransfers } from './modules/mass-transfers';
import { module as globalPayouts } from './modules/global-payouts';
import { module as merchantApi } from './modules/merchant-api';
import { module as webhooks } from './modules/webhooks';
import { module as merchantButtons } from './modules/merchant-buttons';
import { module as preapproved } from './modules/preapproved';
import { module as merchantTrust } from './modules/merchant-trust';
import { module as pay } from './modules/pay';

/**
 * The business areas the app is made of (docs/architecture.md). Each declares in its index.ts
 * what it gives the app: main-API handlers, REST routes, background jobs and hooks. A new area
 * adds its folder and one line here. Jobs stop in this order when the server closes.
 */
export const serverModules = [
  dictionaries,
  customers,
  registration,
  accounts,
  cards,
  profile,
  security,
  auth,
  transfers,
  bankDirectory,
  history,
  identityVerification,
  rails,
  realtime,
  analytics,
  clientConfig,
  notifications,
  compliance,
  documents,
  companyUsers,
  company,
  admin,
  invoices,
  funding,
  massTransfers,
  globalPayouts,
  merchantApi,
  webhooks,
  merchantButtons,
  preapproved,
  merchantTrust,
  pay,
  dev,
] as const;
