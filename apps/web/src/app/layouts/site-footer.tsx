import { Anchor, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBrand } from '@/brands';
import { PAGE_CONTAINER_SIZE } from '@/ui/page-width';
import classes from './layouts.module.css';

/** Legal-entity text, support contact and the terms link, on every page. */
export function SiteFooter() {
  const { t } = useTranslation();
  const brand = useBrand();
  const entity = brand.accountConfirmation.name;
  return (
    <footer className={classes.footer}>
      <Container size={PAGE_CONTAINER_SIZE} className={classes.footerInner}>
        <Group
          component="nav"
          gap="lg"
          aria-label={t('footer.terms')}
          className={classes.footerLinks}
        >
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
        <div className={classes.legalText}>
          <Text size="xs" c="dimmed">
            {t(`footer.licence.${brand.licence.kind}`, {
              entity,
              regulator: brand.licence.regulator,
              reference: brand.licence.reference,
            })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('footer.copyright', { year: new Date().getFullYear(), entity })} ·{' '}
            {brand.accountConfirmation.address}
          </Text>
        </div>
      </Container>
    </footer>
  );
}
