import { Anchor, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBrand } from '@/brands';
import classes from './layouts.module.css';

/** Legal-entity text, support contact and the terms link, on every page. */
export function SiteFooter() {
  const { t } = useTranslation();
  const brand = useBrand();
  const entity = brand.accountConfirmation.name;
  return (
    <footer className={classes.footer}>
      <Container size="lg" className={classes.footerInner}>
        <Group component="nav" gap="lg" aria-label={t('footer.terms')} className={classes.footerLinks}>
          <Anchor component={Link} to="/terms" size="sm">
            {t('footer.terms')}
          </Anchor>
          <Text size="sm" c="dimmed">
            {t('footer.support')}:{' '}
            <Anchor href={`mailto:${brand.supports.defaultEmail}`} size="sm">
              {brand.supports.defaultEmail}
            </Anchor>
          </Text>
        </Group>
        <Text size="xs" c="dimmed" className={classes.legalText}>
          {t(`footer.licence.${brand.licence.kind}`, {
            entity,
            regulator: brand.licence.regulator,
            reference: brand.licence.reference,
          })}{' '}
          {t('footer.copyright', { year: new Date().getFullYear(), entity })} · {brand.accountConfirmation.address}
        </Text>
      </Container>
    </footer>
  );
}
