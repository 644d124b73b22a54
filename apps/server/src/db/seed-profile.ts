import { and, eq, sql } from 'drizzle-orm';
import { NOTIFICATION_SETTINGS } from '@ledgerline/contract';
import { getBrand, isBrandId } from '@ledgerline/domain/brands';
import type { Tx } from './client';
import {
  customerEmails,
  customerPhones,
  customers,
  notificationSettings,
  termsAcceptances,
  users,
} from './schema';

/** The second, not yet confirmed address of personal@ledgerline.test (the profile's confirm flow starts from it). */
export const DEMO_SECOND_EMAIL = 'petra.lindqvist@home.ledgerline.test';
/** Where the demo users accepted the current terms from (TEST-NET-2, RFC 5737: never a real host). */
const DEMO_ACCEPTANCE_IP = '198.51.100.23';

/**
 * Profile data of the demo users (issue 6): the login as the confirmed primary e-mail, a confirmed
 * phone where seed-accounts.ts gave none, the notification settings at their defaults, and the
 * acceptance of the brand's current terms. Each part is added only when missing, so a second run
 * changes nothing; a user who accepted earlier versions (terms@) keeps waiting for the new ones.
 */
export async function seedProfileDemo(tx: Tx, emails: readonly string[]): Promise<void> {
  for (const email of emails) {
    const [user] = await tx
      .select({
        id: users.id,
        customerId: users.customerId,
        email: users.email,
        createdAt: users.createdAt,
        brandId: customers.brandId,
      })
      .from(users)
      .innerJoin(customers, eq(customers.id, users.customerId))
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    if (!user) continue;

    const [anyEmail] = await tx
      .select({ id: customerEmails.id })
      .from(customerEmails)
      .where(eq(customerEmails.customerId, user.customerId))
      .limit(1);
    if (!anyEmail) {
      await tx.insert(customerEmails).values({
        customerId: user.customerId,
        email: user.email,
        isPrimary: true,
        confirmedAt: user.createdAt,
      });
      if (email === 'personal@ledgerline.test') {
        await tx
          .insert(customerEmails)
          .values({ customerId: user.customerId, email: DEMO_SECOND_EMAIL, isPrimary: false });
      }
    }

    const [anyPhone] = await tx
      .select({ id: customerPhones.id })
      .from(customerPhones)
      .where(eq(customerPhones.customerId, user.customerId))
      .limit(1);
    if (!anyPhone) {
      // Ofcom's drama range (07700 900000–900999): reserved for fiction, never a real subscriber.
      await tx.insert(customerPhones).values({
        customerId: user.customerId,
        countryCode: 'GB',
        number: `+44 7700 900${String(500 + (user.customerId % 500)).padStart(3, '0')}`,
        confirmed: true,
      });
    }

    const [anySetting] = await tx
      .select({ id: notificationSettings.id })
      .from(notificationSettings)
      .where(
        and(
          eq(notificationSettings.customerId, user.customerId),
          eq(notificationSettings.userId, user.id),
        ),
      )
      .limit(1);
    if (!anySetting) {
      await tx.insert(notificationSettings).values(
        NOTIFICATION_SETTINGS.filter((setting) => setting.editable).map((setting) => ({
          customerId: user.customerId,
          userId: user.id,
          identified: setting.identified,
          value: setting.defaultValue,
        })),
      );
    }

    const [anyAcceptance] = await tx
      .select({ id: termsAcceptances.id })
      .from(termsAcceptances)
      .where(eq(termsAcceptances.userId, user.id))
      .limit(1);
    if (!anyAcceptance && isBrandId(user.brandId)) {
      const terms = getBrand(user.brandId).terms;
      if (terms.length > 0) {
        await tx.insert(termsAcceptances).values(
          terms.map((term) => ({
            userId: user.id,
            brandId: user.brandId,
            termKey: term.key,
            termValue: term.value,
            versionDate: term.versionDate ?? null,
            acceptedAt: user.createdAt,
            ip: DEMO_ACCEPTANCE_IP,
          })),
        );
      }
    }
  }
}
