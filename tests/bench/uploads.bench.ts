/**
 * Upload throughput and server memory: one 200 MB file PUT over loopback to the real server (a
 * child process, so its memory is its own), against a bare node:http server that streams the same
 * body to a file — side by side in one run. The server's resident memory is sampled from
 * /proc/{pid}/status every 20 ms while the body streams: it must stay flat (the body is never
 * buffered), so peak/start is the figure that matters; MB/s is for information.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { performance } from 'node:perf_hooks';
import { report } from './harness.ts';

const MB = 1024 * 1024;
const SIZE = 200 * MB;
const CHUNK = Buffer.alloc(MB, 0x5a);

function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : 0;
}

async function startCanopy(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', EMBEDDED_WORKERS: 'false', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening on (http:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { child, url };
}

async function json<T>(url: string, init: RequestInit = {}, token?: string): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json');
  if (token) headers.set('authorization', `Bearer ${token}`);
  const res = await fetch(url, { ...init, headers });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** PUTs SIZE bytes from one reused 1 MB chunk (the client holds no big buffer either). */
function putBody(url: string, headers: Record<string, string>): Promise<{ status: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { method: 'PUT', headers: { ...headers, 'content-length': String(SIZE) } });
    req.once('error', reject);
    req.once('response', (res: IncomingMessage) => {
      res.resume();
      res.once('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    let sent = 0;
    const pump = () => {
      while (sent < SIZE) {
        sent += CHUNK.length;
        if (!req.write(CHUNK)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

async function bareServer(dir: string): Promise<{ url: string; close(): void }> {
  const server = createServer((req, res) => {
    pipeline(req, createWriteStream(join(dir, 'bare.bin'))).then(
      () => res.writeHead(201).end(),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/bare.bin`, close: () => server.close() };
}

export default async function bench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-bench-uploads-'));
  const { child, url } = await startCanopy(dataDir);
  const bare = await bareServer(dataDir);
  try {
    const { access } = await json<{ access: string }>(`${url}/authjwt/create/`, {
      method: 'POST',
      body: JSON.stringify({ username: 'demo', password: 'canopy-demo' }),
    });
    const project = await json<{ id: number }>(`${url}/api/project/`, { method: 'POST', body: JSON.stringify({ name: 'Upload benchmark' }) }, access);
    const grant = await json<{ container_url: string; uuid: string; sas_token: string }>(
      `${url}/api/project/${project.id}/project-asset-upload-url/`,
      {},
      access,
    );

    const target = (n: number) => `${grant.container_url}/${grant.uuid}/bench-${n}.bin?${grant.sas_token}`;
    const headers = { 'x-ms-blob-type': 'BlockBlob' };
    // Warm both (JIT, page cache, the server's first-upload allocations), then let the server settle.
    await putBody(bare.url, {});
    await putBody(target(0), headers);
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const pid = child.pid!;
    const samples: number[] = [];
    const start = rssBytes(pid);
    const sampler = setInterval(() => samples.push(rssBytes(pid)), 20);
    // Alternate to spread the noise of other work on the machine; medians of three.
    const oursMs: number[] = [];
    const bareMs: number[] = [];
    for (let round = 1; round <= 3; round++) {
      const b = await putBody(bare.url, {});
      const o = await putBody(target(round), headers);
      if (o.status !== 201 || b.status !== 201) throw new Error(`uploads answered ${o.status} / ${b.status}`);
      bareMs.push(b.ms);
      oursMs.push(o.ms);
    }
    clearInterval(sampler);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const end = rssBytes(pid);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ours = { ms: median(oursMs) };
    const baseline = { ms: median(bareMs) };

    const peak = Math.max(start, end, ...samples);
    const mbps = (ms: number) => SIZE / MB / (ms / 1000);
    const memoryRatio = peak / start;
    const growthMb = (peak - start) / MB;
    report({
      name: 'PUT 200 MB blob: server RSS peak/start',
      ratio: memoryRatio,
      // Flat: the growth must stay far below the file size (one buffered upload would add 200 MB).
      target: '≤ 1.25 (growth < 32 MB)',
      pass: memoryRatio <= 1.25 && growthMb < 32,
      details: {
        startRssMb: Math.round(start / MB),
        peakRssMb: Math.round(peak / MB),
        endRssMb: Math.round(end / MB),
        growthMb: Math.round(growthMb * 10) / 10,
        samples: samples.length,
      },
    });
    report({
      name: 'PUT 200 MB blob: MB/s vs bare node:http to file',
      ratio: mbps(ours.ms) / mbps(baseline.ms),
      details: {
        canopyMBps: Math.round(mbps(ours.ms)),
        bareMBps: Math.round(mbps(baseline.ms)),
        canopyMs: Math.round(ours.ms),
        bareMs: Math.round(baseline.ms),
      },
    });
  } finally {
    bare.close();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}
