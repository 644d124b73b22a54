/** The customers bench/src/transfer-server.ts seeds and bench/src/transfers.ts signs in as. */
export const BENCH_PASSWORD = 'Bench-pass-2026';
export const payerEmail = (index: number) => `bench-payer-${index}@bench.ledgerline.test`;
export const HOT_EMAIL = 'bench-hot@bench.ledgerline.test';
/** A business with the mass permission group and a funded EUR account (bench/src/mass.ts). */
export const MASS_EMAIL = 'bench-mass@bench.ledgerline.test';
/** The business whose webhooks and public API bench/src/merchant.ts measures (bench/src/merchant-server.ts). */
export const MERCHANT_EMAIL = 'bench-merchant@bench.ledgerline.test';
