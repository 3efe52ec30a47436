/** The live socket service: the URL with its token, and which messages reach the live status machine. */
import { describe, expect, it } from 'vitest';
import type { SocketEvent } from '@machines/live-status/live-status.types.ts';
import { openWebSocket, socketUrl } from './live-socket.ts';

class FakeSocket {
  static last: FakeSocket | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  close() {
    this.closed = true;
    this.onclose?.({ code: 1000 });
  }
}

describe('live socket', () => {
  it('puts the token on the negotiated URL, relative or absolute, as ws: or wss:', () => {
    expect(socketUrl({ url: '/socket/live', accessToken: 'a b' }, { protocol: 'https:', host: 'canopy.test' })).toBe(
      'wss://canopy.test/socket/live?access_token=a+b',
    );
    expect(socketUrl({ url: 'http://127.0.0.1:8080/socket/live', accessToken: 't' }, { protocol: 'http:', host: 'x' })).toBe(
      'ws://127.0.0.1:8080/socket/live?access_token=t',
    );
    expect(socketUrl({ url: 'ws://127.0.0.1:8080/socket/live', accessToken: 't' }, { protocol: 'http:', host: 'x' })).toBe(
      'ws://127.0.0.1:8080/socket/live?access_token=t',
    );
    expect(socketUrl({ url: 'wss://canopy.test/canopy/socket/live', accessToken: 't' }, { protocol: 'https:', host: 'x' })).toBe(
      'wss://canopy.test/canopy/socket/live?access_token=t',
    );
  });

  it("reports open, scenario events and a drop; ignores 'hello', junk, and its own close", () => {
    const events: SocketEvent[] = [];
    const close = openWebSocket({ url: 'ws://h/socket/live', accessToken: 't' }, (e) => events.push(e), FakeSocket as unknown as typeof WebSocket);
    const ws = FakeSocket.last!;
    expect(ws.url).toBe('ws://h/socket/live?access_token=t');
    ws.onopen!();
    ws.onmessage!({ data: JSON.stringify({ type: 'hello', user_id: 1 }) });
    ws.onmessage!({ data: 'not json' });
    const status = { type: 'scenario.status', project_id: 7, configuration_id: 9, status: 'running', simulations: [] };
    ws.onmessage!({ data: JSON.stringify(status) });
    ws.onclose!({ code: 1006 });
    expect(events).toEqual([{ type: 'socket.open' }, { type: 'socket.message', message: status }, { type: 'socket.closed', code: 1006 }]);
    const second: SocketEvent[] = [];
    const stop = openWebSocket({ url: 'ws://h/socket/live', accessToken: 't' }, (e) => second.push(e), FakeSocket as unknown as typeof WebSocket);
    stop();
    expect(FakeSocket.last!.closed).toBe(true);
    expect(second).toEqual([]);
    close();
  });
});
