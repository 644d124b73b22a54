import { useMutation } from '@tanstack/react-query';
import type { SubmitResult } from '@ledgerline/contract';
import { useCallback, useState } from 'react';
import { createAttemptKeys } from '@/lib/idempotency-key';
import type { ConfirmationOutcome } from '../confirmation';

/**
 * What the customer is told once the flow ends: the money arrived (inside the bank), it is on its
 * rail (an external transfer the rail settles later), or a user with full rights must approve it.
 */
export type TransferState = 'completed' | 'onItsWay' | 'awaitingApproval';

/** How a settled submit ends: inside the bank at once; over an external rail only when the rail delivers. */
export type SettlesBy = 'ledger' | 'rail';

/** The state a submit answer names (before any second factor: "pending" is not an end state). */
export function transferStateOf(
  status: SubmitResult['status'] | 'settled',
  settlesBy: SettlesBy,
): TransferState {
  if (status === 'approvalCreated') return 'awaitingApproval';
  return settlesBy === 'rail' ? 'onItsWay' : 'completed';
}

export interface MoneyMovingSubmitOptions<TRequest> {
  /** The money-moving call: the request with the attempt's idempotency key. */
  submit: (request: TRequest & { idempotencyKey: string }) => Promise<SubmitResult>;
  /** Inside the bank ('ledger') or over an external rail ('rail'): decides what the result says. */
  settlesBy: SettlesBy;
  /**
   * A refused submit whose messages belong on the form's fields: put them there and answer true,
   * and the review closes so the customer sees them; otherwise the review stays with the error.
   */
  onFieldErrors?: (error: unknown) => boolean;
}

/** What a flow was opened with beyond the request: side work to do once the server took it. */
export interface ReviewExtras<TReview> {
  /** Runs once the server accepted the reviewed request (e.g. saving it as a template). */
  onSent?: (details: TReview) => void;
}

export interface MoneyMovingSubmit<TRequest, TReview> {
  /** The review being shown (what the customer checks), null while the form is filled in. */
  review: { request: TRequest; details: TReview } | null;
  /** Opens the review of a valid form: nothing is sent yet. */
  openReview: (request: TRequest, details: TReview, extras?: ReviewExtras<TReview>) => void;
  /** Back to the filled form: nothing is sent, the form keeps its values. */
  backToForm: () => void;
  /** Sends the reviewed request; a retry of the same review sends the same idempotency key. */
  confirm: () => void;
  /** The submit's answer, for the second-factor step; null until the server answered. */
  result: SubmitResult | null;
  /** The details of the review that was sent (what the second factor and the result repeat). */
  sent: TReview | null;
  /** The submit is on its way to the server (the review's buttons wait). */
  isPending: boolean;
  /** A refused submit not placed on fields (shown while the review is open). */
  error: unknown;
  dismissError: () => void;
  /** What a settled transfer is called: completed, or on its way. */
  settledState: Exclude<TransferState, 'awaitingApproval'>;
  /** The confirmation closed: after money moved or an approval was made, the next attempt is a new one. */
  finish: (outcome: ConfirmationOutcome) => void;
}

/**
 * One flow for every money-moving form (own accounts, P2P, every external type): the form's
 * values become a review the customer checks (amount, fee, rate, payee, when it arrives); only
 * the review's confirm sends the request, with an idempotency key made before the first send and
 * kept for retries of the same request (a changed form is a new attempt with a new key, STYLE.md
 * "Money"); the answer then runs the second factor the server asks for and names the end state.
 */
export function useMoneyMovingSubmit<TRequest, TReview>({
  submit,
  settlesBy,
  onFieldErrors,
}: MoneyMovingSubmitOptions<TRequest>): MoneyMovingSubmit<TRequest, TReview> {
  const [keys] = useState(createAttemptKeys);
  const [review, setReview] = useState<{
    request: TRequest;
    details: TReview;
    extras?: ReviewExtras<TReview>;
  } | null>(null);
  const [sent, setSent] = useState<TReview | null>(null);
  const mutation = useMutation({ mutationFn: submit });
  const { mutate, reset } = mutation;

  const openReview = useCallback(
    (request: TRequest, details: TReview, extras?: ReviewExtras<TReview>) => {
      reset();
      setReview({ request, details, ...(extras ? { extras } : {}) });
    },
    [reset],
  );
  const backToForm = useCallback(() => {
    reset();
    setReview(null);
  }, [reset]);

  const confirm = useCallback(() => {
    if (!review) return;
    const { request, details, extras } = review;
    mutate(
      { ...request, idempotencyKey: keys.keyFor(request) },
      {
        // The review gives way to the second factor (or the result) once the server answered.
        onSuccess: () => {
          setSent(details);
          setReview(null);
          extras?.onSent?.(details);
        },
        onError: (error) => {
          if (onFieldErrors?.(error)) {
            reset();
            setReview(null);
          }
        },
      },
    );
  }, [review, mutate, keys, onFieldErrors, reset]);

  const finish = useCallback(
    (outcome: ConfirmationOutcome) => {
      if (outcome === 'settled' || outcome === 'approvalCreated') keys.renew();
      reset();
    },
    [keys, reset],
  );

  return {
    review,
    openReview,
    backToForm,
    confirm,
    result: mutation.data ?? null,
    sent,
    isPending: mutation.isPending,
    error: review ? mutation.error : null,
    dismissError: reset,
    settledState: settlesBy === 'rail' ? 'onItsWay' : 'completed',
    finish,
  };
}
