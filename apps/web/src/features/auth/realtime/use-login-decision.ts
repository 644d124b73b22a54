import { useEffect, useRef, useState } from 'react';
import { useApiClient, useSessionManager } from '@/app/session';
import { openLoginChannel, type LoginChannel } from './login-channel';

export type DecisionState =
  | { status: 'connecting' }
  | { status: 'waiting' }
  | { status: 'decided'; key: string; approved: boolean }
  /** The channel could not open or closed: the screen offers to check again. */
  | { status: 'lost' };

/**
 * Waits on the realtime channel for the phone's decision on the request `key` (push, device
 * linking, push set-up on /scp). A new key (sent again) is waited for on the same channel;
 * `attempt` bumps reopen it after a loss.
 */
export function useLoginDecision(options: {
  /** The pending sign-in's bearer; without it the signed-in session's token opens the channel. */
  tmpJwt: string | undefined;
  requestKey: string | undefined;
  attempt: number;
  /** Called once per decision, as it arrives. */
  onDecided?: (approved: boolean) => void;
}): DecisionState {
  const client = useApiClient();
  const { baseUrl } = useSessionManager();
  const { tmpJwt, requestKey, attempt } = options;
  const onDecided = useRef(options.onDecided);
  onDecided.current = options.onDecided;
  const [channel, setChannel] = useState<{ channel: LoginChannel; attempt: number } | undefined>();
  const [state, setState] = useState<DecisionState>({ status: 'connecting' });

  // Open (and on unmount close) the socket: a subscription to an outside system.
  useEffect(() => {
    let open: LoginChannel | undefined;
    let cancelled = false;
    setState({ status: 'connecting' });
    openLoginChannel({ client, baseUrl, tmpJwt }).then(
      (opened) => {
        if (cancelled) return opened.close();
        open = opened;
        setChannel({ channel: opened, attempt });
      },
      () => {
        if (!cancelled) setState({ status: 'lost' });
      },
    );
    return () => {
      cancelled = true;
      open?.close();
    };
  }, [client, baseUrl, tmpJwt, attempt]);

  useEffect(() => {
    if (!channel || channel.attempt !== attempt || requestKey === undefined) return;
    let current = true;
    setState({ status: 'waiting' });
    channel.channel.waitFor(requestKey).then(
      (approved) => {
        if (!current) return;
        setState({ status: 'decided', key: requestKey, approved });
        onDecided.current?.(approved);
      },
      () => {
        if (current) setState({ status: 'lost' });
      },
    );
    return () => {
      current = false;
    };
  }, [channel, requestKey, attempt]);

  return state;
}
