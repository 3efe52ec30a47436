/**
 * Initial JavaScript for the login route: the entry chunk, its static imports, and the login
 * screen's lazy chunk with its imports — gzipped — against what the same build would send without
 * route splitting: every JavaScript chunk of the app, gzipped the same way, measured in the same run.
 * Targets: ≤ 0.25× the whole app's JavaScript, ≤ 200 KB, and no three.js in any login chunk.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { report } from './harness.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const DIST = join(process.cwd(), 'dist');
const LIMIT_KB = 200;

function closure(manifest: Record<string, ManifestChunk>, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

export function routeChunks(manifest: Record<string, ManifestChunk>, lazySource: string): ManifestChunk[] {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const lazy = Object.keys(manifest).find((k) => k.endsWith(lazySource));
  return [...closure(manifest, lazy ? [entry, lazy] : [entry])].map((k) => manifest[k]!);
}

export const hasThree = (code: string) => /WebGLRenderer|WebGLRenderTarget/.test(code);

export default async function bench(): Promise<void> {
  // Always a fresh production build: a dist/ left by another run may be stale, or built with a
  // NODE_ENV that bundles React's development runtime.
  const built = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (built.status !== 0) throw new Error('vite build failed');
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const chunks = routeChunks(manifest, 'src/screens/auth/login-screen.tsx');
  let total = 0;
  let three = false;
  for (const chunk of chunks) {
    const code = readFileSync(join(DIST, chunk.file));
    const gz = gzipSync(code, { level: 9 }).length;
    total += gz;
    const withThree = hasThree(code.toString());
    three ||= withThree;
    console.log(
      `  ${chunk.file.padEnd(44)} ${(code.length / 1024).toFixed(1).padStart(8)} KB  gzip ${(gz / 1024).toFixed(1).padStart(7)} KB${withThree ? '  (three.js!)' : ''}`,
    );
  }
  const totalKb = total / 1024;
  let whole = 0;
  for (const chunk of Object.values(manifest)) if (chunk.file.endsWith('.js')) whole += gzipSync(readFileSync(join(DIST, chunk.file)), { level: 9 }).length;
  const wholeKb = whole / 1024;
  report({
    name: 'login route initial JS (gzip) / the whole app JS',
    ratio: totalKb / wholeKb,
    target: '≤ 0.25, ≤ 200 KB and no three.js',
    pass: totalKb / wholeKb <= 0.25 && totalKb <= LIMIT_KB && !three,
    details: { gzipKB: totalKb, wholeAppGzipKB: wholeKb, chunks: chunks.length, threeJs: three ? 'yes' : 'no' },
  });
  // Every other chunk, for information (the viewer's chunk is where three.js belongs).
  for (const chunk of Object.values(manifest)) {
    if (chunks.includes(chunk) || !chunk.file.endsWith('.js')) continue;
    const code = readFileSync(join(DIST, chunk.file));
    console.log(
      `  (lazy) ${chunk.file.padEnd(37)} gzip ${(gzipSync(code).length / 1024).toFixed(1).padStart(7)} KB${hasThree(code.toString()) ? '  three.js' : ''}`,
    );
  }
}
