/**
 * The baseline of the load scenarios: a bare Fastify route answering a JSON body of `bytes` bytes,
 * built once per size and kept, so a request costs only HTTP and Fastify, no work of ours.
 */
import Fastify from 'fastify';

const bodies = new Map<number, string>();

/** A JSON document of exactly `bytes` bytes (at least 2). */
function bodyOf(bytes: number) {
  let body = bodies.get(bytes);
  if (!body) {
    body = bytes < 10 ? `"${'x'.repeat(Math.max(0, bytes - 2))}"` : `{"data":"${'x'.repeat(bytes - 11)}"}`;
    bodies.set(bytes, body);
  }
  return body;
}

const app = Fastify({ logger: false });
app.get<{ Querystring: { bytes?: string } }>('/baseline', async (request, reply) => {
  const bytes = Math.min(Math.max(Number(request.query.bytes) || 2, 2), 1_000_000);
  return reply.type('application/json; charset=utf-8').send(bodyOf(bytes));
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
