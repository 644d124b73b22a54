import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RegistrationKind } from '@ledgerline/domain/registration';
import { useBrand } from '@/brands';
import { useDocumentTitle } from '@/ui/use-document-title';
import type { RegistrationAnswer } from '../api/register-account';
import { RegistrationClosed } from './registration-closed';
import { RegistrationForm } from './registration-form';
import { RegistrationSent } from './registration-sent';
import classes from './registration.module.css';

function RegistrationPage({ kind }: { kind: RegistrationKind }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const [registered, setRegistered] = useState<RegistrationAnswer | undefined>();
  const card = useRef<HTMLDivElement>(null);
  useDocumentTitle(
    registered ? t('registration.sent.pageTitle') : t(`registration.${kind}.pageTitle`),
  );

  // The page changes under the customer: move focus to the new heading.
  useEffect(() => {
    if (registered) card.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [registered]);

  if (!brand.allowRegistration) return <RegistrationClosed />;
  return (
    <div className={classes.stage}>
      <Paper
        ref={card}
        className={`${classes.card} ${registered ? classes.narrow : ''}`}
        shadow="sm"
        radius="lg"
        withBorder
      >
        {registered ? (
          <RegistrationSent
            email={registered.email}
            expiresInSeconds={registered.activationExpiresInSeconds}
          />
        ) : (
          <Stack gap="xl">
            <Stack gap={6}>
              <Anchor component={Link} to="/register" fz="sm">
                {t('registration.form.backToChoice')}
              </Anchor>
              <Title order={1} className={classes.title}>
                {t(`registration.${kind}.title`)}
              </Title>
              <Text c="dimmed">
                {t(`registration.${kind}.subtitle`, { brand: brand.projectName })}
              </Text>
            </Stack>
            <RegistrationForm kind={kind} onRegistered={setRegistered} />
            <Group gap={6} justify="center">
              <Text c="dimmed">{t('registration.choice.haveAccount')}</Text>
              <Anchor component={Link} to="/login" fw={600}>
                {t('registration.choice.signIn')}
              </Anchor>
            </Group>
          </Stack>
        )}
      </Paper>
    </div>
  );
}

/** /register/personal (spec 1 §2). */
export function PersonalRegistrationPage() {
  return <RegistrationPage kind="personal" />;
}

/** /register/business (spec 1 §2). */
export function BusinessRegistrationPage() {
  return <RegistrationPage kind="business" />;
}
