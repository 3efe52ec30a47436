/**
 * Serves the built web app. Hashed files under /assets/ are cached for a year (immutable);
 * index.html is revalidated on every load so a deploy takes effect at once. Pre-compressed
 * .br/.gz siblings written at build time are sent when the browser accepts them.
 * Every GET that is not an API, auth, socket or blob path and names no file gets index.html,
 * so the client router applies SPEC §2's redirects.
 */
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { MiddlewareHandler } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.glb': 'model/gltf-binary',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

interface StaticFile {
  path: string;
  size: number;
  type: string;
  etag: string;
  br?: { path: string; size: number };
  gzip?: { path: string; size: number };
}

function indexFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!existsSync(root)) return files;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!/\.(br|gz)$/.test(entry.name)) {
        const stat = statSync(full);
        const sibling = (ext: string) => (existsSync(full + ext) ? { path: full + ext, size: statSync(full + ext).size } : undefined);
        files.set('/' + relative(root, full).split(sep).join('/'), {
          path: full,
          size: stat.size,
          type: TYPES[extname(entry.name)] ?? 'application/octet-stream',
          etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
          br: sibling('.br'),
          gzip: sibling('.gz'),
        });
      }
    }
  };
  walk(root);
  return files;
}

/** Paths the SPA never answers: they belong to the API or to other server handlers. */
export const SERVER_PREFIXES = ['/api/', '/authjwt/', '/authusers/', '/autho/', '/socket/', '/blobs/'];

export function isServerPath(path: string): boolean {
  return SERVER_PREFIXES.some((prefix) => path.startsWith(prefix) || path === prefix.slice(0, -1));
}

export function serveWebApp(root: string): MiddlewareHandler {
  const files = indexFiles(root);
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const path = decodeURIComponent(c.req.path);
    if (isServerPath(path)) return next();
    let file = files.get(path);
    const isFallback = !file;
    if (!file) {
      // A missing hashed asset is a real 404 (the client shows its chunk-load failure screen).
      if (path.startsWith('/assets/')) return next();
      file = files.get('/index.html');
      if (!file) {
        return c.text('The web app has not been built. Run `npm run build` (npm start does it for you).', 503);
      }
    }
    const immutable = !isFallback && path.startsWith('/assets/');
    c.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    c.header('ETag', file.etag);
    c.header('Vary', 'Accept-Encoding');
    if (c.req.header('if-none-match') === file.etag) return c.body(null, 304);
    const accept = c.req.header('accept-encoding') ?? '';
    let body = { path: file.path, size: file.size };
    if (file.br && /\bbr\b/.test(accept)) {
      body = file.br;
      c.header('Content-Encoding', 'br');
    } else if (file.gzip && /\bgzip\b/.test(accept)) {
      body = file.gzip;
      c.header('Content-Encoding', 'gzip');
    }
    c.header('Content-Type', file.type);
    c.header('Content-Length', String(body.size));
    if (c.req.method === 'HEAD') return c.body(null, 200);
    const stream = Readable.toWeb(createReadStream(body.path)) as ReadableStream<Uint8Array>;
    return c.body(stream, 200);
  };
}
