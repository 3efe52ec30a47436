/**
 * GET /api/health throughput against a bare node:http server returning the same bytes, side by
 * side in one run (autocannon, loopback), in alternating rounds (each round's ratio is printed too).
 * Target ≥ 0.75×. The machine's load average (1, 5, 15
 * minutes) before and after is printed beside it.
 */
import autocannon from 'autocannon';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../server/src/boot.ts';
import { report } from './harness.ts';

/** Rounds of each server in turn; ROUND_SECONDS each. */
const ROUNDS = 5;
const ROUND_SECONDS = 2;

async function load(url: string, seconds: number): Promise<autocannon.Result> {
  return autocannon({ url, connections: 50, duration: seconds, pipelining: 1 });
}

export default async function bench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-bench-'));
  const canopy = await startServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' }, () => {});
  // The same bytes: Canopy's body and headers, replayed by a bare server.
  const sample = await fetch(`${canopy.url}/api/health`);
  const body = await sample.text();
  const headers = Object.fromEntries([...sample.headers].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)));
  const bare = createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
  try {
    const before = loadavg();
    await load(bareUrl, 1); // warm both
    await load(`${canopy.url}/api/health`, 1);
    // Alternate, in short rounds, to spread noise from other work on the machine over both.
    const ours: number[] = [];
    const base: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      base.push((await load(bareUrl, ROUND_SECONDS)).requests.average);
      ours.push((await load(`${canopy.url}/api/health`, ROUND_SECONDS)).requests.average);
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const ratio = mean(ours) / mean(base);
    report({
      name: 'GET /api/health req/s vs bare node:http',
      ratio,
      target: '≥ 0.75',
      pass: ratio >= 0.75,
      details: {
        canopyReqPerS: Math.round(mean(ours)),
        bareReqPerS: Math.round(mean(base)),
        rounds: ours.map((o, i) => (o / base[i]!).toFixed(2)).join('/'),
        connections: 50,
        loadAverage: `${before.map((v) => v.toFixed(2)).join('/')} → ${loadavg()
          .map((v) => v.toFixed(2))
          .join('/')}`,
      },
    });
  } finally {
    bare.close();
    await canopy.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
