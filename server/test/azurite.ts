/**
 * Azurite (Microsoft's Azure Storage emulator, the `azurite` dev dependency) for tests of
 * BLOB_STORE=azure: its blob service only, in a child process on loopback at a port the system
 * picks, keeping everything in memory (nothing on disk, gone when it stops), telemetry off.
 *
 * Between it and the tests sits a loopback TCP relay (`endpoint`) that a test can cut and restore,
 * to make the store unreachable without losing what it holds.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DEVELOPMENT_ACCOUNT } from '../src/blobs/azure/azure-account.ts';

export interface Azurite {
  /** Azurite's own port (not through the relay). */
  port: number;
  /** The relay's port: what the connection string names. */
  relayPort: number;
  /** `http://127.0.0.1:{relayPort}/devstoreaccount1` */
  blobEndpoint: string;
  /** For AZURE_STORAGE_CONNECTION_STRING (the development account, through the relay). */
  connectionString: string;
  /** Environment for createTestContext / a server process: BLOB_STORE=azure on this Azurite, with its own container prefix. */
  env(prefix?: string): Record<string, string>;
  /** Closes the relay and drops its connections: the store is unreachable (connection refused) until restore(). */
  cut(): Promise<void>;
  restore(): Promise<void>;
  stop(): Promise<void>;
}

function azuriteBlobMain(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('azurite/package.json')), 'dist', 'src', 'blob', 'main.js');
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as { port: number }).port);
    });
  });
}

/** Starts Azurite's blob service; resolves once it listens (a few hundred milliseconds). */
export async function startAzurite(): Promise<Azurite> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      azuriteBlobMain(),
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      '0',
      '--inMemoryPersistence',
      // In-memory blobs count against this (MB); tests write little.
      '--extentMemoryLimit',
      '512',
      '--disableTelemetry',
      '--silent',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output: string[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Azurite did not start in 30 s:\n${output.join('')}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const match = /listens on https?:\/\/[^:]+:(\d+)/.exec(output.join(''));
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Azurite exited with ${code}:\n${output.join('')}`));
    });
  });
  child.stdout!.resume();
  child.stderr!.resume();

  const sockets = new Set<Socket>();
  const relay = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  const relayPort = await listen(relay, 0);
  let relayOpen = true;

  const blobEndpoint = `http://127.0.0.1:${relayPort}/${DEVELOPMENT_ACCOUNT.name}`;
  const connectionString = `DefaultEndpointsProtocol=http;AccountName=${DEVELOPMENT_ACCOUNT.name};AccountKey=${DEVELOPMENT_ACCOUNT.key};BlobEndpoint=${blobEndpoint};`;
  let prefixes = 0;
  return {
    port,
    relayPort,
    blobEndpoint,
    connectionString,
    env(prefix) {
      // Each context its own containers, so tests sharing one Azurite never see each other's blobs.
      const own = prefix ?? `t${process.pid.toString(36)}${(prefixes++).toString(36)}-`;
      return { BLOB_STORE: 'azure', AZURE_STORAGE_CONNECTION_STRING: connectionString, AZURE_STORAGE_CONTAINER_PREFIX: own };
    },
    async cut() {
      if (!relayOpen) return;
      relayOpen = false;
      const closed = new Promise<void>((resolve) => relay.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await closed;
    },
    async restore() {
      if (relayOpen) return;
      await listen(relay, relayPort);
      relayOpen = true;
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      if (relayOpen) await new Promise<void>((resolve) => relay.close(() => resolve()));
      relayOpen = false;
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}
