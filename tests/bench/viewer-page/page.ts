/**
 * Builds the viewer benchmark page (tests/bench/viewer-page) with Vite once per process, serves
 * the build on a local port and opens it in headless Chromium with the end-to-end flags. The
 * viewer-*.bench.ts files share one build and one browser page.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { chromium, type Browser, type Page } from 'playwright-core';
import { aliases } from '../../../vite.aliases.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/harness.ts';

const ROOT = join(process.cwd(), 'tests/bench/viewer-page');
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
};

export interface BenchPage {
  page: Page;
  run<T = Record<string, number>>(name: string): Promise<T>;
  close(): Promise<void>;
}

let built: Promise<string> | null = null;

/** One Vite build per process, removed when the process exits. */
function buildOnce(): Promise<string> {
  built ??= (async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'canopy-viewer-bench-'));
    process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
    await build({
      root: ROOT,
      configFile: false,
      base: './',
      logLevel: 'warn',
      plugins: [react(), vanillaExtractPlugin()],
      resolve: { alias: aliases },
      worker: { format: 'es' },
      build: { outDir, emptyOutDir: true, target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 5000 },
    });
    return outDir;
  })();
  return built;
}

function serve(outDir: string): Server {
  return createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(outDir, path === '/' ? 'index.html' : path);
    try {
      if (!statSync(file).isFile()) throw new Error('not a file');
      // Cross-origin isolated, so performance.now() has 5 µs resolution instead of 100 µs: the
      // colour-change figures are around a millisecond.
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-embedder-policy': 'require-corp',
      });
      res.end(readFileSync(file));
    } catch {
      res.writeHead(404).end();
    }
  });
}

/** A fresh Chromium page on the built benchmark page; close() stops browser and server. */
export async function openBenchPage(): Promise<BenchPage> {
  const outDir = await buildOnce();
  const server = serve(outDir);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error') console.error(`  console: ${msg.text()}`);
    });
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction(() => document.title === 'viewer-bench-ready', null, { timeout: 60_000 });
    const opened = browser;
    return {
      page,
      run: <T>(name: string) => page.evaluate((fn) => window.viewerBench[fn](), name) as Promise<T>,
      close: async () => {
        await opened.close();
        await new Promise((r) => server.close(r));
      },
    };
  } catch (error) {
    await browser?.close();
    server.close();
    throw error;
  }
}
