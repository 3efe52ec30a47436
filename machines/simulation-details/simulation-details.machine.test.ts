import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { mayCancel, mayResubmit, simulationDetailsMachine, type SimulationRow } from './simulation-details.machine.ts';

const row = (over: Partial<SimulationRow>): SimulationRow => ({
  id: 1,
  category: 'pedestrian_wind_comfort',
  engine: 'AI',
  status: 'awaiting_external_results',
  statusText: 'starting simulation',
  computedByCanopy: false,
  version: { kind: 'ml', recorded: false, name: null, version: null, ingestedAt: null },
  ...over,
});

function start(answers: { rows: SimulationRow[][]; resubmit?: () => Promise<void>; cancel?: () => Promise<number>; download?: () => Promise<void> }) {
  const calls: string[] = [];
  const machine = simulationDetailsMachine.provide({
    actors: {
      loadDetails: fromPromise(async () => {
        calls.push('load');
        const next = answers.rows.shift();
        if (!next) throw { kind: 'http', status: 500, detail: 'Server error.', fields: {}, body: null };
        return next;
      }),
      resubmitMl: fromPromise(async ({ input }) => {
        calls.push(`resubmit ${input.simulationId}`);
        await (answers.resubmit ?? (async () => {}))();
      }),
      cancelSimulation: fromPromise(async ({ input }) => {
        calls.push(`cancel ${input.simulationId}`);
        return (answers.cancel ?? (async () => 10))();
      }),
      downloadReport: fromPromise(async ({ input }) => {
        calls.push(`report ${input.simulationId}`);
        await (answers.download ?? (async () => {}))();
      }),
    },
  });
  return { actor: createActor(machine, { input: { projectId: 3, configurationId: 7 } }).start(), calls };
}

describe('simulation details', () => {
  it('loads the rows, resubmits an ML simulation and reads the rows again', async () => {
    const { actor, calls } = start({ rows: [[row({ status: 'failed' })], [row({})]] });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'resubmit', simulationId: 1 });
    expect(actor.getSnapshot().value).toBe('resubmitting');
    await waitFor(actor, (s) => s.matches('ready') && s.context.rows[0]!.status === 'awaiting_external_results');
    expect(actor.getSnapshot().context.notice).toBe('Machine-learning results requested again.');
    expect(calls).toEqual(['load', 'resubmit 1', 'load']);
  });

  it('refuses to resubmit what is not a machine-learning simulation awaiting or done', async () => {
    const { actor, calls } = start({
      rows: [[row({ id: 2, engine: 'AI', computedByCanopy: true, status: 'completed', version: null }), row({ id: 4, status: 'running' })]],
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'resubmit', simulationId: 2 });
    actor.send({ type: 'resubmit', simulationId: 4 });
    actor.send({ type: 'resubmit', simulationId: 99 });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(calls).toEqual(['load']);
  });

  it("keeps the server's message when an action fails, and a failed load can be retried", async () => {
    const { actor } = start({
      rows: [[row({})]],
      download: async () => {
        throw { kind: 'http', status: 404, detail: 'Not found.', fields: {}, body: null };
      },
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'report.download', simulationId: 1 });
    await waitFor(actor, (s) => s.matches('ready') && s.context.notice !== null);
    expect(actor.getSnapshot().context.notice).toBe('Not found.');
    actor.send({ type: 'details.reload' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('Server error.');
  });

  it('cancels an external simulation still awaited, notes the credits returned and reads the rows again; nothing else', async () => {
    const { actor, calls } = start({
      rows: [[row({}), row({ id: 2, computedByCanopy: true, status: 'queued', version: null })], [row({ status: 'cancelled' })]],
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'simulation.cancel', simulationId: 2 });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'simulation.cancel', simulationId: 1 });
    expect(actor.getSnapshot().value).toBe('cancelling');
    await waitFor(actor, (s) => s.matches('ready') && s.context.rows[0]!.status === 'cancelled');
    expect(actor.getSnapshot().context.notice).toBe('Cancelled. 10 reserved credits were returned.');
    expect(calls).toEqual(['load', 'cancel 1', 'load']);
    expect(['awaiting_external_results', 'completed', 'cancelled'].map((status) => mayCancel(row({ status })))).toEqual([true, false, false]);
    // Canopy's own CFD wind run while it is queued or running; not its other analyses.
    const canopyWind = (status: string, category = 'pedestrian_wind_comfort') => row({ status, category, engine: 'CFD', computedByCanopy: true });
    expect(['queued', 'running', 'post_processing', 'completed'].map((status) => mayCancel(canopyWind(status)))).toEqual([true, true, false, false]);
    expect(mayCancel(canopyWind('running', 'solar'))).toBe(false);
  });

  it('mayResubmit follows the server rule (submitted AI simulations Canopy does not compute; not a cancelled one), and never beside Completed', () => {
    // The server would take a completed one too; the screen does not offer it (no 'Request again' beside 'Completed').
    expect(['awaiting_external_results', 'failed', 'completed', 'cancelled', 'running', 'draft'].map((status) => mayResubmit(row({ status })))).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(mayResubmit(row({ engine: 'CFD' }))).toBe(false);
  });
});
