import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env';

describe('configuration', () => {
  it('names the bad variable', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('seeds demo data by default only outside production', () => {
    expect(parseEnv({}).DEMO_SEED).toBe(true);
    expect(parseEnv({ NODE_ENV: 'production' }).DEMO_SEED).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production', DEMO_SEED: 'true' }).DEMO_SEED).toBe(true);
    expect(parseEnv({ DEMO_SEED: 'false' }).DEMO_SEED).toBe(false);
  });

  it('refuses a half-configured production deployment, naming what is missing', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://books.example.com' };
    expect(() => parseEnv({ ...production, STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(
      /STRIPE_SECRET_KEY: needs STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_BASIC, STRIPE_PRICE_PREMIUM/,
    );
    expect(() => parseEnv({ ...production, S3_BUCKET: 'wb-books' })).toThrow(/S3 storage also needs S3_ACCESS_KEY_ID/);
    expect(() => parseEnv({ ...production, EMERGENCY_LOGIN_ENABLED: 'true' })).toThrow(
      /EMERGENCY_LOGIN_ENABLED: needs EMERGENCY_LOGIN_EMAIL and EMERGENCY_LOGIN_PASSWORD_HASH/,
    );
    expect(parseEnv(production).publicUrl).toBe('https://books.example.com');
  });

  it('derives the database file and public URL from other settings', () => {
    const env = parseEnv({ PORT: '4000', DATA_DIR: '/tmp/wb' });
    expect(env.databaseFile).toBe('/tmp/wb/wonderful-books.sqlite');
    expect(env.publicUrl).toBe('http://localhost:4000');
  });
});
