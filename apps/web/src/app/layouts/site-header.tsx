import { Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBrand } from '@/brands';
import { BrandLogo } from '@/ui/brand-logo';
import { PAGE_CONTAINER_SIZE } from '@/ui/page-width';
import classes from './layouts.module.css';

/** The brand bar at the top of every layout; `children` go on the right (language, sign-out). */
export function SiteHeader({ homePath, children }: { homePath: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <header className={classes.header}>
      <Container size={PAGE_CONTAINER_SIZE} className={classes.headerInner}>
        <Link
          to={homePath}
          className={classes.logoLink}
          aria-label={t('app.homeLink', { brand: brand.projectName })}
        >
          <BrandLogo height={36} />
        </Link>
        <Group gap="sm" wrap="nowrap">
          {children}
        </Group>
      </Container>
    </header>
  );
}
