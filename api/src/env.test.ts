import { describe, expect, it } from 'vitest';
import { ConfigError, isDemoMode, parseEnv, productionAllowances } from './env';

/** Production with the explicit allowances for the services tests do not have. */
const READY_PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://books.example.com',
  ALLOW_SIMULATED_PAYMENTS: 'true',
  ALLOW_OUTBOX_MAILER: 'true',
};

describe('configuration', () => {
  it('names the bad variable', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('seeds demo data by default only outside production', () => {
    expect(parseEnv({}).DEMO_SEED).toBe(true);
    expect(parseEnv(READY_PRODUCTION).DEMO_SEED).toBe(false);
    expect(parseEnv({ ...READY_PRODUCTION, DEMO_SEED: 'true', ALLOW_DEMO_DATA_IN_PRODUCTION: 'true' }).DEMO_SEED).toBe(
      true,
    );
    expect(parseEnv({ DEMO_SEED: 'false' }).DEMO_SEED).toBe(false);
  });

  it('is in demo mode only outside production', () => {
    expect(isDemoMode(parseEnv({}))).toBe(true);
    expect(isDemoMode(parseEnv({ DEMO_SEED: 'false' }))).toBe(false);
    expect(
      isDemoMode(parseEnv({ ...READY_PRODUCTION, DEMO_SEED: 'true', ALLOW_DEMO_DATA_IN_PRODUCTION: 'true' })),
    ).toBe(false);
  });

  it('refuses production without real payments, real mail, a public address or with demo data, naming every one', () => {
    let message = '';
    try {
      parseEnv({ NODE_ENV: 'production', DEMO_SEED: 'true' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    for (const variable of ['STRIPE_SECRET_KEY', 'SMTP_URL', 'DEMO_SEED', 'PUBLIC_URL'])
      expect(message).toMatch(new RegExp(`^  ${variable}: `, 'm'));
    expect(message).toMatch(/ALLOW_SIMULATED_PAYMENTS=true/);
    expect(message).toMatch(/ALLOW_OUTBOX_MAILER=true/);
    expect(message).toMatch(/ALLOW_DEMO_DATA_IN_PRODUCTION=true/);
  });

  it('starts production with the real services, or with each gap explicitly allowed and reported', () => {
    const configured = parseEnv({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://books.example.com',
      SMTP_URL: 'smtps://user:pass@mail.example.com',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_BASIC: 'price_basic',
      STRIPE_PRICE_PREMIUM: 'price_premium',
    });
    expect(productionAllowances(configured)).toEqual([]);
    const allowed = parseEnv({ ...READY_PRODUCTION, DEMO_SEED: 'true', ALLOW_DEMO_DATA_IN_PRODUCTION: 'true' });
    expect(productionAllowances(allowed).map((allowance) => allowance.variable)).toEqual([
      'ALLOW_SIMULATED_PAYMENTS',
      'ALLOW_OUTBOX_MAILER',
      'ALLOW_DEMO_DATA_IN_PRODUCTION',
    ]);
    // Outside production the flags mean nothing and nothing is reported.
    expect(productionAllowances(parseEnv({ ALLOW_SIMULATED_PAYMENTS: 'true' }))).toEqual([]);
  });

  it('refuses MAIL_DROP_DIR in production: live codes and links on disk are for development and tests', () => {
    expect(() => parseEnv({ ...READY_PRODUCTION, MAIL_DROP_DIR: '/tmp/mail' })).toThrow(/MAIL_DROP_DIR/);
    expect(parseEnv({ MAIL_DROP_DIR: '/tmp/mail' }).MAIL_DROP_DIR).toBe('/tmp/mail');
  });

  it('refuses a half-configured production deployment, naming what is missing', () => {
    const production = READY_PRODUCTION;
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
