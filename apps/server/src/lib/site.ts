import { isBrandId, type BrandId } from '@ledgerline/domain/brands';

/** What a request tells us about the site it came through: its brand and the origin for links we e-mail. */
export interface RequestSite {
  /** The brand BRAND_HOSTS maps the request's host name to, if any. */
  brandId: BrandId | undefined;
  /** The origin for links in e-mails, e.g. https://bank.example (never a host we do not know). */
  origin: string;
}

export interface SiteResolver {
  forRequest(request: { protocol: string; host: string; hostname: string }): RequestSite;
}

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|[a-z0-9-]+\.localhost)$/i;
/** A plain host with an optional port: nothing that could turn a link into user@host or a path. */
// eslint-disable-next-line security/detect-unsafe-regex -- bounded and unambiguous: linear on any input
const PLAIN_HOST = /^([a-z0-9.-]+|\[::1\])(:\d{1,5})?$/i;

/**
 * Links in e-mails must not point wherever a Host header says (host-header injection would send
 * a victim's activation or reset link to an attacker's site). A request's own origin is used only
 * when its host is one we know: a BRAND_HOSTS entry, a PUBLIC_ORIGINS origin or a loopback name;
 * otherwise the first PUBLIC_ORIGINS entry, then the first BRAND_HOSTS host over https.
 */
export function createSiteResolver(config: {
  brandHosts: Record<string, string>;
  publicOrigins: string[];
  port: number;
}): SiteResolver {
  const publicOrigins = config.publicOrigins.map((origin) => new URL(origin).origin);
  const firstBrandHost = Object.keys(config.brandHosts)[0];
  const fallbackOrigin =
    publicOrigins[0] ??
    (firstBrandHost ? `https://${firstBrandHost}` : `http://localhost:${config.port}`);

  return {
    forRequest(request) {
      const hostname = request.hostname.toLowerCase();
      const mapped = Object.hasOwn(config.brandHosts, hostname)
        ? config.brandHosts[hostname]
        : undefined;
      const brandId = isBrandId(mapped) ? mapped : undefined;
      const protocol = request.protocol === 'https' ? 'https' : 'http';
      const own = `${protocol}://${request.host.toLowerCase()}`;
      const known =
        PLAIN_HOST.test(request.host) &&
        (brandId !== undefined || publicOrigins.includes(own) || LOOPBACK.test(hostname));
      return { brandId, origin: known ? own : fallbackOrigin };
    },
  };
}
