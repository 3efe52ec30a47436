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
    // Analysis jobs compute at the lowest priority (ADR 26).
    expect(config.JOB_THREAD_NICE).toBe(19);
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
    ['JOB_THREAD_NICE', '20'],
  ])('names %s when its value %s is invalid', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      expect((error as ConfigError).issues[0]).toMatch(new RegExp(`^${name}:`));
    }
  });

  it('gives new companies a starter subscription by default on the embedded database only', () => {
    expect(loadConfig({}).starterSubscription).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@localhost/db' }).starterSubscription).toBe(false);
    expect(loadConfig({ STARTER_SUBSCRIPTION: 'false' }).starterSubscription).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@localhost/db', STARTER_SUBSCRIPTION: 'true' }).starterSubscription).toBe(true);
    expect(loadConfig({}).STARTER_CREDITS).toBe(200);
  });

  it('reads EXTERNAL_ANALYSES as analysis:engine pairs and names it when malformed', () => {
    expect(loadConfig({ EXTERNAL_ANALYSES: 'pedestrian_wind_comfort:AI, directional_wind:CFD' }).EXTERNAL_ANALYSES).toBeDefined();
    for (const bad of ['pedestrian_wind_comfort', 'solar:GPU', 'a:AI;b:CFD', 'wind_tunnel:AI']) {
      expect(() => loadConfig({ EXTERNAL_ANALYSES: bad })).toThrow(/EXTERNAL_ANALYSES:/);
    }
    expect(() => loadConfig({ STARTER_CREDITS: '0' })).toThrow(/STARTER_CREDITS:/);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '' }).PORT).toBe(8080);
  });
});
