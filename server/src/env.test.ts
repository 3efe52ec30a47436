import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('loadConfig', () => {
  it('applies the embedded defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.databaseKind).toBe('pglite');
    expect(config.SEED_DEMO).toBe(true);
    expect(config.UPLOAD_MAX_BYTES).toBe(200 * 1024 * 1024);
    expect(config.publicUrl).toBe('http://localhost:8080');
  });

  it('selects PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@localhost/db' }).databaseKind).toBe('postgres');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['SEED_DEMO', 'maybe'],
    ['SECRET_KEY', 'short'],
    ['SMTP_URL', 'http://mail'],
  ])('names %s when its value %s is invalid', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      expect((error as ConfigError).issues[0]).toMatch(new RegExp(`^${name}:`));
    }
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '' }).PORT).toBe(8080);
  });
});
