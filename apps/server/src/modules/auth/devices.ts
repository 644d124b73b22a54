import { and, asc, eq } from 'drizzle-orm';
import type { AuthDevice, DeviceType } from '@ledgerline/contract';
import type { DbOrTx } from '../../db/client';
import { authDevices, authSettings } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { randomToken, sha256 } from '../../lib/crypto';

export type DeviceRow = typeof authDevices.$inferSelect;
export type SettingsRow = typeof authSettings.$inferSelect;

export function toWireDevice(device: DeviceRow): AuthDevice {
  return {
    id: device.id,
    code: device.code,
    type: device.type === 'ios' ? 'ios' : 'android',
    name: device.name,
    location: device.location,
    lastActivityAt: device.lastActivityAt?.toISOString() ?? null,
    approved: device.approved,
  };
}

export async function devicesOf(
  db: DbOrTx,
  userId: number,
  options: { approvedOnly?: boolean } = {},
): Promise<DeviceRow[]> {
  const conditions = [eq(authDevices.userId, userId)];
  if (options.approvedOnly) conditions.push(eq(authDevices.approved, true));
  return db
    .select()
    .from(authDevices)
    .where(and(...conditions))
    .orderBy(asc(authDevices.id));
}

/** The caller's own device; another user's id is "not found" (404), never "forbidden". */
export async function ownDevice(
  db: DbOrTx,
  userId: number,
  deviceId: number,
  options: { forUpdate?: boolean } = {},
): Promise<DeviceRow> {
  const query = db
    .select()
    .from(authDevices)
    .where(and(eq(authDevices.id, deviceId), eq(authDevices.userId, userId)));
  const [device] = options.forUpdate ? await query.for('update') : await query;
  if (!device) throw AppError.notFound('Device not found');
  return device;
}

/** An approved device holding this secret, or null. */
export async function approvedDeviceBySecret(
  db: DbOrTx,
  secret: string,
): Promise<DeviceRow | null> {
  if (secret.length === 0 || secret.length > 512) return null;
  const [device] = await db
    .select()
    .from(authDevices)
    .where(and(eq(authDevices.secretHash, sha256(secret)), eq(authDevices.approved, true)));
  return device ?? null;
}

export async function createDevice(
  tx: DbOrTx,
  userId: number,
  input: {
    name: string;
    code: string;
    type: DeviceType;
    pushToken?: string | undefined;
    approved: boolean;
    location?: string | null;
  },
): Promise<{ device: DeviceRow; secret: string }> {
  const secret = randomToken(32);
  const now = new Date();
  const [device] = await tx
    .insert(authDevices)
    .values({
      userId,
      code: input.code,
      type: input.type,
      name: input.name,
      location: input.location ?? null,
      secretHash: sha256(secret),
      pushToken: input.pushToken ?? null,
      approved: input.approved,
      approvedAt: input.approved ? now : null,
      lastActivityAt: input.approved ? now : null,
    })
    .returning();
  if (!device) throw new Error('device insert returned nothing');
  return { device, secret };
}

export async function settingsOf(db: DbOrTx, userId: number): Promise<SettingsRow> {
  const [row] = await db.select().from(authSettings).where(eq(authSettings.userId, userId));
  return (
    row ?? {
      userId,
      totpSecret: null,
      totpLastStep: null,
      smsPhone: null,
      migrationReq: 'none',
      migrationDeadline: null,
      createdAt: new Date(0),
    }
  );
}
