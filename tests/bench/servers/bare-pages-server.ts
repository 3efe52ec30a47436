/**
 * A bare node:http server that answers the project-pages mix with Canopy's own bytes, in its own
 * process (project-pages.bench.ts forks it): the list's and the detail's JSON as Canopy sent them,
 * and the 580 KB result file from memory in one write, as Canopy sends a file it keeps (ADR 30) —
 * the least a server can do for these bytes (streamed from disk in 64 KB chunks instead, its p99
 * was about half as much again). Its p99 under the same load is what the load generator and the
 * loopback leave for the mix on this machine, whatever the server does.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The URLs of Canopy's answers to replay, and the token they need. */
export interface BarePagesSource {
  listUrl: string;
  detailUrl: string;
  downloadUrl: string;
  token: string;
}

/** The bare server's three paths, on its own origin. */
export interface BarePagesServer {
  listUrl: string;
  detailUrl: string;
  downloadUrl: string;
}

async function main(source: BarePagesSource): Promise<void> {
  const auth = { headers: { authorization: `Bearer ${source.token}` } };
  const [list, detail, file] = await Promise.all([source.listUrl, source.detailUrl, source.downloadUrl].map((url) => fetch(url, auth)));
  const listBody = await list!.text();
  const detailBody = await detail!.text();
  const bytes = Buffer.from(await file!.arrayBuffer());
  const json = { 'content-type': 'application/json' };
  const server = createServer((req, res) => {
    if (req.url === '/list') res.writeHead(200, json).end(listBody);
    else if (req.url === '/detail') res.writeHead(200, json).end(detailBody);
    else {
      res.writeHead(200, { 'content-type': 'model/gltf-binary', 'content-length': bytes.byteLength }).end(bytes);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.send?.({ listUrl: `${origin}/list`, detailUrl: `${origin}/detail`, downloadUrl: `${origin}/download` } satisfies BarePagesServer);
  const stop = () => {
    server.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('disconnect', stop);
}

// Forked by the benchmark with the source as its first message.
if (process.send) process.once('message', (source) => void main(source as BarePagesSource));
