/**
 * Benchmark conventions (`npm run bench`). Machines here are shared and noisy, so every benchmark
 * measures its baseline in the same run and prints a ratio, plus absolute figures for information.
 * A benchmark file is `tests/bench/<name>.bench.ts` exporting `default async function (): Promise<void>`.
 */
import { performance } from 'node:perf_hooks';

export interface Timing {
  /** Median milliseconds per run. */
  medianMs: number;
  runs: number;
}

/** Runs `fn` `runs` times after `warmup` runs and returns the median duration. */
export async function time(fn: () => unknown | Promise<unknown>, { runs = 5, warmup = 1 } = {}): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { medianMs: samples[Math.floor(samples.length / 2)], runs };
}

export interface RatioLine {
  name: string;
  /** ours / baseline, or baseline / ours when `higherIsBetter`; the target is stated beside it. */
  ratio: number;
  target?: string;
  details?: Record<string, string | number>;
}

/** Prints one result line: `name  ratio=…  (target …)  key=value …`, and whether the target held. */
export function report(line: RatioLine & { pass?: boolean }): void {
  const parts = [`${line.name.padEnd(48)} ratio=${line.ratio.toFixed(3)}`];
  if (line.target) parts.push(`target ${line.target}${line.pass === undefined ? '' : line.pass ? ' ✓' : ' ✗'}`);
  for (const [key, value] of Object.entries(line.details ?? {})) {
    parts.push(`${key}=${typeof value === 'number' ? formatNumber(value) : value}`);
  }
  console.log(parts.join('  '));
}

export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) >= 1e6) return value.toExponential(3);
  if (Number.isInteger(value)) return String(value);
  return value.toFixed(Math.abs(value) < 1 ? 4 : 2);
}

export function section(title: string): void {
  console.log(`\n== ${title} ==`);
}
