/*
 * Saved payment buttons, business logos and pay-by-name (issue 18; spec 2 §3 "Logo", "Saved
 * button", §7, §9). Pure rules shared by the server's checks and the web's merchant screens.
 */

/** Logos a page (spec 2 §9: logos 1000). */
export const LOGO_PAGE_SIZE = 1000;
/** The largest logo file accepted (a logo on a pay page needs no more). */
export const LOGO_MAX_BYTES = 1024 * 1024;
/** The most logos and saved buttons one company may keep. */
export const LOGOS_PER_COMPANY = 50;
export const SAVED_BUTTONS_PER_COMPANY = 200;
/** Field limits of the button and logo forms (spec 2 leaves them to us). */
export const BUTTON_NAME_MAX = 64;
export const BUTTON_DESCRIPTION_MAX = 255;
export const RETURN_URL_MAX = 2048;
export const LOGO_NAME_MAX = 64;
export const PBN_DISPLAY_NAME_MAX = 64;

export type LogoKind = 'png' | 'jpeg';

export const LOGO_MIME: Record<LogoKind, string> = { png: 'image/png', jpeg: 'image/jpeg' };

/**
 * A logo's kind told by its first bytes (never by its name or the type the browser claims): PNG
 * or JPEG only. SVG (script inside an image), GIF, WebP and anything else read as null.
 */
export function detectLogoKind(bytes: Uint8Array): LogoKind | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((byte, index) => bytes[index] === byte)) return 'png';
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  return null;
}

/**
 * A pay-by-name handle: 3–32 lowercase letters, digits and single hyphens, starting and ending with
 * a letter or digit (it appears in a link: /pay/name/<handle>).
 */
export const PAY_NAME_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){2,31}$/;

/** Handles nobody may take: they read as the bank speaking, or as a path of the app. */
export const RESERVED_PAY_NAMES: readonly string[] = [
  'admin',
  'administrator',
  'api',
  'app',
  'bank',
  'billing',
  'button',
  'help',
  'info',
  'login',
  'merchant',
  'name',
  'official',
  'pay',
  'payment',
  'payments',
  'root',
  'security',
  'support',
  'system',
];

export type PayNameProblem = 'format' | 'reserved';

/** Why a handle may not be used (its shape, or a reserved word), or null. */
export function payNameProblem(name: string): PayNameProblem | null {
  if (!PAY_NAME_PATTERN.test(name)) return 'format';
  return RESERVED_PAY_NAMES.includes(name) ? 'reserved' : null;
}

/** A return URL a payer may be sent back to: http or https, with a host, no credentials. */
export function isReturnUrl(value: string): boolean {
  if (value.length > RETURN_URL_MAX) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === ''
  );
}

/** The hosted pay page of a saved button (built by the pay page's part of issue 18). */
export function buttonPayPath(publicId: string): string {
  return `/pay/button/${encodeURIComponent(publicId)}`;
}

/** The pay-by-name page of a company's handle. */
export function payNamePath(payName: string): string {
  return `/pay/name/${encodeURIComponent(payName)}`;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/**
 * The snippet a merchant copies onto their site: a link to the pay page styled as a button, with
 * the button's name as its text. Everything the merchant typed is escaped; the link is ours.
 */
export function buttonHtmlSnippet(payLink: string, label: string): string {
  const style = [
    'display:inline-block',
    'padding:10px 20px',
    'border-radius:6px',
    'background:#1c5dd6',
    'color:#ffffff',
    'font:600 16px/1.2 system-ui,sans-serif',
    'text-decoration:none',
  ].join(';');
  return `<a href="${escapeHtml(payLink)}" target="_blank" rel="noopener" style="${style}">${escapeHtml(label)}</a>`;
}
