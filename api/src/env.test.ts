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

  it('derives the database file and public URL from other settings', () => {
    const env = parseEnv({ PORT: '4000', DATA_DIR: '/tmp/wb' });
    expect(env.databaseFile).toBe('/tmp/wb/wonderful-books.sqlite');
    expect(env.publicUrl).toBe('http://localhost:4000');
  });
});
