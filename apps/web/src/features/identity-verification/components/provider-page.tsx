import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { IdvProviderSession } from '@ledgerline/contract';
import {
  IDV_IMAGE_TYPES,
  IDV_MAX_IMAGE_BYTES,
  type IdvStep,
} from '@ledgerline/domain/identity-verification';
import { useBrand } from '@/brands';
import { translateErrorMessage } from '@/i18n';
import { isApiError } from '@/lib/api-error';
import { PageLoader } from '@/ui/page-loader';
import { useDocumentTitle } from '@/ui/use-document-title';
import {
  useProviderSession,
  useSubmitCheck,
  useUploadPicture,
  type ProviderLink,
} from '../api/provider';
import { reasonText } from './reason-text';
import classes from './provider-page.module.css';

const PROVIDER_NAMES = { jmo: 'JMO', nfd: 'NFD' } as const;

/** /identity-verification/:workflowRunId/:token — the provider's hosted document-and-selfie check. */
export function IdentityVerificationPage() {
  const { workflowRunId = '', token = '' } = useParams();
  return <ProviderPage link={{ kind: 'document', workflowRunId, token }} />;
}

/** /video-identity-job/:id — the provider's video identification. */
export function VideoIdentityJobPage() {
  const { id = '' } = useParams();
  return <ProviderPage link={{ kind: 'video', id }} />;
}

function stepsOf(kind: 'document' | 'video'): IdvStep[] {
  return kind === 'video' ? ['front', 'selfie'] : ['front', 'back', 'selfie'];
}

/**
 * The provider's page (spec 1 §2 external layout): it needs no sign-in, the link is the
 * credential, so it opens as well on the phone that scanned the QR code. The customer gives each
 * picture in turn (file or camera), sees it, and sends them; the provider then answers the bank.
 */
function ProviderPage({ link }: { link: ProviderLink }) {
  const { t } = useTranslation();
  const session = useProviderSession(link);
  const title =
    link.kind === 'video'
      ? t('identityVerification.provider.videoTitle')
      : t('identityVerification.provider.title');
  useDocumentTitle(title);

  let body;
  if (session.isPending) body = <PageLoader />;
  else if (session.isError) body = <LinkProblem error={session.error} />;
  else if (session.data.state === 'started') body = <CaptureSteps link={link} run={session.data} />;
  else body = <Finished run={session.data} />;

  return (
    <div className={classes.frame}>
      <Stack gap="lg">
        <Stack gap={4}>
          {session.isSuccess && (
            <Text className={classes.provider}>
              {t('identityVerification.provider.by', {
                provider: PROVIDER_NAMES[session.data.provider],
              })}
            </Text>
          )}
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
        </Stack>
        {body}
      </Stack>
    </div>
  );
}

function LinkProblem({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const notFound = isApiError(error) && error.status === 404;
  return (
    <Stack gap="md">
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={t('identityVerification.provider.linkTitle')}
      >
        {notFound
          ? t('identityVerification.provider.linkInvalid')
          : translateErrorMessage(t, error)}
      </Alert>
      <BackToBank />
    </Stack>
  );
}

function BackToBank() {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <Button component={Link} to="/kyc" variant="default" w="fit-content">
      {t('identityVerification.provider.back', { brand: brand.projectName })}
    </Button>
  );
}

/** An object URL for a picture the customer chose, released when it is replaced or the page leaves. */
function usePreviewUrl(file: File | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file) {
      setUrl(undefined);
      return;
    }
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

function uploadErrorText(t: (key: string) => string, error: unknown): string {
  const code = isApiError(error) ? error.validationErrors?.file : undefined;
  if (code === 'identityVerification.imageType') return t('identityVerification.errors.imageType');
  if (code === 'identityVerification.imageTooLarge' || (isApiError(error) && error.status === 413))
    return t('identityVerification.errors.imageTooLarge');
  return translateErrorMessage(t as never, error);
}

function CaptureSteps({ link, run }: { link: ProviderLink; run: IdvProviderSession }) {
  const { t } = useTranslation();
  const steps = stepsOf(run.kind);
  const receivedSteps = new Set(run.received.map((image) => image.step));
  const [chosen, setChosen] = useState<Partial<Record<IdvStep, File>>>({});
  const [index, setIndex] = useState(() => {
    const first = steps.findIndex((step) => !receivedSteps.has(step));
    return first === -1 ? steps.length : first;
  });
  const [localError, setLocalError] = useState<string | null>(null);
  const upload = useUploadPicture(link);
  const submit = useSubmitCheck(link);
  const done = receivedSteps.size;
  const isReview = index >= steps.length;

  function choose(step: IdvStep, file: File) {
    setLocalError(null);
    upload.reset();
    if (file.size > IDV_MAX_IMAGE_BYTES) {
      setLocalError(t('identityVerification.errors.imageTooLarge'));
      return;
    }
    upload.mutate(
      { step, file },
      {
        onSuccess: () => {
          setChosen((current) => ({ ...current, [step]: file }));
          setIndex((current) => current + 1);
        },
      },
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Text size="sm" c="dimmed" aria-live="polite">
          {isReview
            ? t('identityVerification.provider.readyToSend')
            : t('identityVerification.provider.stepOf', { step: index + 1, total: steps.length })}
        </Text>
        <Progress
          value={(done / steps.length) * 100}
          aria-label={t('identityVerification.provider.progress')}
          size="sm"
        />
      </Stack>
      {isReview ? (
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <Text fw={600}>{t('identityVerification.provider.reviewTitle')}</Text>
            <ul className={classes.thumbs}>
              {steps.map((step) => (
                <ReviewItem key={step} step={step} file={chosen[step]} run={run} />
              ))}
            </ul>
            {submit.isError && (
              <Alert color="red" variant="light" role="alert">
                {translateErrorMessage(t, submit.error)}
              </Alert>
            )}
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Button
                variant="default"
                onClick={() => setIndex(steps.length - 1)}
                disabled={submit.isPending}
              >
                {t('identityVerification.provider.backStep')}
              </Button>
              <Button onClick={() => submit.mutate()} loading={submit.isPending}>
                {t('identityVerification.provider.send')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <StepCard
          key={steps[index]}
          step={steps[index] ?? 'front'}
          kind={run.kind}
          file={chosen[steps[index] ?? 'front']}
          receivedName={run.received.find((image) => image.step === steps[index])?.fileName}
          busy={upload.isPending}
          error={localError ?? (upload.isError ? uploadErrorText(t, upload.error) : null)}
          onChoose={(file) => choose(steps[index] ?? 'front', file)}
          onBack={index > 0 ? () => setIndex(index - 1) : undefined}
          onNext={
            receivedSteps.has(steps[index] ?? 'front') ? () => setIndex(index + 1) : undefined
          }
        />
      )}
    </Stack>
  );
}

function StepCard({
  step,
  kind,
  file,
  receivedName,
  busy,
  error,
  onChoose,
  onBack,
  onNext,
}: {
  step: IdvStep;
  kind: 'document' | 'video';
  file: File | undefined;
  receivedName: string | undefined;
  busy: boolean;
  error: string | null;
  onChoose: (file: File) => void;
  onBack: (() => void) | undefined;
  onNext: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const preview = usePreviewUrl(file);
  const label = t(`identityVerification.steps.${step}.title`);

  function changed(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0];
    event.target.value = '';
    if (picked) onChoose(picked);
  }

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg">
            {label}
          </Title>
          <Text size="sm">
            {t(`identityVerification.steps.${step}.${kind === 'video' ? 'videoHint' : 'hint'}`)}
          </Text>
        </Stack>
        {preview ? (
          <img
            className={classes.preview}
            src={preview}
            alt={t('identityVerification.provider.previewAlt', { step: label })}
          />
        ) : (
          <div className={classes.placeholder}>
            <Text size="sm" c="dimmed">
              {receivedName
                ? t('identityVerification.provider.received', { name: receivedName })
                : t('identityVerification.provider.noPicture')}
            </Text>
          </div>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <input
          ref={input}
          id={inputId}
          className={classes.fileInput}
          type="file"
          accept={IDV_IMAGE_TYPES.join(',')}
          // On a phone this opens the camera: the back one for a document, the front one for a selfie.
          capture={step === 'selfie' ? 'user' : 'environment'}
          aria-label={t('identityVerification.provider.chooseLabel', { step: label })}
          onChange={changed}
          disabled={busy}
          tabIndex={-1}
        />
        <Group justify="space-between" wrap="wrap" gap="sm">
          {onBack ? (
            <Button variant="default" onClick={onBack} disabled={busy}>
              {t('identityVerification.provider.backStep')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            {onNext && (
              <Button variant="default" onClick={onNext} disabled={busy}>
                {t('identityVerification.provider.next')}
              </Button>
            )}
            <Button onClick={() => input.current?.click()} loading={busy}>
              {receivedName || file
                ? t('identityVerification.provider.retake')
                : t('identityVerification.provider.take')}
            </Button>
          </Group>
        </Group>
        <Text size="xs" c="dimmed">
          {t('identityVerification.provider.formats')}
        </Text>
      </Stack>
    </Paper>
  );
}

function ReviewItem({
  step,
  file,
  run,
}: {
  step: IdvStep;
  file: File | undefined;
  run: IdvProviderSession;
}) {
  const { t } = useTranslation();
  const preview = usePreviewUrl(file);
  const label = t(`identityVerification.steps.${step}.title`);
  const name = file?.name ?? run.received.find((image) => image.step === step)?.fileName ?? '';
  return (
    <li>
      <Stack gap={4}>
        {preview ? (
          <img src={preview} alt={t('identityVerification.provider.previewAlt', { step: label })} />
        ) : null}
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
      </Stack>
    </li>
  );
}

function Finished({ run }: { run: IdvProviderSession }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const refused = run.outcome === 'rejected' || run.outcome === 'nameMismatch';
  const merchant = run.purpose === 'merchant';
  return (
    <Stack gap="md">
      {refused ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={t('identityVerification.provider.refusedTitle')}
        >
          <Stack gap={4}>
            <Text size="sm">{reasonText(t, run.reason)}</Text>
            <Text size="sm">
              {merchant
                ? t('merchantTrust.provider.refusedHelp')
                : t('identityVerification.provider.refusedHelp', { brand: brand.projectName })}
            </Text>
          </Stack>
        </Alert>
      ) : (
        <Alert
          color="teal"
          variant="light"
          role="status"
          title={t('identityVerification.provider.sentTitle')}
        >
          {merchant
            ? t('merchantTrust.provider.sentBody')
            : t('identityVerification.provider.sentBody', { brand: brand.projectName })}
        </Alert>
      )}
      {/* A person a business asked has no account to go back to. */}
      {!merchant && <BackToBank />}
    </Stack>
  );
}
