/**
 * A running CFD scenario's status shows its progress: the percentage, direction i of n,
 * the phase and the time left, as pushed over the live socket — in the badge every list and the
 * overview use — its own words before it reports any, and nothing of it once the run has finished.
 */
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { liveStatusMachine } from '@machines/live-status/live-status.machine.ts';
import type { ScenarioLive, ScenarioEvent, SocketGrant } from '@machines/live-status/live-status.types.ts';
import { ToastContext } from '../../app/contexts.ts';
import { LiveStatusBadge } from './live-status-badge.tsx';
import { LiveStatusLogicContext, LiveStatusProvider } from './live-status-provider.tsx';

function pushingLive() {
  let push: (message: ScenarioEvent) => void = () => undefined;
  const logic = liveStatusMachine.provide({
    actors: {
      negotiate: fromPromise(async (): Promise<SocketGrant> => ({ url: 'ws://x/socket/live', accessToken: 't' })),
      socket: fromCallback<EventObject, SocketGrant>(({ sendBack }) => {
        sendBack({ type: 'socket.open' });
        push = (message) => sendBack({ type: 'socket.message', message });
        return () => undefined;
      }),
      fetchStatuses: fromPromise(async (): Promise<ScenarioLive[]> => []),
      warn: fromPromise<void, { message: string; error: unknown }>(async () => undefined),
    },
  });
  return { logic, push: (message: ScenarioEvent) => act(() => push(message)) };
}

const status = (
  status: 'running' | 'completed',
  progress: NonNullable<Extract<ScenarioEvent, { type: 'scenario.status' }>['simulations'][number]['progress']> | null,
  statusText: string = status,
): ScenarioEvent => ({
  type: 'scenario.status',
  project_id: 7,
  configuration_id: 9,
  status,
  simulations: [{ id: 11, status, status_text: statusText, progress }],
});

describe('the progress of a running CFD scenario', () => {
  it('shows percentage, direction i of n, phase and time left while running, and none once completed', async () => {
    const live = pushingLive();
    render(
      <ToastContext.Provider>
        <LiveStatusLogicContext.Provider value={live.logic}>
          <LiveStatusProvider>
            <LiveStatusBadge projectId={7} configurationId={9} simulationIds={[11]} status="queued" engine="CFD" />
          </LiveStatusProvider>
        </LiveStatusLogicContext.Provider>
      </ToastContext.Provider>,
    );
    await act(async () => undefined);
    expect(screen.getByRole('status', { name: 'Status of scenario 9: Queued' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();

    // Running, before the first progress report: the run's own words, no bar.
    const waiting = 'Wind (CFD): 8 directions queued (Rapid, 0.48 million cells, about 3 min each)';
    live.push(status('running', null, waiting));
    expect(screen.getByRole('status', { name: 'Status of scenario 9: Running' })).toHaveTextContent(waiting);
    expect(screen.queryByRole('progressbar')).toBeNull();

    live.push(status('running', { percent: 37.4, eta_s: 725, phase: 'averaging', direction: { index: 3, total: 8, deg: 90, done: 2 }, updated_at: '' }));
    const bar = screen.getByRole('progressbar', { name: 'Progress of scenario 9' });
    expect(bar).toHaveAttribute('aria-valuenow', '37');
    expect(screen.getByText('37 % · direction 3 of 8 (90°) · averaging · about 12 min left')).toBeInTheDocument();
    expect(screen.queryByText(waiting)).toBeNull();

    live.push(status('running', { percent: 81, eta_s: 30, phase: 'spin-up', direction: { index: 7, total: 8, deg: 270, done: 6 }, updated_at: '' }));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '81');
    expect(screen.getByText('81 % · direction 7 of 8 (270°) · spinning up the flow · less than a minute left')).toBeInTheDocument();

    live.push(status('completed', null));
    expect(screen.getByRole('status', { name: 'Status of scenario 9: Completed' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('reads the same everywhere: running with the run’s progress while a waiting simulation keeps the scenario itself queued', async () => {
    const live = pushingLive();
    render(
      <ToastContext.Provider>
        <LiveStatusLogicContext.Provider value={live.logic}>
          <LiveStatusProvider>
            {/* The overview card (knows no simulations), the wizard's success step and the viewer. */}
            <LiveStatusBadge projectId={7} configurationId={9} simulationIds={[]} status="queued" engine="CFD" />
            <LiveStatusBadge projectId={7} configurationId={9} simulationIds={[11, 12]} status="queued" engine="CFD" detailed />
            <LiveStatusBadge projectId={7} configurationId={9} simulationIds={[11, 12]} status="awaiting_approval" engine="CFD" />
          </LiveStatusProvider>
        </LiveStatusLogicContext.Provider>
      </ToastContext.Provider>,
    );
    await act(async () => undefined);
    live.push({
      type: 'scenario.status',
      project_id: 7,
      configuration_id: 9,
      status: 'queued',
      simulations: [
        {
          id: 11,
          status: 'running',
          status_text: 'Wind (CFD) 49 %',
          progress: { percent: 49, eta_s: 1140, phase: 'averaging', direction: { index: 8, total: 16, deg: 157.5, done: 7 }, updated_at: '' },
        },
        { id: 12, status: 'queued', status_text: 'Waiting for the CFD wind field (thermal comfort uses it)', progress: null },
      ],
    });
    expect(screen.getAllByRole('status', { name: 'Status of scenario 9: Running' })).toHaveLength(3);
    expect(screen.getAllByText('49 % · direction 8 of 16 (157.5°) · averaging · about 19 min left')).toHaveLength(3);
  });
});
