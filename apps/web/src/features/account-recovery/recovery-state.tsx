import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type {
  RecoveryRejectReason,
  RecoveryVerificationStatus,
} from '@ledgerline/domain/registration';

/**
 * The account recovery form of spec 1 §3 / spec 2 §3 as the steps share it. It lives in memory
 * only: the code is a secret, and a reload starts again at the e-mail step.
 */
export interface RecoveryFormState {
  taskId: string | undefined;
  email: string | undefined;
  code: string | undefined;
  verificationStatus: RecoveryVerificationStatus | undefined;
  rejectReason: RecoveryRejectReason | undefined;
  isRetryable: boolean;
  codeExpiresInSeconds: number | undefined;
  maxAttempts: number | undefined;
}

const EMPTY: RecoveryFormState = {
  taskId: undefined,
  email: undefined,
  code: undefined,
  verificationStatus: undefined,
  rejectReason: undefined,
  isRetryable: true,
  codeExpiresInSeconds: undefined,
  maxAttempts: undefined,
};

interface RecoveryContextValue {
  state: RecoveryFormState;
  update: (patch: Partial<RecoveryFormState>) => void;
}

const RecoveryContext = createContext<RecoveryContextValue | null>(null);

export function RecoveryProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<RecoveryFormState>(EMPTY);
  const value = useMemo<RecoveryContextValue>(
    () => ({ state, update: (patch) => setState((current) => ({ ...current, ...patch })) }),
    [state],
  );
  return <RecoveryContext value={value}>{children}</RecoveryContext>;
}

export function useRecovery(): RecoveryContextValue {
  const value = useContext(RecoveryContext);
  if (!value) throw new Error('useRecovery needs the account recovery layout');
  return value;
}
