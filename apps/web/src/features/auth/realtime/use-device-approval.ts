import { useState } from 'react';
import { trackEvent } from '@/lib/analytics';
import { useTokenExchange } from '../api/token';
import { authErrorReason } from '../auth-errors';
import { useLoginDecision, type DecisionState } from './use-login-decision';

/**
 * The waiting part of push and device linking (spec 1 §4): wait on the realtime channel for the
 * phone's decision on `key`; approved moves on by itself (POST /token with the code and verifier),
 * declined is said plainly. When the channel is lost, "check again" asks /token directly (it
 * answers `pending` while nobody decided) and then waits again.
 */
export function useDeviceApproval(options: {
  code: string;
  tmpJwt: string;
  initialKey: string;
  onSignedIn: () => void;
}) {
  const { code, tmpJwt, onSignedIn } = options;
  const [requestKey, setRequestKey] = useState(options.initialKey);
  const [attempt, setAttempt] = useState(0);
  const [stillPending, setStillPending] = useState(false);
  const exchange = useTokenExchange('device');

  const complete = () =>
    exchange.mutate(
      { code },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          if (authErrorReason(error) === 'pending') {
            setStillPending(true);
            setAttempt((value) => value + 1);
          }
        },
      },
    );

  const decision: DecisionState = useLoginDecision({
    tmpJwt,
    requestKey,
    attempt,
    onDecided: (approved) => {
      setStillPending(false);
      if (approved) complete();
      else trackEvent('loginFailed', { step: 'device', reason: 'declined' });
    },
  });

  return {
    decision,
    exchange,
    requestKey,
    stillPending,
    /** A new request was sent: wait for its key instead. */
    waitForKey: (key: string) => {
      setStillPending(false);
      setRequestKey(key);
    },
    checkAgain: complete,
  };
}
