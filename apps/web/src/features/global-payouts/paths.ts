/** The global payout screens' paths (spec 2 §2). */
export const BATCH_PATH = '/transfer/mass/global';
export const SUMMARY_PATH = '/transfer/external/global-summary';

export function batchPath(batchId: number): string {
  return `${BATCH_PATH}?batch=${batchId}`;
}
