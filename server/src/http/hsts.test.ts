/**
 * HSTS: off by default (plain HTTP installations must not pin browsers to
 * HTTPS); HSTS_MAX_AGE turns it on for every response, HSTS_INCLUDE_SUBDOMAINS widens it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { listenOnce } from '../../test/socket-client.ts';
import { ConfigError, loadConfig } from '../env.ts';
import { hstsHeader } from './security-headers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function headerOf(hsts: string | undefined, path: string): Promise<string | undefined> {
  const server = await listenOnce(t.app, { hsts });
  try {
    return await new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, path }, (res) => {
        res.resume();
        resolve(res.headers['strict-transport-security'] as string | undefined);
      });
      req.on('error', reject);
      req.end();
    });
  } finally {
    await server.close();
  }
}

describe('Strict-Transport-Security', () => {
  it('is not sent by default', async () => {
    const config = loadConfig({ DATA_DIR: '/tmp/x' });
    expect(hstsHeader(config)).toBeUndefined();
    expect(await headerOf(hstsHeader(config), '/api/health')).toBeUndefined();
  });

  it('is sent on every response once HSTS_MAX_AGE is set, with includeSubDomains on request', async () => {
    const config = loadConfig({ DATA_DIR: '/tmp/x', HSTS_MAX_AGE: '31536000' });
    expect(hstsHeader(config)).toBe('max-age=31536000');
    for (const path of ['/api/health', '/api/does-not-exist', '/login']) expect(await headerOf(hstsHeader(config), path)).toBe('max-age=31536000');
    expect(hstsHeader(loadConfig({ DATA_DIR: '/tmp/x', HSTS_MAX_AGE: '600', HSTS_INCLUDE_SUBDOMAINS: 'true' }))).toBe('max-age=600; includeSubDomains');
  });

  it('refuses a value that is not a number of seconds', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', HSTS_MAX_AGE: 'a year' })).toThrow(ConfigError);
  });
});
