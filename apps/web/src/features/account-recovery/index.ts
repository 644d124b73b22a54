export { AccountRecoveryLayout } from './components/recovery-layout';
export { RecoveryEmailStep } from './components/email-step';
export { RecoveryStatusStep } from './components/status-step';
export { RecoveryResetStep } from './components/reset-step';
export { RecoveryPasswordStep } from './components/password-step';
export { RecoverySuccessStep } from './components/success-step';
