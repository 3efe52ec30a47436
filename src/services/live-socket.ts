/**
 * The live-update socket for the live status machine (machines/live-status): the negotiated grant
 * (GET /socket/negotiate → {url, accessToken}), the WebSocket opened at `{url}?access_token=…`,
 * and the reading of the watched scenarios while it is down or has just opened (their record, and
 * get-latest-status/ for a running job: machines/live-status/polled-scenario.ts). The socket carries
 * server → client JSON events only; anything that is not a scenario event (the server's 'hello') is ignored.
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { liveStatusMachine } from '@machines/live-status/live-status.machine.ts';
import type { ScenarioEvent, ScenarioLive, SocketEvent, SocketGrant, Watched } from '@machines/live-status/live-status.types.ts';
import { liveFromPoll, needsLatest } from '@machines/live-status/polled-scenario.ts';
import { api } from '../api/client.ts';
import { toServerError } from '../api/errors.ts';
import { getConfiguration, getLatestStatus } from '../api/scenarios.ts';

export interface LiveServices {
  negotiate(): Promise<SocketGrant>;
  /** The watched scenarios' statuses; a scenario that cannot be read is left out (tried again at the next read). */
  latestStatuses(watched: Watched[]): Promise<ScenarioLive[]>;
  /** Opens a socket and reports its events; returns what closes it. */
  open(grant: SocketGrant, report: (event: SocketEvent) => void): () => void;
  warn(message: string, error: unknown): void;
}

const SCENARIO_EVENTS = new Set(['scenario.status', 'scenario.validation', 'notification', 'inbox.changed', 'geometry.import']);

/** The socket URL with its token; a relative url is resolved against the page (ws: or wss: to match). */
export function socketUrl(grant: SocketGrant, location: { protocol: string; host: string } = window.location): string {
  const base = `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}`;
  const url = new URL(grant.url, base);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  url.searchParams.set('access_token', grant.accessToken);
  return url.toString();
}

export function openWebSocket(grant: SocketGrant, report: (event: SocketEvent) => void, Socket: typeof WebSocket = WebSocket): () => void {
  const ws = new Socket(socketUrl(grant));
  let closed = false;
  ws.onopen = () => report({ type: 'socket.open' });
  ws.onmessage = (message) => {
    let data: unknown;
    try {
      data = JSON.parse(String(message.data));
    } catch {
      return;
    }
    if (typeof data === 'object' && data !== null && SCENARIO_EVENTS.has((data as { type?: string }).type ?? '')) {
      report({ type: 'socket.message', message: data as ScenarioEvent });
    }
  };
  ws.onclose = (event) => {
    if (!closed) report({ type: 'socket.closed', code: event.code });
  };
  return () => {
    closed = true;
    ws.close();
  };
}

export const liveServices: LiveServices = {
  negotiate: async () => {
    try {
      return await api<SocketGrant>('/socket/negotiate');
    } catch (error) {
      throw toServerError(error);
    }
  },
  latestStatuses: async (watched) => {
    const settled = await Promise.allSettled(
      watched.map(async (w) => {
        const record = await getConfiguration(api, w.projectId, w.configurationId);
        const simulations = record.simulations.map((s) => ({ id: s.id, status: s.status, status_text: s.status_text, cfd_parameters: s.cfd_parameters }));
        const latest = await Promise.all(needsLatest({ simulations }).map((sid) => getLatestStatus(api, w.projectId, w.configurationId, sid)));
        return liveFromPoll({ configurationId: record.id, status: record.status, simulations, latest });
      }),
    );
    return settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  },
  open: (grant, report) => openWebSocket(grant, report),
  // SPEC §8: a failed socket token is logged; live updates then do not occur. Never a failure.
  warn: (message, error) => console.warn(message, error),
};

export function bindLiveStatus(services: LiveServices) {
  return liveStatusMachine.provide({
    actors: {
      negotiate: fromPromise(() => services.negotiate()),
      socket: fromCallback<EventObject, SocketGrant>(({ input, sendBack }) => services.open(input, sendBack)),
      fetchStatuses: fromPromise(({ input }: { input: { watched: Watched[] } }) => services.latestStatuses(input.watched)),
      warn: fromPromise(async ({ input }: { input: { message: string; error: unknown } }) => services.warn(input.message, input.error)),
    },
  });
}

export type LiveStatusLogic = ReturnType<typeof bindLiveStatus>;
