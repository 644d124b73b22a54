import { Suspense, lazy } from 'react';
import { useSearchParams } from 'react-router';
import { useLocaleComplete } from '@/i18n';

export const EMAIL_CONFIRMATION_PARAM = 'emailConfirmation';
export type EmailConfirmationResult = 'success' | 'fail';

const EmailConfirmationModal = lazy(() =>
  import('./email-confirmation-modal').then((module) => ({
    default: module.EmailConfirmationModal,
  })),
);

function readResult(value: string | null): EmailConfirmationResult | undefined {
  return value === 'success' || value === 'fail' ? value : undefined;
}

/**
 * `?emailConfirmation=success|fail` on any page shows the E-MAIL CONFIRMATION popup (spec 1 §2).
 * The popup's code loads only when the parameter is there; closing it drops the parameter.
 */
export function EmailConfirmation() {
  const [params, setParams] = useSearchParams();
  const result = readResult(params.get(EMAIL_CONFIRMATION_PARAM));
  // Its texts are in the rest of the locale, which the sign-in page does not load by itself.
  const textsReady = useLocaleComplete(result !== undefined);
  if (!result || !textsReady) return null;
  const close = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(EMAIL_CONFIRMATION_PARAM);
        return next;
      },
      { replace: true },
    );
  return (
    <Suspense fallback={null}>
      <EmailConfirmationModal result={result} onClose={close} />
    </Suspense>
  );
}
