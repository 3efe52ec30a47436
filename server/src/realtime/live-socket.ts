/**
 * The live-update WebSocket at /socket/live?access_token=… (the token from GET /socket/negotiate).
 * The upgrade is refused with 401 before any WebSocket exists when the token is missing, expired
 * or not a socket token. Connected sockets are grouped by user so a job's progress can be sent to
 * the people who should see it.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { AppDeps } from '../deps.ts';
import { LIVE_SOCKET_PATH, verifySocketToken } from './socket-token.ts';

export interface LiveHub {
  /** Sends a JSON event to every open socket of a user; returns how many received it. */
  publish(userId: number, event: { type: string } & Record<string, unknown>): number;
  connectedUsers(): number[];
  close(): Promise<void>;
}

function refuse(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export function attachLiveSocket(httpServer: Server, deps: AppDeps): LiveHub {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const sockets = new Map<number, Set<WebSocket>>();

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== LIVE_SOCKET_PATH) {
      // Nobody else upgrades on this server; an unknown path must not hang.
      refuse(socket, 404, 'Not Found');
      return;
    }
    verifySocketToken(deps, url.searchParams.get('access_token')).then(
      (userId) => {
        wss.handleUpgrade(request, socket, head, (ws) => {
          let set = sockets.get(userId);
          if (!set) sockets.set(userId, (set = new Set()));
          set.add(ws);
          ws.on('close', () => {
            set.delete(ws);
            if (set.size === 0) sockets.delete(userId);
          });
          // The socket only carries server → client events; anything received is ignored.
          ws.send(JSON.stringify({ type: 'hello', user_id: userId }));
        });
      },
      () => refuse(socket, 401, 'Unauthorized'),
    );
  };
  httpServer.on('upgrade', onUpgrade);

  return {
    publish(userId, event) {
      const set = sockets.get(userId);
      if (!set) return 0;
      const data = JSON.stringify(event);
      for (const ws of set) ws.send(data);
      return set.size;
    },
    connectedUsers: () => [...sockets.keys()],
    close() {
      httpServer.off('upgrade', onUpgrade);
      for (const ws of wss.clients) ws.terminate();
      return new Promise((resolve) => wss.close(() => resolve()));
    },
  };
}
