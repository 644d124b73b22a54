import { z } from 'zod';
import { ExactDecimal } from '@ledgerline/domain/exact-decimal';
import {
  BUTTON_DESCRIPTION_MAX,
  BUTTON_NAME_MAX,
  LOGO_NAME_MAX,
  PAY_NAME_PATTERN,
  PBN_DISPLAY_NAME_MAX,
  RETURN_URL_MAX,
  isReturnUrl,
} from '@ledgerline/domain/merchant-buttons';
import { defineMethod } from '../define';
import { idSchema } from '../envelope';
import { positiveAmountSchema } from '../transfers/methods';
import { lazySchema } from '@ledgerline/domain/lazy-schema';

/*
 * Saved payment buttons, business logos and pay-by-name settings (issue 18; spec 2 §3 "Logo: id,
 * name, isDefault, file", "Saved button: id plus form fields", §7 "PBN settings get and update",
 * "Logo list, create (multipart with data and file[]), get, update, delete", "Saved button list,
 * get, create, update, delete", §9 "logos … 1000"). The acting customer is the company
 * (fromCustomerId); only its full-access users may use them. A logo is created by the multipart
 * REST route (merchant-buttons/routes.ts), and its image is served there too.
 */

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

function nameSchema(max: number) {
  return z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(max, 'validation.tooLong')
    .refine((name) => !CONTROL_CHARACTERS.test(name), 'validation.invalidValue');
}

export const logoNameSchema = lazySchema(() => nameSchema(LOGO_NAME_MAX));

export const logoSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    name: z.string(),
    isDefault: z.boolean(),
    /** 'image/png' or 'image/jpeg', told from the content. */
    mimeType: z.string(),
    sizeBytes: z.number().int(),
    /** Where the image is served (a path under the app's origin; public, by an unguessable id). */
    file: z.string(),
    createdAt: z.string(),
  }),
);
export type Logo = z.infer<typeof logoSchema>;

/** The `data` part of the logo upload (spec 2 §7 "multipart with data and file[]"). */
export const logoUploadDataSchema = lazySchema(() =>
  z.object({ name: logoNameSchema, isDefault: z.boolean().default(false) }).strict(),
);
export type LogoUploadData = z.input<typeof logoUploadDataSchema>;

const returnUrlSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .max(RETURN_URL_MAX, 'validation.tooLong')
    .refine(isReturnUrl, 'validation.returnUrl'),
);

/** The button form's fields (without its id); update sends them all again. */
const savedButtonFields = {
  name: lazySchema(() => nameSchema(BUTTON_NAME_MAX)),
  /** The company's own account the payments land in; the button's currency is its currency. */
  accountId: idSchema,
  /**
   * A fixed amount, or null (or absent: the web client leaves nulls out) for an amount the payer
   * enters, within minAmount–maxAmount if set.
   */
  amount: lazySchema(() => positiveAmountSchema.nullable().default(null)),
  minAmount: lazySchema(() => positiveAmountSchema.nullable().default(null)),
  maxAmount: lazySchema(() => positiveAmountSchema.nullable().default(null)),
  description: lazySchema(() =>
    z
      .string()
      .trim()
      .max(BUTTON_DESCRIPTION_MAX, 'validation.tooLong')
      .refine(
        (text) => !CONTROL_CHARACTERS.test(text.replace(/[\n\r\t]/g, ' ')),
        'validation.invalidValue',
      )
      .default(''),
  ),
  /** One of the company's logos, or null for its default logo (if any). */
  logoId: lazySchema(() => idSchema.nullable().default(null)),
  /** Where the payer is sent after paying: http(s) only. */
  returnUrl: lazySchema(() => returnUrlSchema.nullable().default(null)),
  enabled: lazySchema(() => z.boolean().default(true)),
};

function refineAmounts(
  value: { amount: string | null; minAmount: string | null; maxAmount: string | null },
  ctx: z.core.$RefinementCtx,
): void {
  if (value.amount !== null) {
    // A fixed amount leaves the payer nothing to choose.
    if (value.minAmount !== null)
      ctx.addIssue({ code: 'custom', path: ['minAmount'], message: 'validation.invalidValue' });
    if (value.maxAmount !== null)
      ctx.addIssue({ code: 'custom', path: ['maxAmount'], message: 'validation.invalidValue' });
    return;
  }
  if (
    value.minAmount !== null &&
    value.maxAmount !== null &&
    new ExactDecimal(value.minAmount).greaterThan(value.maxAmount)
  )
    ctx.addIssue({ code: 'custom', path: ['maxAmount'], message: 'validation.amountRangeOrder' });
}

export const savedButtonCreateSchema = lazySchema(() =>
  z.object(savedButtonFields).strict().superRefine(refineAmounts),
);
export type SavedButtonInput = z.input<typeof savedButtonCreateSchema>;

export const savedButtonUpdateSchema = lazySchema(() =>
  z
    .object({ id: idSchema, ...savedButtonFields })
    .strict()
    .superRefine(refineAmounts),
);

export const savedButtonSchema = lazySchema(() =>
  z.object({
    id: idSchema,
    /** The unguessable id in the button's link. */
    publicId: z.string(),
    name: z.string(),
    accountId: idSchema,
    currencyCode: z.string(),
    amount: z.string().nullable(),
    minAmount: z.string().nullable(),
    maxAmount: z.string().nullable(),
    description: z.string(),
    logoId: idSchema.nullable(),
    returnUrl: z.string().nullable(),
    enabled: z.boolean(),
    /** The hosted pay page: <app origin>/pay/button/<publicId>. */
    payLink: z.string(),
    /** An <a> styled as a button, linking to payLink, to paste into the merchant's site. */
    htmlSnippet: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type SavedButton = z.infer<typeof savedButtonSchema>;

export const payNameSchema = lazySchema(() =>
  z.string().trim().regex(PAY_NAME_PATTERN, 'validation.payNameFormat'),
);

export const pbnSettingsSchema = lazySchema(() =>
  z.object({
    /** The company's public handle, unique within the brand; null until chosen. */
    payName: z.string().nullable(),
    /** What the payer sees as the payee; the business name when null. */
    displayName: z.string().nullable(),
    enabled: z.boolean(),
    /** The account each currency is received in (at most one per currency). */
    accounts: z.array(z.object({ accountId: idSchema, currencyCode: z.string() })),
    /** <app origin>/pay/name/<payName>, or null while no handle is set. */
    payLink: z.string().nullable(),
  }),
);
export type PbnSettings = z.infer<typeof pbnSettingsSchema>;

export const pbnSettingsUpdateSchema = lazySchema(() =>
  z
    .object({
      payName: payNameSchema,
      displayName: nameSchema(PBN_DISPLAY_NAME_MAX).nullable().default(null),
      enabled: z.boolean(),
      /** The receiving accounts, one per currency; enabling needs at least one. */
      accountIds: z
        .array(idSchema)
        .max(20, 'validation.tooMany')
        .refine((ids) => new Set(ids).size === ids.length, 'validation.duplicate'),
    })
    .strict()
    .superRefine((value, ctx) => {
      if (value.enabled && value.accountIds.length === 0)
        ctx.addIssue({ code: 'custom', path: ['accountIds'], message: 'validation.required' });
    }),
);
export type PbnSettingsUpdate = z.input<typeof pbnSettingsUpdateSchema>;

export const merchantButtonMethods = {
  getSavedButtonList: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: lazySchema(() => z.object({ savedButtons: z.array(savedButtonSchema) })),
  }),
  getSavedButton: defineMethod({
    request: lazySchema(() => z.object({ id: idSchema }).strict()),
    response: lazySchema(() => z.object({ savedButton: savedButtonSchema })),
  }),
  createSavedButton: defineMethod({
    request: savedButtonCreateSchema,
    response: lazySchema(() => z.object({ savedButton: savedButtonSchema })),
  }),
  /** Replaces the button's fields; its public id (and so its link) stays. */
  updateSavedButton: defineMethod({
    request: savedButtonUpdateSchema,
    response: lazySchema(() => z.object({ savedButton: savedButtonSchema })),
  }),
  deleteSavedButton: defineMethod({
    request: lazySchema(() => z.object({ id: idSchema }).strict()),
    response: lazySchema(() => z.object({})),
  }),
  /** The company's logos, default first then newest, 1000 a page (spec 2 §9). */
  getLogoList: defineMethod({
    request: lazySchema(() =>
      z.object({ pageNumber: z.number().int().min(1).max(100_000).default(1) }).strict(),
    ),
    response: lazySchema(() =>
      z.object({
        logos: z.array(logoSchema),
        pageSize: z.number().int(),
        pageNumber: z.number().int(),
        total: z.number().int(),
      }),
    ),
  }),
  getLogo: defineMethod({
    request: lazySchema(() => z.object({ id: idSchema }).strict()),
    response: lazySchema(() => z.object({ logo: logoSchema })),
  }),
  /** Renames it and/or makes it the default (isDefault false takes the default away from it). */
  updateLogo: defineMethod({
    request: lazySchema(() =>
      z
        .object({
          id: idSchema,
          name: logoNameSchema.optional(),
          isDefault: z.boolean().optional(),
        })
        .strict(),
    ),
    response: lazySchema(() => z.object({ logo: logoSchema })),
  }),
  /** Buttons that showed it fall back to the default logo. */
  deleteLogo: defineMethod({
    request: lazySchema(() => z.object({ id: idSchema }).strict()),
    response: lazySchema(() => z.object({})),
  }),
  getPbnSettings: defineMethod({
    request: lazySchema(() => z.object({}).strict()),
    response: lazySchema(() => z.object({ settings: pbnSettingsSchema })),
  }),
  updatePbnSettings: defineMethod({
    request: pbnSettingsUpdateSchema,
    response: lazySchema(() => z.object({ settings: pbnSettingsSchema })),
  }),
};
