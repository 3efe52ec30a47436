import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { startServer } from './boot.ts';
import { join } from 'node:path';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { createApp } from './app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('reports ok, the database kind and the version', async () => {
    const res = await t.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
  });

  it('answers with and without the trailing slash', async () => {
    expect((await t.request('/api/health/')).status).toBe(200);
  });
});

describe('errors', () => {
  it('answers an unknown /api path with 404 {"detail": "Not found."}', async () => {
    const res = await t.request('/api/does-not-exist/');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ detail: 'Not found.' });
  });

  it('answers unknown non-GET requests outside /api with JSON 404 too', async () => {
    const res = await t.request('/somewhere', { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('the OpenAPI document and reference page', () => {
  it('lists the registered routes with their access', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as {
      openapi: string;
      paths: Record<string, Record<string, { 'x-access'?: string }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/health']?.get?.['x-access']).toBe('public');
  });

  it('renders a script-free reference page', async () => {
    const res = await t.request('/api/docs');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('/api/health');
    expect(html).not.toContain('<script');
  });
});

describe('serving the web app', () => {
  it('serves hashed assets for a year, index.html revalidated, and falls back to index.html', async () => {
    const dist = t.config.webDistDir;
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'assets', 'app-abc123.js.gz'), 'fake-gzip-bytes');
    const app = createApp(t.deps); // indexes the folder at creation

    const asset = await app.request('/assets/app-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(await asset.text()).toBe('fake-gzip-bytes');

    const route = await app.request('/projects/12/viewer/3/configuration/4');
    expect(route.status).toBe(200);
    expect(route.headers.get('cache-control')).toBe('no-cache');
    expect(await route.text()).toContain('<div id="root">');

    expect((await app.request('/assets/missing-chunk.js')).status).toBe(404);
    const api = await app.request('/api/nothing-here');
    expect(await api.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('a running server', () => {
  it('puts the security headers on every response, API, app and errors alike, with no inline script allowed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'canopy-headers-'));
    const running = await startServer(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
      },
      () => {},
    );
    try {
      for (const path of ['/api/health', '/api/missing', '/projects/', '/assets/missing.js']) {
        const res = await fetch(running.url + path);
        await res.arrayBuffer();
        const csp = res.headers.get('content-security-policy') ?? '';
        expect(csp, path).toContain("default-src 'self'");
        expect(csp, path).toMatch(/script-src 'self'(;|$)/);
        expect(csp, path).toContain("img-src 'self' blob: data:");
        expect(csp, path).toContain("worker-src 'self' blob:");
        expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
        expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      }
    } finally {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
