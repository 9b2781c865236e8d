import { describe, expect, it } from 'vitest';
import { createTestContext, problemBody } from '../../test-utils';
import { testEnv } from './auth-test-helpers';
import { hashPassword } from '../../lib/password';

const WRITE_ROUTES = [
  '/api/auth/register',
  '/api/auth/verify-otp',
  '/api/auth/resend-otp',
  '/api/auth/login',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
  '/api/auth/admin-emergency',
  '/api/auth/unlock',
];

const BAD_BODIES = [
  '',
  '{bad json',
  '[]',
  'null',
  '"text"',
  '42',
  JSON.stringify({ email: 42, password: ['x'], userId: {}, code: 123456, token: null, emailOrUsername: true }),
];

describe('accounts API input handling', () => {
  it('answers 4xx problem+json, never 500, for malformed or mistyped bodies on every write route', async () => {
    const env = testEnv({
      EMERGENCY_LOGIN_ENABLED: 'true',
      EMERGENCY_LOGIN_EMAIL: 'ops@example.com',
      EMERGENCY_LOGIN_PASSWORD_HASH: await hashPassword('break the glass'),
    });
    const { app } = createTestContext({ env });
    for (const path of WRITE_ROUTES) {
      for (const body of BAD_BODIES) {
        // raw request: malformed and mistyped bodies on purpose, on every write route in turn
        const response = await app.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: body || undefined,
        });
        expect(response.status, `${path} ${body}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${path} ${body}`).toBeLessThan(500);
        expect(response.headers.get('content-type')).toContain('application/problem+json');
      }
    }
  });

  it('names each field for mistyped values', async () => {
    const { app } = createTestContext();
    // raw request: numbers and booleans where the schema's types want strings
    const response = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailOrUsername: 7, password: false }),
    });
    expect(response.status).toBe(400);
    const { errors = [] } = await problemBody(response);
    expect(errors.map((error) => error.field).sort()).toEqual(['emailOrUsername', 'password']);
  });
});
