/**
 * The live status machine by events with fake timers and fake actors: the socket opened with the
 * negotiated token, statuses from its messages (and one catch-up read when it opens), polling and
 * exponential backoff while it is down, counted watches, one shown status, and a console warning
 * (no failure, no live updates) when no token can be had.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import { BACKOFF_MAX_MS, backoffMs, liveStatusMachine, NO_TOKEN_WARNING, POLL_INTERVAL_MS } from './live-status.machine.ts';
import { selectLiveness, selectRunningWords, selectScenarioLive, selectScenarioProgress, selectShownStatus } from './live-status.selectors.ts';
import type { ScenarioLive, ScenarioStatus, SimulationProgress, SocketEvent, SocketGrant, Watched } from './live-status.types.ts';

const WATCHED: Watched = { projectId: 7, configurationId: 9, simulationIds: [11, 12] };

/** What a read of scenario 9 finds: its status, and its simulations' (the first with its progress). */
const read = (status: ScenarioStatus, simulations: Array<[number, ScenarioStatus, SimulationProgress?]> = [[11, status]]): ScenarioLive => ({
  configurationId: 9,
  status,
  simulations: simulations.map(([id, st, progress]) => ({ id, status: st, status_text: st, progress: progress ?? null })),
  source: 'poll',
});

function harness(opts: { negotiate?: () => Promise<SocketGrant>; statuses?: () => Promise<ScenarioLive[]> } = {}) {
  const sockets: { grant: SocketGrant; send: (e: SocketEvent) => void; closed: boolean }[] = [];
  const negotiate = vi.fn(opts.negotiate ?? (async () => ({ url: 'ws://x/socket/live', accessToken: `t${sockets.length}` })));
  const fetchStatuses = vi.fn<(watched: Watched[]) => Promise<ScenarioLive[]>>(
    opts.statuses ??
      (async () => [
        read('running', [
          [11, 'running'],
          [12, 'queued'],
        ]),
      ]),
  );
  const warn = vi.fn();
  const machine = liveStatusMachine.provide({
    actors: {
      negotiate: fromPromise(() => negotiate()),
      socket: fromCallback<EventObject, SocketGrant>(({ input, sendBack }) => {
        const entry = { grant: input, send: sendBack, closed: false };
        sockets.push(entry);
        return () => {
          entry.closed = true;
        };
      }),
      fetchStatuses: fromPromise(({ input }: { input: { watched: Watched[] } }) => fetchStatuses(input.watched)),
      warn: fromPromise(async ({ input }: { input: { message: string; error: unknown } }) => warn(input.message)),
    },
  });
  const actor = createActor(machine, { input: { watched: [WATCHED] } });
  const emitted: unknown[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, sockets, negotiate, fetchStatuses, warn, emitted };
}

/** A token the first time, then the network is gone (the socket stays down, polling goes on). */
function onceThenOffline() {
  let calls = 0;
  return async (): Promise<SocketGrant> => {
    calls += 1;
    if (calls > 1) throw { kind: 'network', status: null, detail: 'offline', fields: {}, body: null };
    return { url: 'ws://x/socket/live', accessToken: 't0' };
  };
}

const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('live status', () => {
  it('opens the socket with the negotiated token and applies its status messages', async () => {
    const { actor, sockets, emitted, fetchStatuses } = harness({ statuses: async () => [read('queued')] });
    await tick();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.grant).toEqual({ url: 'ws://x/socket/live', accessToken: 't0' });
    expect(selectLiveness(actor.getSnapshot())).toBe('connecting');
    sockets[0]!.send({ type: 'socket.open' });
    expect(selectLiveness(actor.getSnapshot())).toBe('live');
    // Opening reads the watched scenarios once; a message heard meanwhile is newer and stands.
    const message = {
      type: 'scenario.status' as const,
      project_id: 7,
      configuration_id: 9,
      status: 'running' as const,
      simulations: [{ id: 11, status: 'running' as const, status_text: 'running' }],
    };
    sockets[0]!.send({ type: 'socket.message', message });
    await tick();
    expect(fetchStatuses).toHaveBeenCalledTimes(1);
    expect(selectScenarioLive(9)(actor.getSnapshot())).toEqual({ configurationId: 9, status: 'running', simulations: message.simulations, source: 'socket' });
    expect(emitted).toEqual([{ type: 'live.event', message }]);
    // Nothing more is read while the socket is up.
    await tick(60_000);
    expect(fetchStatuses).toHaveBeenCalledTimes(1);
  });

  it('catches up on opening: what changed before the socket was open shows without a message', async () => {
    const { actor, sockets, emitted } = harness({ statuses: async () => [read('completed')] });
    await tick();
    sockets[0]!.send({ type: 'socket.open' });
    await tick();
    expect(selectScenarioLive(9)(actor.getSnapshot())).toMatchObject({ status: 'completed', source: 'poll' });
    expect(emitted).toEqual([{ type: 'live.status', scenario: read('completed') }]);
  });

  it('reads a scenario first watched while connected, without waiting for its next message', async () => {
    const other: Watched = { projectId: 7, configurationId: 21, simulationIds: [] };
    const queued: ScenarioLive = {
      configurationId: 21,
      status: 'running',
      simulations: [{ id: 31, status: 'running', status_text: 'Wind (CFD): 8 directions queued', progress: null }],
      source: 'poll',
    };
    const { actor, sockets, fetchStatuses } = harness({
      statuses: async () => [read('running'), ...(actor.getSnapshot().context.watched.some((w) => w.configurationId === 21) ? [queued] : [])],
    });
    await tick();
    sockets[0]!.send({ type: 'socket.open' });
    await tick();
    expect(fetchStatuses).toHaveBeenCalledTimes(1);
    expect(selectScenarioLive(21)(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'watch', scenario: other });
    await tick();
    expect(fetchStatuses).toHaveBeenCalledTimes(2);
    expect(fetchStatuses.mock.calls[1]![0].map((w) => w.configurationId).sort()).toEqual([21, 9].sort());
    expect(selectRunningWords(21)(actor.getSnapshot())).toBe('Wind (CFD): 8 directions queued');
    expect(selectLiveness(actor.getSnapshot())).toBe('live');
    // A second view watching a scenario already known reads nothing more.
    actor.send({ type: 'watch', scenario: other });
    await tick();
    expect(fetchStatuses).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.watched.filter((w) => w.configurationId === 21)).toHaveLength(2);
  });

  it('shows a scenario as running while any of its simulations runs, whatever its least advanced one', async () => {
    const { actor, sockets } = harness({ negotiate: onceThenOffline() });
    await tick();
    expect(selectShownStatus(9, 'queued')(actor.getSnapshot())).toBe('queued');
    sockets[0]!.send({ type: 'socket.open' });
    const simulations = [
      { id: 11, status: 'running' as const, status_text: 'Wind (CFD) 37 %' },
      { id: 12, status: 'queued' as const, status_text: 'Waiting for the CFD wind field (thermal comfort uses it)' },
    ];
    sockets[0]!.send({ type: 'socket.message', message: { type: 'scenario.status', project_id: 7, configuration_id: 9, status: 'queued', simulations } });
    expect(selectShownStatus(9, 'queued')(actor.getSnapshot())).toBe('running');
    const failed = simulations.map((sim) => ({ ...sim, status: sim.id === 11 ? ('failed' as const) : sim.status }));
    sockets[0]!.send({
      type: 'socket.message',
      message: { type: 'scenario.status', project_id: 7, configuration_id: 9, status: 'failed', simulations: failed },
    });
    expect(selectShownStatus(9, 'queued')(actor.getSnapshot())).toBe('failed');
  });

  it('counts watches: one view leaving does not stop another following the scenario', async () => {
    const { actor, sockets, fetchStatuses } = harness({ negotiate: onceThenOffline() });
    await tick();
    // The card watches without knowing the simulations; the wizard with them.
    actor.send({ type: 'watch', scenario: { ...WATCHED, simulationIds: [] } });
    actor.send({ type: 'unwatch', configurationId: 9 });
    sockets[0]!.send({ type: 'socket.closed', code: 1006 });
    await tick();
    expect(fetchStatuses).toHaveBeenLastCalledWith([{ ...WATCHED, simulationIds: [] }]);
    actor.send({ type: 'unwatch', configurationId: 9 });
    const polls = fetchStatuses.mock.calls.length;
    await tick(POLL_INTERVAL_MS * 2);
    expect(fetchStatuses).toHaveBeenCalledTimes(polls);
  });

  it('polls get-latest-status while the socket is down and reconnects with exponential backoff', async () => {
    const { actor, sockets, negotiate, fetchStatuses, emitted } = harness();
    await tick();
    sockets[0]!.send({ type: 'socket.open' });
    sockets[0]!.send({ type: 'socket.closed', code: 1006 });
    expect(sockets[0]!.closed).toBe(true);
    expect(selectLiveness(actor.getSnapshot())).toBe('polling');
    await tick();
    // Once on opening, then the poll.
    expect(fetchStatuses).toHaveBeenCalledTimes(2);
    expect(fetchStatuses).toHaveBeenLastCalledWith([WATCHED]);
    expect(selectScenarioLive(9)(actor.getSnapshot())).toMatchObject({ status: 'running', source: 'poll' });
    expect(emitted.filter((e) => (e as { type: string }).type === 'live.status')).toHaveLength(1);

    // First retry after 1 s: a fresh token, a new socket, which fails before opening.
    await tick(backoffMs(0) - 1);
    expect(negotiate).toHaveBeenCalledTimes(1);
    await tick(1);
    expect(negotiate).toHaveBeenCalledTimes(2);
    expect(sockets).toHaveLength(2);
    sockets[1]!.send({ type: 'socket.closed', code: 1006 });
    // Then 2 s, then 4 s.
    await tick(backoffMs(1) - 1);
    expect(negotiate).toHaveBeenCalledTimes(2);
    await tick(1);
    expect(negotiate).toHaveBeenCalledTimes(3);
    sockets[2]!.send({ type: 'socket.closed', code: 1006 });
    await tick(backoffMs(2));
    expect(negotiate).toHaveBeenCalledTimes(4);
    expect(backoffMs(2)).toBe(4000);

    // Polling went on every 5 s meanwhile; a poll that finds nothing new announces nothing.
    expect(fetchStatuses.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(emitted.filter((e) => (e as { type: string }).type === 'live.status')).toHaveLength(1);

    // Once open again: live, the backoff starts over, polling stops (after the one catch-up read).
    sockets[3]!.send({ type: 'socket.open' });
    expect(selectLiveness(actor.getSnapshot())).toBe('live');
    await tick();
    const polls = fetchStatuses.mock.calls.length;
    await tick(POLL_INTERVAL_MS * 3);
    expect(fetchStatuses).toHaveBeenCalledTimes(polls);
    sockets[3]!.send({ type: 'socket.closed', code: 1001 });
    await tick(backoffMs(0));
    expect(negotiate).toHaveBeenCalledTimes(5);
  });

  it("keeps a running CFD run's progress from the socket, and what a read gives while it is down", async () => {
    const progress = { percent: 37, eta_s: 640, phase: 'averaging', direction: { index: 3, total: 8, deg: 90, done: 2 }, updated_at: '2026-11-23T20:00:00Z' };
    const polled = { percent: 52, eta_s: 300, phase: 'averaging', direction: { index: 5, total: 8, deg: 180, done: 4 }, updated_at: '2026-11-23T20:05:00Z' };
    let reads = 0;
    const { actor, sockets } = harness({
      statuses: async () => {
        reads += 1;
        // The read on opening finds it queued; the poll once the socket dropped finds it further on.
        return reads === 1
          ? [read('queued')]
          : [
              read('queued', [
                [11, 'running', polled],
                [12, 'queued'],
              ]),
            ];
      },
    });
    await tick();
    sockets[0]!.send({ type: 'socket.open' });
    await tick();
    expect(selectScenarioProgress(9)(actor.getSnapshot())).toBeNull();
    const simulations = [
      { id: 11, status: 'running' as const, status_text: 'Wind (CFD) 37 %', progress },
      { id: 12, status: 'queued' as const, status_text: 'Queued', progress: null },
    ];
    sockets[0]!.send({ type: 'socket.message', message: { type: 'scenario.status', project_id: 7, configuration_id: 9, status: 'queued', simulations } });
    expect(selectScenarioProgress(9)(actor.getSnapshot())).toEqual(progress);
    sockets[0]!.send({ type: 'socket.closed', code: 1006 });
    await tick();
    expect(selectScenarioProgress(9)(actor.getSnapshot())).toEqual(polled);
    expect(selectShownStatus(9, 'queued')(actor.getSnapshot())).toBe('running');
    // Once done, nothing is running: no progress shown.
    await tick(backoffMs(0));
    expect(sockets).toHaveLength(2);
    sockets[1]!.send({ type: 'socket.open' });
    sockets[1]!.send({
      type: 'socket.message',
      message: {
        type: 'scenario.status',
        project_id: 7,
        configuration_id: 9,
        status: 'completed',
        simulations: [{ id: 11, status: 'completed', status_text: 'Completed', progress: null }],
      },
    });
    expect(selectScenarioProgress(9)(actor.getSnapshot())).toBeNull();
  });

  it('caps the backoff at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 40].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, BACKOFF_MAX_MS]);
  });

  it('announces a polled change of status', async () => {
    let status: ScenarioStatus = 'running';
    const { sockets, emitted } = harness({ statuses: async () => [read(status)], negotiate: onceThenOffline() });
    await tick();
    sockets[0]!.send({ type: 'socket.closed', code: 1006 });
    await tick();
    status = 'completed';
    await tick(POLL_INTERVAL_MS);
    const changes = emitted.filter((e) => (e as { type: string }).type === 'live.status') as { scenario: { status: string } }[];
    expect(changes.map((c) => c.scenario.status)).toEqual(['running', 'completed']);
  });

  it('without a socket token: warns once, does not fail, and no live updates or polling occur', async () => {
    const { actor, sockets, warn, fetchStatuses } = harness({
      negotiate: async () => {
        throw { kind: 'http', status: 401, detail: 'Authentication credentials were not provided.', fields: {}, body: null };
      },
    });
    await tick();
    expect(selectLiveness(actor.getSnapshot())).toBe('unavailable');
    expect(actor.getSnapshot().status).toBe('active');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(NO_TOKEN_WARNING);
    await tick(120_000);
    expect(sockets).toHaveLength(0);
    expect(fetchStatuses).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('a reconnection refused by the server ends live updates; a network failure keeps trying', async () => {
    let answer: 'ok' | 'network' | 'refused' = 'ok';
    const { actor, sockets, negotiate, warn } = harness({
      negotiate: async () => {
        if (answer === 'network') throw { kind: 'network', status: null, detail: 'offline', fields: {}, body: null };
        if (answer === 'refused') throw { kind: 'http', status: 403, detail: 'Forbidden.', fields: {}, body: null };
        return { url: 'ws://x/socket/live', accessToken: 't' };
      },
    });
    await tick();
    answer = 'network';
    sockets[0]!.send({ type: 'socket.closed', code: 1006 });
    await tick(backoffMs(0));
    expect(negotiate).toHaveBeenCalledTimes(2);
    expect(selectLiveness(actor.getSnapshot())).toBe('polling');
    answer = 'refused';
    await tick(backoffMs(1));
    expect(negotiate).toHaveBeenCalledTimes(3);
    expect(selectLiveness(actor.getSnapshot())).toBe('unavailable');
    expect(warn).toHaveBeenCalledWith(NO_TOKEN_WARNING);
  });

  it('follows the scenarios watched and unwatched', async () => {
    const { actor, sockets, fetchStatuses } = harness({ negotiate: onceThenOffline() });
    await tick();
    actor.send({ type: 'unwatch', configurationId: 9 });
    sockets[0]!.send({ type: 'socket.closed', code: 1006 });
    await tick(POLL_INTERVAL_MS * 2);
    expect(fetchStatuses).not.toHaveBeenCalled();
    actor.send({ type: 'watch', scenario: WATCHED });
    actor.send({ type: 'poll.now' });
    await tick();
    expect(fetchStatuses).toHaveBeenCalledWith([WATCHED]);
  });
});
