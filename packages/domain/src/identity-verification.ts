import type { BrandId } from './brands';

/**
 * Identity verification with the hosted KYC providers of spec 1 §3 (jmo and nfd): the bank starts
 * a workflow, the customer completes it on the provider's page (document front and back and a
 * selfie, or a video identification), and the provider answers the bank through a signed
 * callback. The rules both sides need live here; the server module holds the workflow itself.
 */

/** The KYC providers of spec 1 §3. */
export const IDV_PROVIDERS = ['jmo', 'nfd'] as const;
export type IdvProvider = (typeof IDV_PROVIDERS)[number];

export function isIdvProvider(value: unknown): value is IdvProvider {
  return typeof value === 'string' && (IDV_PROVIDERS as readonly string[]).includes(value);
}

/**
 * Which provider serves a brand's customers. The spec names the two providers but not which brand
 * uses which; this split gives each provider three brands, so both paths run in the demo.
 */
const PROVIDER_BY_BRAND: Record<BrandId, IdvProvider> = {
  pebble: 'jmo',
  northmere: 'nfd',
  quillpay: 'jmo',
  amberline: 'nfd',
  baltvale: 'nfd',
  thistle: 'jmo',
};

export function idvProviderForBrand(brandId: string): IdvProvider {
  return PROVIDER_BY_BRAND[brandId as BrandId] ?? 'jmo';
}

/** A document-and-selfie check at /identity-verification/…, or a video identification at /video-identity-job/…. */
export const IDV_KINDS = ['document', 'video'] as const;
export type IdvKind = (typeof IDV_KINDS)[number];

/** The pictures a check asks for, in the order the provider's page asks for them. */
export const IDV_STEPS = ['front', 'back', 'selfie'] as const;
export type IdvStep = (typeof IDV_STEPS)[number];

/**
 * A workflow run's state: started (the customer has the link), submitted (the provider has every
 * picture and is deciding), completed (the provider's callback was recorded), expired (the link
 * was not completed in time).
 */
export const IDV_RUN_STATES = ['started', 'submitted', 'completed', 'expired'] as const;
export type IdvRunState = (typeof IDV_RUN_STATES)[number];

/** What the provider decided: the bank's compliance desk reviews accepted checks before the identity counts. */
export const IDV_OUTCOMES = ['accepted', 'rejected', 'nameMismatch'] as const;
export type IdvOutcome = (typeof IDV_OUTCOMES)[number];

/** Reason codes a provider refuses a check with; the web shows each in the customer's language. */
export const IDV_REJECT_REASONS = [
  'documentUnreadable',
  'selfieNotMatching',
  'nameMismatch',
] as const;
export type IdvRejectReason = (typeof IDV_REJECT_REASONS)[number];

/** A link is valid for one hour after the check starts. */
export const IDV_LINK_TTL_MS = 60 * 60 * 1000;

/** Each picture: at most 10 MB (the document rule of issue 14), checked by content. */
export const IDV_MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export const IDV_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/heic'] as const;
export type IdvImageType = (typeof IDV_IMAGE_TYPES)[number];

/** HEIC/HEIF brands in the `ftyp` box of an ISO media file. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/**
 * The picture's type from its first bytes (never from its name or the declared type): JPEG starts
 * FF D8 FF, PNG with its 8-byte signature, HEIC with an `ftyp` box naming a HEIF brand. Anything
 * else is null.
 */
export function sniffIdvImageType(bytes: Uint8Array): IdvImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((byte, index) => bytes[index] === byte))
    return 'image/png';
  if (bytes.length >= 12) {
    const box = String.fromCharCode(...bytes.subarray(4, 8));
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    if (box === 'ftyp' && HEIC_BRANDS.has(brand)) return 'image/heic';
  }
  return null;
}

export interface IdvDecision {
  outcome: IdvOutcome;
  reason: IdvRejectReason | null;
}

/**
 * The provider simulators' decision, deterministic from what was submitted so tests can drive
 * every outcome: a document picture named `reject-*` is unreadable, a selfie named `reject-*`
 * does not match the document, any picture named `mismatch-*` carries another person's name;
 * otherwise the check is accepted (and waits for the bank's compliance review).
 */
export function simulatedIdvDecision(
  files: readonly { step: IdvStep; fileName: string }[],
): IdvDecision {
  const named = (prefix: string, steps: readonly IdvStep[]) =>
    files.some((file) => steps.includes(file.step) && baseName(file.fileName).startsWith(prefix));
  if (named('reject-', ['front', 'back']))
    return { outcome: 'rejected', reason: 'documentUnreadable' };
  if (named('reject-', ['selfie'])) return { outcome: 'rejected', reason: 'selfieNotMatching' };
  if (named('mismatch-', IDV_STEPS)) return { outcome: 'nameMismatch', reason: 'nameMismatch' };
  return { outcome: 'accepted', reason: null };
}

function baseName(fileName: string): string {
  return (fileName.split(/[\\/]/).pop() ?? '').toLowerCase();
}

/** The identity status (spec 2 §3 document statuses) a provider outcome records before compliance reviews it. */
export function identityStatusForOutcome(
  outcome: IdvOutcome,
): 'pending' | 'rejected' | 'nameMismatch' {
  switch (outcome) {
    case 'accepted':
      return 'pending';
    case 'rejected':
      return 'rejected';
    case 'nameMismatch':
      return 'nameMismatch';
  }
}
