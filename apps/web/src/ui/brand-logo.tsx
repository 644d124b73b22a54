import { brandLogoUrl, useBrand } from '@/brands';
import classes from './brand-logo.module.css';

/** The active brand's logo; its alternative text is the brand name. */
export function BrandLogo({ height = 32 }: { height?: number }) {
  const brand = useBrand();
  return (
    <img
      className={classes.logo}
      src={brandLogoUrl(brand)}
      alt={brand.projectName}
      style={{ height }}
    />
  );
}
