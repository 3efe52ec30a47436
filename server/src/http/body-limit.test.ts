/**
 * Request-body limits over a real socket: a body over the route's limit is
 * refused with 413 before it is read — declared (Content-Length) or chunked — for anonymous and
 * signed-in routes alike, while routes that need more (documents, images) still take it.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { listenOnce, sendLargeBody, type Listening } from '../../test/socket-client.ts';
import { buildVisibilityWorld, type VisibilityWorld } from '../../test/world-insights.ts';
import { projects } from '../db/schema/index.ts';
import { BODY_LIMITS, tooLargeMessage } from './body-limit.ts';

let t: TestContext;
let server: Listening;
let w: VisibilityWorld;
beforeAll(async () => {
  t = await createTestContext();
  server = await listenOnce(t.app);
  w = await buildVisibilityWorld(t.deps);
});
afterAll(async () => {
  await server.close();
  await t.close();
});

const MB = 1024 * 1024;

describe('a body over the limit', () => {
  it('is refused at once by an anonymous route when its Content-Length says so (200 MB to sign-in)', async () => {
    const answer = await sendLargeBody(server.port, '/authjwt/create/', { totalBytes: 200 * MB, declareLength: true });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ detail: tooLargeMessage(BODY_LIMITS.form) });
    expect(answer.headers.connection).toBe('close');
    // Refused before the body: far less than the 200 MB went out before the answer came back.
    expect(answer.bytesSent).toBeLessThan(50 * MB);
  });

  it('is refused as it streams when it is chunked (no Content-Length)', async () => {
    const answer = await sendLargeBody(server.port, '/authjwt/create/', { totalBytes: 50 * MB, declareLength: false });
    expect(answer.status).toBe(413);
    expect(answer.bytesSent).toBeLessThan(40 * MB);
  });

  it('is refused by a signed-in route, and nothing is created', async () => {
    const before = (await t.database.db.select({ id: projects.id }).from(projects)).length;
    for (const declareLength of [true, false]) {
      const answer = await sendLargeBody(server.port, '/api/project/', {
        totalBytes: 20 * MB,
        declareLength,
        headers: { authorization: `Bearer ${w.ownerToken}` },
      });
      expect(answer.status).toBe(413);
    }
    expect((await t.database.db.select({ id: projects.id }).from(projects)).length).toBe(before);
  });
});

describe('limits per route', () => {
  it('keeps small bodies working', async () => {
    const res = await t.request('/authjwt/create/', { method: 'POST', json: { username: 'nobody', password: 'x' } });
    expect(res.status).toBe(401);
  });

  it('lets a document route take more than the default (an insight text of 20,000 escaped characters)', async () => {
    const text = 'x' + '\u0001'.repeat(19_998) + 'x';
    expect(JSON.stringify({ title: 'Long', text }).length).toBeGreaterThan(BODY_LIMITS.form);
    const res = await t.request(`/api/project/${w.projectId}/study/${w.studyId}/insight`, {
      method: 'POST',
      token: w.ownerToken,
      json: { title: 'Long', text },
    });
    expect(res.status).toBe(201);
  });

  it('publishes the limit of every route that takes a body in the OpenAPI document', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { requestBody?: unknown; 'x-max-body-bytes'?: number }>>;
    };
    const missing: string[] = [];
    let counted = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (path.startsWith('/blobs/')) continue; // streamed to disk under UPLOAD_MAX_BYTES
        counted++;
        if (typeof operation['x-max-body-bytes'] !== 'number') missing.push(`${method} ${path}`);
      }
    }
    expect(counted).toBeGreaterThan(100);
    expect(missing).toEqual([]);
    expect(doc.paths['/api/export-pdf']?.post?.['x-max-body-bytes']).toBe(BODY_LIMITS.pdf);
    expect(doc.paths['/authjwt/create']?.post?.['x-max-body-bytes']).toBe(BODY_LIMITS.form);
  });
});

describe('bodies within the limit over a real socket', () => {
  /** `framing`: a declared Content-Length, a chunked body, or no body and no framing header at all. */
  const send = (method: string, path: string, framing: 'length' | 'chunked' | 'none', body = '', token?: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (token) headers.authorization = `Bearer ${token}`;
      if (framing === 'length') headers['content-length'] = String(Buffer.byteLength(body));
      const req = httpRequest({ host: '127.0.0.1', port: server.port, path, method, headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') }));
      });
      req.on('error', reject);
      if (framing === 'chunked') {
        // Two writes before end: node frames them as chunks, with no Content-Length.
        req.write(body.slice(0, 10));
        req.write(body.slice(10));
      }
      if (framing === 'length') req.write(body);
      req.end();
    });

  it('reads a small declared or chunked body in full', async () => {
    const body = JSON.stringify({ username: 'nobody', password: 'x' });
    for (const framing of ['length', 'chunked'] as const) {
      const answer = await send('POST', '/authjwt/create/', framing, body);
      expect(answer.status, framing).toBe(401);
      expect(JSON.parse(answer.body), framing).toEqual({ detail: 'No active account found with the given credentials' });
    }
  });

  it('reads a document over the default limit, declared or chunked, where the route allows it', async () => {
    // 20,000 characters (the field's limit), over 64 KiB once escaped.
    const body = JSON.stringify({ title: 'Long', text: 'x' + '\u0001'.repeat(19_998) + 'x' });
    expect(body.length).toBeGreaterThan(BODY_LIMITS.form);
    for (const framing of ['length', 'chunked'] as const) {
      const answer = await send('POST', `/api/project/${w.projectId}/study/${w.studyId}/insight`, framing, body, w.ownerToken);
      expect(answer.status, framing).toBe(201);
    }
  });

  it('lets a request without a body through (GET, and a DELETE with no framing headers)', async () => {
    expect((await send('GET', `/api/project/${w.projectId}/`, 'none', '', w.ownerToken)).status).toBe(200);
    expect((await send('DELETE', '/api/project/999999999/', 'none', '', w.ownerToken)).status).toBe(404);
  });
});
