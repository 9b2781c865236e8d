import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../test-utils';

describe('health', () => {
  it('answers liveness and readiness with the database check', async () => {
    const { app } = createTestContext();
    const live = await app.request('/api/health');
    expect(live.status).toBe(200);
    const ready = await app.request('/api/health/ready');
    expect(ready.status).toBe(200);
    const body = (await ready.json()) as { checks: { name: string; status: string }[] };
    expect(body.checks[0]).toMatchObject({ name: 'database', status: 'ok' });
  });

  it('answers unknown API paths with a problem+json 404', async () => {
    const { app } = createTestContext();
    const response = await app.request('/api/nope');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
  });
});
