#!/usr/bin/env node
/**
 * `npm run dev`: the API server (restarting on change, NODE_ENV=development) on PORT (8080) and
 * Vite with HMR on 5173, which proxies /api, /auth*, /socket and /blobs to the server.
 */
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const env = { ...process.env, NODE_ENV: 'development' };
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/src/main.ts'], { cwd: root, env, stdio: 'inherit' }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { cwd: root, env, stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exit(code ?? 0);
  });
