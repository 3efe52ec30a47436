import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { aliases } from './vite.aliases.ts';

/** Writes .br and .gz beside each compressible asset so the server sends them without work. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'canopy-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|wasm|txt)$/.test(file) || statSync(file).size < 1024) continue;
        const bytes = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

const server = process.env.CANOPY_DEV_SERVER ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin(), precompress()],
  resolve: { alias: aliases },
  build: {
    target: 'es2022',
    sourcemap: true,
    // The manifest lets the bundle benchmark follow each route's chunk graph.
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
  worker: { format: 'es' },
  server: {
    port: 5173,
    proxy: {
      '/api': server,
      '/authjwt': server,
      '/authusers': server,
      '/autho': server,
      '/blobs': server,
      '/socket': { target: server, ws: true },
    },
  },
});
