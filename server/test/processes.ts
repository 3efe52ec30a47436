/**
 * Canopy as separate processes, started the way docs/scale-out/Procfile starts them: the Procfile's
 * `api*` and `worker` lines (their `VAR=value` assignments and npm script), with the shared
 * settings of docs/scale-out/scale-out.env, pointed at a test's own PostgreSQL database and Azurite.
 * The npm script is run as the node command it stands for, so a signal reaches the process itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ProcfileEntry {
  name: string;
  env: Record<string, string>;
  /** The npm script the line runs (serve, worker), or null for another command. */
  script: string | null;
  command: string;
}

export function readProcfile(path = `${ROOT}docs/scale-out/Procfile`): ProcfileEntry[] {
  const out: ProcfileEntry[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^([A-Za-z0-9_-]+):\s*(.+)$/.exec(line.trim());
    if (!match || line.trim().startsWith('#')) continue;
    const words = match[2]!.trim().split(/\s+/);
    const env: Record<string, string> = {};
    while (words.length && /^[A-Z_][A-Z0-9_]*=/.test(words[0]!)) {
      const [key, ...value] = words.shift()!.split('=');
      env[key!] = value.join('=');
    }
    const script = words[0] === 'npm' && words[1] === 'run' ? words[2]! : null;
    out.push({ name: match[1]!, env, script, command: words.join(' ') });
  }
  return out;
}

export function readEnvFile(path = `${ROOT}docs/scale-out/scale-out.env`): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const eq = trimmed.indexOf('=');
    out[trimmed.slice(0, eq)] = trimmed.slice(eq + 1);
  }
  return out;
}

/** `node --import tsx server/src/main.ts` for `serve`, from package.json. */
function scriptArgs(script: string): string[] {
  const scripts = (JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { scripts: Record<string, string> }).scripts;
  const words = scripts[script]?.split(/\s+/);
  if (!words || words[0] !== 'node') throw new Error(`npm run ${script} is not a node command`);
  return words.slice(1);
}

export interface CanopyProcess {
  name: string;
  child: ChildProcess;
  output: string[];
  /** For an API process: http://127.0.0.1:{port}. */
  url: string | null;
  exited: Promise<void>;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** Starts a Procfile entry with `env` over its own assignments; an API process resolves once it listens. */
export async function startProcess(entry: ProcfileEntry, env: Record<string, string>): Promise<CanopyProcess> {
  if (!entry.script) throw new Error(`${entry.name} does not run an npm script`);
  const child = spawn(process.execPath, scriptArgs(entry.script), {
    cwd: ROOT,
    env: { ...process.env, ...entry.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stdout!.on('data', (chunk: Buffer) => output.push(`[${entry.name}] ${chunk}`));
  child.stderr!.on('data', (chunk: Buffer) => output.push(`[${entry.name}:err] ${chunk}`));
  let url: string | null = null;
  if (entry.script === 'serve') {
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${entry.name} did not listen in 60 s:\n${output.join('')}`)), 60_000);
      const check = () => {
        const match = /listening on http:\/\/localhost:(\d+)/.exec(output.join(''));
        if (match) {
          clearTimeout(timer);
          resolve(`http://127.0.0.1:${match[1]}`);
        }
      };
      child.stdout!.on('data', check);
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`${entry.name} exited:\n${output.join('')}`));
      });
    });
  } else {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${entry.name} did not start in 60 s:\n${output.join('')}`)), 60_000);
      child.stdout!.on('data', () => {
        if (/started/.test(output.join(''))) {
          clearTimeout(timer);
          resolve();
        }
      });
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`${entry.name} exited:\n${output.join('')}`));
      });
    });
  }
  return {
    name: entry.name,
    child,
    output,
    url,
    exited,
    async kill(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}

export async function waitFor(what: string, predicate: () => Promise<boolean> | boolean, timeoutMs: number, context: () => string = () => ''): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${context()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Resolves once the child process has exited (at once if it already has). */
export const exited = (child: ChildProcess): Promise<void> =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

/** The polled form of waitFor that returns what it read: `read` until `done` says yes, or throw with the last value and `output`. */
export async function waitForValue<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, output: string[] = []): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)?.slice(0, 300)}\n${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface WorkerProcess {
  child: ChildProcess;
  /** What it printed, each chunk tagged with its name. */
  output: string[];
}

/** Where a test's worker processes point: its own database and data folder. */
interface WorkerTarget {
  databaseUrl?: string;
  config: { dataDir: string };
}

/**
 * Job worker processes for the tests that kill one mid-job: each runs what `npm run worker` runs
 * (`node --import tsx server/src/worker-main.ts`) against the test's own PostgreSQL database and data
 * folder, one job at a time and with a lease of `leaseMs`, so a second worker takes an orphaned job
 * over within the test. `env` adds settings (a CFD test's step count, say). `killAll` ends whatever a
 * failed test left running.
 */
export function workerProcesses(leaseMs: number, env: Record<string, string> = {}) {
  const children: ChildProcess[] = [];
  return {
    start(target: WorkerTarget, name: string): WorkerProcess {
      const output: string[] = [];
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/worker-main.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          DATABASE_URL: target.databaseUrl,
          DATA_DIR: target.config.dataDir,
          EMBEDDED_WORKERS: 'false',
          SEED_DEMO: 'false',
          JOB_LEASE_MS: String(leaseMs),
          WORKER_CONCURRENCY: '1',
          NODE_ENV: 'test',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (chunk: Buffer) => output.push(`[${name}] ${chunk}`));
      child.stderr!.on('data', (chunk: Buffer) => output.push(`[${name}:err] ${chunk}`));
      children.push(child);
      return { child, output };
    },
    async killAll(): Promise<void> {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await Promise.all(children.map(exited));
    },
  };
}
