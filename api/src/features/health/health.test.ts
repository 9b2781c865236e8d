import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../test-utils';

describe('health', () => {
  it('answers liveness and readiness with the database check', async () => {
    const { client } = createTestContext();
    const live = await client.health.$get();
    expect(live.status).toBe(200);
    const ready = await client.health.ready.$get();
    expect(ready.status).toBe(200);
    const body = await ready.json();
    expect(body.checks[0]).toMatchObject({ name: 'database', status: 'ok' });
  });

  it('answers unknown API paths with a problem+json 404', async () => {
    const { app } = createTestContext();
    // raw request: the path is unknown on purpose, so the typed client has no route for it
    const response = await app.request('/api/nope');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
  });
});
