/**
 * The reference point for the load figures: bare Fastify, no plugins, one POST route answering
 * a small JSON. Started by the bench as `node --import tsx bench/src/bare-server.ts` with PORT.
 */
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? '127.0.0.1';

const app = Fastify({ logger: false });
app.post('/api/main/', async () => ({ responseCode: 'SUCCESS', responseDescription: 'Success' }));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().finally(() => process.exit(0));
  });
}

await app.listen({ port, host });
