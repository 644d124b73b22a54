/*
 * The confirmation step every money-moving screen shares (own accounts, P2P, external): give it
 * the submit answer and what is being paid; it runs the second factor of the customer's mode.
 */
export {
  TransferConfirmation,
  SMS_SUCCESS_CLOSE_MS,
  type ConfirmationOutcome,
  type ConfirmationSummary,
  type SettledState,
  type TransferConfirmationProps,
} from './transfer-confirmation';
