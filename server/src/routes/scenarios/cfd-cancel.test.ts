/**
 * Cancelling a running CFD wind run over HTTP, with a real job worker and the real solver on the
 * world's tower: refused to whoever may not change the scenario; then the run stops mid-direction,
 * its direction jobs end without a result, the simulation reads cancelled, and the credits of the
 * directions not computed come back as a usage row beside the approval's debit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { assets, jobs, simulations, subscriptionUsage } from '../../db/schema/index.ts';
import type { CancelSimulationResult } from '@canopy/contract/reservations.ts';
import { json, scenarioUrl, setup, startWorker, teardown, validatedScenario, validation, waitFor, type Setup } from '../../../test/world-cfd.ts';

describe('cancelling a running CFD wind run', { timeout: 300_000 }, () => {
  let s: Setup;
  beforeAll(async () => {
    // Long enough to be cancelled mid-run; no checkpoint writes in the way.
    s = await setup({ CFD_TEST_STEPS: '6000', CFD_CHECKPOINT_SECONDS: '3600' });
    startWorker(s);
  });
  afterAll(() => teardown(s));

  it('stops it between steps and returns the credits of the directions not computed', async () => {
    const { t, w } = s;
    const scenario = await validatedScenario(s, 'Tower wind (cancelled)');
    expect((await validation(s, scenario.id)).status).toBe('passed');
    const windId = scenario.simulations[0]!.id;
    await json(
      await t.request(`${scenarioUrl(s, scenario.id)}/user-approval/`, { method: 'POST', token: w.tokens.projectAdmin, json: { approved: true } }),
      200,
    );
    const directions = () =>
      t.database.db
        .select()
        .from(jobs)
        .where(like(jobs.dedupeKey, `cfd-direction:${windId}:%`));
    await waitFor('a direction mid-run', directions, (rows) => rows.some((j) => j.status === 'running' && /step \d+ of/.test(j.progressMessage)));

    const cancel = (token: string | undefined) => t.request(`${scenarioUrl(s, scenario.id)}/simulation/${windId}/cancel`, { method: 'POST', token });
    expect((await cancel(w.tokens.colleague)).status).toBe(403);
    const result = await json<CancelSimulationResult>(await cancel(w.tokens.projectAdmin), 200);
    // No direction was done: the wind's 2 credits all come back.
    expect(result).toMatchObject({ simulation_id: windId, status: 'cancelled', credits_returned: 2 });
    expect(result.status_text).toMatch(/^Cancelled by .+: 0 of 8 directions were computed; nothing of the run is shown, and 2 credits came back\.$/);

    // The running direction stops between two chunks; none is left running, none published anything.
    const ended = await waitFor('every direction ended', directions, (rows) => rows.every((j) => j.status !== 'running' && j.status !== 'queued'));
    expect(ended.filter((j) => j.status === 'completed').length).toBe(8);
    expect(ended.every((j) => (j.result as { skipped?: string }).skipped !== undefined)).toBe(true);
    const [sim] = await t.database.db.select().from(simulations).where(eq(simulations.id, windId));
    expect(sim).toMatchObject({ status: 'cancelled', statusText: result.status_text });
    const layers = await t.database.db.select().from(assets).where(eq(assets.simulationId, windId));
    expect(layers.filter((a) => a.layerType !== 'geometry')).toHaveLength(0);
    const usage = await t.database.db.select().from(subscriptionUsage).where(eq(subscriptionUsage.configurationId, scenario.id));
    expect(usage.map((u) => u.creditsUsed).sort((a, b) => a - b)).toEqual([-2, 2]);

    // Once over, it cannot be cancelled again.
    const again = await cancel(w.tokens.projectAdmin);
    expect(again.status).toBe(400);
  });
});
