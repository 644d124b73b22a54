import type { FastifyInstance } from 'fastify';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { devRoutes } from '@ledgerline/contract';
import type { Database } from '../../db/client';
import { externalCards, users } from '../../db/schema';
import { route } from '../../lib/route';
import { escapeHtml, page } from '../../lib/html';
import { Money } from '../ledger';

/** The text another bank's statement shows for our verification charge. */
const STATEMENT_TEXT = 'LEDGERLINE CARD CHECK';

/**
 * Development stand-in (on unless NODE_ENV=production) for the customer's other bank: the
 * statement lines of the verification charges we made on their linked cards, so a person (or a
 * browser test) can read the amount to type on /confirm-card/{cardId}.
 */
export async function cardDevRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;

  async function charges(email: string) {
    const [user] = await db
      .select({ customerId: users.customerId })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    if (!user) return [];
    const rows = await db
      .select()
      .from(externalCards)
      .where(and(eq(externalCards.customerId, user.customerId), isNull(externalCards.deletedAt)))
      .orderBy(desc(externalCards.id))
      .limit(50);
    return rows.map((row) => ({
      cardId: row.id,
      maskedCardNumber: `•••• ${row.panLast4}`,
      description: STATEMENT_TEXT,
      amount: new Money(row.verificationAmount).toFixed(2),
      currencyCode: row.verificationCurrency,
      chargedAt: row.createdAt.toISOString(),
    }));
  }

  route(app, devRoutes.cardStatementJson, async (request) => ({
    charges: await charges(request.query.email),
  }));

  route(app, devRoutes.cardStatement, async (request, reply) => {
    const email = request.query.email;
    const list = await charges(email);
    const body =
      list.length === 0
        ? `<p class="empty">No card of ${escapeHtml(email)} has been charged.</p>`
        : `<table><thead><tr><th>When</th><th>Card</th><th>Description</th><th>Amount</th></tr></thead><tbody>${list
            .map(
              (line) =>
                `<tr><td>${escapeHtml(line.chargedAt)}</td><td>${escapeHtml(line.maskedCardNumber)}</td><td>${escapeHtml(line.description)}</td><td>${escapeHtml(`${line.amount} ${line.currencyCode}`)}</td></tr>`,
            )
            .join('')}</tbody></table>`;
    return reply
      .type('text/html; charset=utf-8')
      .send(page('Other bank card statement (development)', body));
  });
}
