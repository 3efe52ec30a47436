/**
 * Talking to a test app over a real socket, for what app.request() cannot show: a body refused
 * before it is sent in full, a chunked body, a raw request line.
 */
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createNodeListener } from '../src/http/node-listener.ts';
import type { ApiApp } from '../src/http/api-app.ts';

export interface Listening {
  port: number;
  close(): Promise<void>;
}

export async function listenOnce(app: ApiApp, options: { hsts?: string } = {}): Promise<Listening> {
  const server = createServer(createNodeListener(app, options));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** Bytes of the request body written before the answer arrived. */
  bytesSent: number;
}

/**
 * Sends `totalBytes` of filler as the body, in 64 KiB chunks, stopping as soon as an answer
 * arrives. `declareLength` sends Content-Length; without it the body is chunked.
 */
export function sendLargeBody(
  port: number,
  path: string,
  options: { totalBytes: number; declareLength: boolean; headers?: Record<string, string>; method?: string },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
    if (options.declareLength) headers['content-length'] = String(options.totalBytes);
    const req = request({ host: '127.0.0.1', port, path, method: options.method ?? 'POST', headers });
    const prefix = '{"username": "';
    let sent = prefix.length;
    let answered = false;
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    req.on('response', (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts).toString('utf8'), bytesSent: sent });
        req.destroy();
      });
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && sent < options.totalBytes) {
        const size = Math.min(chunk.length, options.totalBytes - sent);
        sent += size;
        if (!req.write(size === chunk.length ? chunk : chunk.subarray(0, size))) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    req.write(prefix);
    pump();
  });
}

/** Sends a request line exactly as given (no URL normalisation by a client library). */
export function sendRaw(port: number, requestText: string): Promise<string> {
  return new Promise((resolve, reject) => {
    import('node:net').then(({ connect }) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(requestText));
      const parts: Buffer[] = [];
      socket.on('data', (part: Buffer) => parts.push(part));
      socket.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
      socket.on('error', reject);
    }, reject);
  });
}
