/**
 * The viewer follows a scenario still being computed: the run's progress (percentage,
 * direction i of n, phase, time left) beside the scenario dropdown, and the results read again once
 * it completes, so its maps appear without a reload. A finished scenario shows no run status.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { liveStatusMachine } from '@machines/live-status/live-status.machine.ts';
import type { ScenarioLive, ScenarioEvent, SocketGrant } from '@machines/live-status/live-status.types.ts';
import { fakeServices, renderViewer, type Calls } from './viewer-test-kit.tsx';

vi.setConfig({ testTimeout: 30_000 });

function pushingLive() {
  const sockets: Array<(message: ScenarioEvent) => void> = [];
  const logic = liveStatusMachine.provide({
    actors: {
      negotiate: fromPromise(async (): Promise<SocketGrant> => ({ url: 'ws://x/socket/live', accessToken: 't' })),
      socket: fromCallback<EventObject, SocketGrant>(({ sendBack }) => {
        sendBack({ type: 'socket.open' });
        sockets.push((message) => sendBack({ type: 'socket.message', message }));
        return () => undefined;
      }),
      fetchStatuses: fromPromise(async (): Promise<ScenarioLive[]> => []),
      warn: fromPromise<void, { message: string; error: unknown }>(async () => undefined),
    },
  });
  return { logic, push: (message: ScenarioEvent) => act(() => sockets.forEach((send) => send(message))) };
}

describe('the viewer on a scenario being computed', () => {
  it('shows the run’s progress and reads the results again when it completes', async () => {
    const live = pushingLive();
    const calls: Calls = [];
    let listed = 0;
    const services = fakeServices({}, calls);
    const list = services.listSimulations;
    services.listSimulations = async (scope) => {
      listed++;
      return list(scope);
    };
    // Scenario 22 ('Proposed tower') is running.
    renderViewer('/projects/7/viewer/70/configuration/22/Viewer', services, { live: live.logic });
    expect(await screen.findByRole('status', { name: 'Status of scenario 22: Running' })).toBeInTheDocument();
    const before = listed;

    live.push({
      type: 'scenario.status',
      project_id: 7,
      configuration_id: 22,
      status: 'running',
      simulations: [
        {
          id: 41,
          status: 'running',
          status_text: 'Wind (CFD) 55 %',
          progress: { percent: 55, eta_s: 200, phase: 'developing', direction: { index: 5, total: 8, deg: 180, done: 4 }, updated_at: '' },
        },
      ],
    });
    expect(screen.getByRole('progressbar', { name: 'Progress of scenario 22' })).toHaveAttribute('aria-valuenow', '55');
    expect(screen.getByText('55 % · direction 5 of 8 (180°) · developing the flow · about 3 min left')).toBeInTheDocument();
    expect(listed).toBe(before);

    live.push({
      type: 'scenario.status',
      project_id: 7,
      configuration_id: 22,
      status: 'completed',
      simulations: [{ id: 41, status: 'completed', status_text: 'Completed', progress: null }],
    });
    await waitFor(() => expect(listed).toBeGreaterThan(before));
    expect(calls.filter((c) => c.startsWith('configurations')).length).toBeGreaterThanOrEqual(2);
  });

  it('shows no run status for a finished scenario', async () => {
    renderViewer('/projects/7/viewer/70/configuration/21/Viewer', fakeServices());
    expect(await screen.findByRole('combobox', { name: 'Scenario' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Scenario' })).toHaveTextContent('Existing site'));
    expect(screen.queryByRole('status', { name: /Status of scenario/ })).toBeNull();
  });
});
