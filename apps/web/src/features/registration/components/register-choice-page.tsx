import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBrand } from '@/brands';
import { BuildingIcon, PersonIcon } from '@/ui/icons';
import { useDocumentTitle } from '@/ui/use-document-title';
import { RegistrationClosed } from './registration-closed';
import classes from './registration.module.css';

function ChoiceCard(props: {
  id: string;
  icon: ReactNode;
  title: string;
  text: string;
  typesLabel: string;
  types: string[];
  action: string;
  to: string;
}) {
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      className={classes.choice}
      aria-labelledby={props.id}
    >
      <span className={classes.choiceIcon}>{props.icon}</span>
      <Title order={2} fz="xl" id={props.id}>
        {props.title}
      </Title>
      <Text c="dimmed">{props.text}</Text>
      <Stack gap={6}>
        <Text fw={600} fz="sm" id={`${props.id}-types`}>
          {props.typesLabel}
        </Text>
        <ul className={classes.typeList} aria-labelledby={`${props.id}-types`}>
          {props.types.map((type) => (
            <li key={type} className={classes.typeItem}>
              {type}
            </li>
          ))}
        </ul>
      </Stack>
      <Button component={Link} to={props.to} size="md" className={classes.choiceAction}>
        {props.action}
      </Button>
    </Paper>
  );
}

/** /register: personal or business (spec 1 §2), with the brand's registration types (spec 1 §9). */
export function RegisterChoicePage() {
  const { t } = useTranslation();
  const brand = useBrand();
  useDocumentTitle(t('registration.choice.pageTitle'));
  if (!brand.allowRegistration) return <RegistrationClosed />;
  return (
    <div className={classes.stage}>
      <Paper className={`${classes.card} ${classes.wide}`} shadow="sm" radius="lg" withBorder>
        <Stack gap="xl">
          <Stack gap={6}>
            <Title order={1} className={classes.title}>
              {t('registration.choice.title', { brand: brand.projectName })}
            </Title>
            <Text c="dimmed">{t('registration.choice.subtitle')}</Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <ChoiceCard
              id="choice-personal"
              icon={<PersonIcon size={24} />}
              title={t('registration.choice.personalTitle')}
              text={t('registration.choice.personalText')}
              typesLabel={t('registration.choice.madeFor')}
              types={brand.registrationPersonalTypes.map((type) =>
                t(`registration.types.personal.${type}`),
              )}
              action={t('registration.choice.personalAction')}
              to="/register/personal"
            />
            <ChoiceCard
              id="choice-business"
              icon={<BuildingIcon size={24} />}
              title={t('registration.choice.businessTitle')}
              text={t('registration.choice.businessText')}
              typesLabel={t('registration.choice.madeFor')}
              types={brand.registrationBusinessTypes.map((type) =>
                t(`registration.types.business.${type}`),
              )}
              action={t('registration.choice.businessAction')}
              to="/register/business"
            />
          </SimpleGrid>
          <Group gap={6} justify="center">
            <Text c="dimmed">{t('registration.choice.haveAccount')}</Text>
            <Anchor component={Link} to="/login" fw={600}>
              {t('registration.choice.signIn')}
            </Anchor>
          </Group>
        </Stack>
      </Paper>
    </div>
  );
}
