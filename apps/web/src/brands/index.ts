export { BrandContext, useBrand } from './brand-context';
export { brandLogoUrl, preloadBrandLogo } from './logos';
export { createBrandTheme, accessibleCssVariables, TEXT_COLORS } from './theme';
export { BRAND_HOST_MAP } from './host-map';
export { selectBrand, type BrandSelection } from './brand-selection';
export { contrastRatio, createPalette } from './palette';
