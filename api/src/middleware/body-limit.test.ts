/**
 * Limits before parsing: the default JSON body limit, a route's own larger limit (sync) and the URL
 * limit, all answered as problem+json before any handler reads the body.
 */
import { describe, expect, it } from 'vitest';
import { SYNC_MAX_MUTATIONS } from '@shared/sync.schemas';
import { createTestContext, problemBody, socketBinding } from '../test-utils';
import { createUser } from '../features/auth/auth-test-helpers';
import { setup } from '../features/selections/selections-test-support';
import { mutation, stampAt } from '../features/sync/sync-test-support';
import { createBook } from '../test-factories';
import { DEFAULT_BODY_LIMIT_BYTES, MAX_URL_LENGTH } from './body-limit';
import { SYNC_BODY_LIMIT_BYTES } from '../features/sync/sync.routes';

const MB = 1024 * 1024;

/** A 60 MB JSON-looking body that is produced only as fast as the server pulls it, counting what it gave. */
function hugeBody(totalBytes = 60 * MB) {
  const chunk = new TextEncoder().encode(' '.repeat(64 * 1024));
  let produced = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (produced >= totalBytes) return controller.close();
      produced += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, produced: () => produced };
}

const jsonPost = (body: BodyInit, headers: Record<string, string> = {}): RequestInit =>
  ({
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
    duplex: 'half',
  }) as RequestInit;

describe('request body limits', () => {
  it('refuses a 60 MB anonymous sign-in body with 413 after reading no more than the limit', async () => {
    const { app } = createTestContext();
    const body = hugeBody();
    const response = await app.request('/api/auth/login', jsonPost(body.stream), socketBinding('203.0.113.7'));
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(await problemBody(response)).toMatchObject({ code: 'payload_too_large' });
    // The stream is abandoned at the limit: a chunk or two of read-ahead, never the 60 MB.
    expect(body.produced()).toBeLessThan(MB);
  });

  it('refuses a body whose Content-Length is over the limit without reading any of it', async () => {
    const { app } = createTestContext();
    const body = hugeBody();
    const response = await app.request(
      '/api/auth/register',
      jsonPost(body.stream, { 'content-length': String(60 * MB) }),
      socketBinding('203.0.113.7'),
    );
    expect(response.status).toBe(413);
    expect(body.produced()).toBeLessThan(MB);
  });

  it('still signs in with a body just under the limit', async () => {
    const { app, db } = createTestContext();
    const user = await createUser(db);
    const json = JSON.stringify({ emailOrUsername: user.email, password: user.password });
    const padded = json.slice(0, -1) + ' '.repeat(DEFAULT_BODY_LIMIT_BYTES - json.length - 1) + json.slice(-1);
    expect(padded.length).toBe(DEFAULT_BODY_LIMIT_BYTES - 1);
    const response = await app.request('/api/auth/login', jsonPost(padded), socketBinding('203.0.113.8'));
    expect(response.status).toBe(200);
  });

  it('lets the sync route take its largest valid batch, and no more', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const bookId = createBook(t.db).id;
    const sessionId = crypto.randomUUID();
    // The largest payload the schema allows: 2,000 characters of meta, each three bytes in UTF-8.
    const meta = { note: '€'.repeat(2000 - '{"note":""}'.length) };
    const mutations = Array.from({ length: SYNC_MAX_MUTATIONS }, (_, index) =>
      mutation(
        {
          type: 'event.record',
          payload: {
            id: crypto.randomUUID(),
            sessionId,
            bookId,
            eventType: 'page_view',
            pageNumber: 1,
            progressPct: 0,
            durationMs: 1000,
            meta,
            occurredAt: t.clock.now().toISOString(),
          },
        },
        stampAt(t, index),
      ),
    );
    const body = JSON.stringify({ deviceId: 'device-a', mutations });
    expect(new TextEncoder().encode(body).length).toBeGreaterThan(DEFAULT_BODY_LIMIT_BYTES);
    expect(new TextEncoder().encode(body).length).toBeLessThan(SYNC_BODY_LIMIT_BYTES);
    const response = await reader.api.sync.$post({ json: { deviceId: 'device-a', mutations } });
    expect(response.status).toBe(200);

    const over = hugeBody(SYNC_BODY_LIMIT_BYTES + 64 * 1024);
    const refused = await t.app.request(
      '/api/sync',
      jsonPost(over.stream, { cookie: reader.cookie }),
      socketBinding('203.0.113.9'),
    );
    expect(refused.status).toBe(413);
  });

  it('refuses an address longer than the URL limit with 414', async () => {
    const { app } = createTestContext();
    const response = await app.request(`/api/books?q=${'a'.repeat(MAX_URL_LENGTH)}`);
    expect(response.status).toBe(414);
    expect(await problemBody(response)).toMatchObject({ code: 'uri_too_long' });
    expect((await app.request(`/api/books?q=${'a'.repeat(100)}`)).status).not.toBe(414);
  });
});
