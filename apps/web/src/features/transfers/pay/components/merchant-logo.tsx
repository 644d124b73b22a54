import { Image } from '@mantine/core';
import { useSessionManager } from '@/app/session';
import { apiLink } from '@/lib/download-file';
import classes from './hosted-pay-page.module.css';

/**
 * The merchant's logo above its name on the pay pages: a fixed box, the image contained in it
 * (never stretched), the merchant's name as its text. Nothing when the merchant has no logo.
 */
export function MerchantLogo({ url, name }: { url: string | null; name: string }) {
  const { baseUrl } = useSessionManager();
  if (url === null) return null;
  return (
    <Image
      src={apiLink(baseUrl, url)}
      alt={name}
      w={72}
      h={72}
      fit="contain"
      radius="sm"
      className={classes.logo}
    />
  );
}
