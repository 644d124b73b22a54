import type { FastifyInstance } from 'fastify';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { devRoutes as routes, type OutboxMessage } from '@ledgerline/contract';
import type { Database } from '../../db/client';
import { deviceRequests, outbox, users } from '../../db/schema';
import { route } from '../../lib/route';
import { escapeHtml, page } from '../../lib/html';
import type { Services } from '../../services';

/** An outbox row as the wire carries it (what JSON.stringify made of the row before). */
function toWireMessage(row: typeof outbox.$inferSelect): OutboxMessage {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

/**
 * Development stand-ins (on unless NODE_ENV=production): /dev/outbox shows every e-mail and SMS
 * the server sent; /dev/device is the customer's phone app, approving or denying requests.
 */
export async function devRoutes(
  app: FastifyInstance,
  opts: { db: Database; services: Services },
): Promise<void> {
  const { db, services } = opts;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  route(app, routes.outboxJson, async () => {
    const rows = await db.select().from(outbox).orderBy(desc(outbox.id)).limit(200);
    return { messages: rows.map(toWireMessage) };
  });

  route(app, routes.outbox, async (_request, reply) => {
    const rows = await db.select().from(outbox).orderBy(desc(outbox.id)).limit(200);
    const body =
      rows.length === 0
        ? '<p class="empty">Nothing has been sent yet.</p>'
        : `<table><thead><tr><th>When</th><th>Channel</th><th>To</th><th>Subject</th><th>Message</th><th>Status</th></tr></thead><tbody>${rows
            .map(
              (row) =>
                `<tr><td>${escapeHtml(row.createdAt.toISOString())}</td><td>${escapeHtml(row.channel)}</td><td>${escapeHtml(row.recipient)}</td><td>${escapeHtml(row.subject ?? '')}</td><td><pre>${escapeHtml(row.body)}</pre></td><td>${escapeHtml(row.status)}</td></tr>`,
            )
            .join('')}</tbody></table>`;
    return reply
      .type('text/html; charset=utf-8')
      .send(page('Ledgerline outbox (development)', body));
  });

  route(app, routes.device, async (request, reply) => {
    const email = request.query.email;
    const chooser = `<form method="get" action="/dev/device"><label for="email">Whose phone is this? (e-mail)</label><input id="email" name="email" type="email" value="${escapeHtml(email ?? '')}" required> <button type="submit">Open</button></form>`;
    if (!email)
      return reply.type('text/html; charset=utf-8').send(page('Phone app (development)', chooser));
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    const pending = user
      ? await db
          .select()
          .from(deviceRequests)
          .where(
            and(
              eq(deviceRequests.userId, user.id),
              eq(deviceRequests.status, 'pending'),
              gt(deviceRequests.expiresAt, new Date()),
            ),
          )
          .orderBy(desc(deviceRequests.createdAt))
      : [];
    const list =
      pending.length === 0
        ? `<p class="empty">No requests are waiting for ${escapeHtml(email)}.</p>`
        : `<table><thead><tr><th>Request</th><th>Details</th><th>Decision</th></tr></thead><tbody>${pending
            .map(
              (item) =>
                `<tr><td>${escapeHtml(item.title)}</td><td><pre>${escapeHtml(
                  Object.entries(item.details)
                    .map(([key, value]) => `${key}: ${value}`)
                    .join('\n'),
                )}</pre></td><td><form method="post" action="/dev/device/requests/${escapeHtml(item.id)}"><input type="hidden" name="decision" value="approve"><button type="submit">Approve</button></form> <form method="post" action="/dev/device/requests/${escapeHtml(item.id)}"><input type="hidden" name="decision" value="deny"><button class="deny" type="submit">Deny</button></form></td></tr>`,
            )
            .join('')}</tbody></table>`;
    return reply
      .type('text/html; charset=utf-8')
      .send(page('Phone app (development)', `${chooser}<h2>Waiting for a decision</h2>${list}`));
  });

  route(app, routes.deviceDecision, async (request, reply) => {
    const approved = request.body.decision === 'approve';
    // The same service function as the phone app's PUT /api/auth/login/{key}/confirm.
    const decided = await services.auth.decideDeviceRequest(
      request.params.id,
      approved,
      { kind: 'devTool' },
      request.ip,
    );
    const [user] = await db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, decided.userId));
    return reply.redirect(`/dev/device?email=${encodeURIComponent(user?.email ?? '')}`, 303);
  });
}
