/**
 * The wizard's cost step for Canopy's CFD wind, by events with fake actors: the estimate
 * for the saved choice, asked again (once) when the directions or the tier change, the server's
 * refusal of a grid too large for the tier, no approval while the choice differs from the saved
 * one, and applying it: saved, validated again and straight back to the new cost.
 */
import { describe, expect, it } from 'vitest';
import { canopyCfdOffer, cfdEstimate, enoughCredit, options, tooLargeForDetailed, validValues } from './scenario-wizard.fixtures.ts';
import { fill, settle, startWizard, type FakeServer, type WizardActor } from './scenario-wizard.test-harness.ts';
import {
  selectCfdAnalyses,
  selectCfdApplicable,
  selectCfdChanged,
  selectCfdChoice,
  selectCfdEstimateRef,
  selectEstimateLines,
  selectEstimatePhase,
  selectEstimateRefusal,
} from './cfd-estimate.selectors.ts';
import { ESTIMATE_SETTLE_MS, type CfdEstimateRequest } from './cfd-estimate.machine.ts';
import { FORM_STEPS, type WizardValues } from './scenario-wizard.types.ts';

const cfdOptions = { ...options, capabilities: canopyCfdOffer };

function cfdValues(): WizardValues {
  return {
    ...validValues(),
    analyses: [
      { analysis_type: 'pedestrian_wind_comfort', metrics: ['lawson-lddc'] },
      { analysis_type: 'solar', metrics: ['sunlit_share'] },
    ],
    parameterSets: {},
    windDirections: '16',
    cfdTier: 'rapid',
  };
}

/** The estimate as the server gives it, refusing the detailed tier. */
const estimates: FakeServer['estimate'] = async (request: CfdEstimateRequest) => {
  if (request.values.cfdTier === 'detailed') throw tooLargeForDetailed;
  return request.analyses.map((analysis_type) => ({ analysis_type, estimate: cfdEstimate(request.values.cfdTier, Number(request.values.windDirections)) }));
};

async function toCost(server: FakeServer = {}) {
  const started = startWizard({ load: async () => ({ options: cfdOptions, scenario: null }), estimate: estimates, ...server });
  const { actor } = started;
  await settle(actor, 'editing.basics');
  fill(actor, cfdValues());
  for (let i = 0; i < FORM_STEPS.length; i++) actor.send({ type: 'step.next' });
  await settle(actor, 'validation.passed');
  actor.send({ type: 'step.next' });
  await settle(actor, 'cost.ready');
  await estimateSettled(actor);
  return started;
}

const estimateOf = (actor: WizardActor) => selectCfdEstimateRef(actor.getSnapshot())!.getSnapshot();

/** Waits until the estimate actor has answered the latest choice. */
async function estimateSettled(actor: WizardActor): Promise<void> {
  const deadline = Date.now() + 3000;
  while (Date.now() < deadline) {
    const ref = selectCfdEstimateRef(actor.getSnapshot());
    if (ref && selectEstimatePhase(ref.getSnapshot()) !== 'loading') return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the estimate did not settle');
}

describe("the cost step of Canopy's CFD wind", () => {
  it('shows the estimate of the saved choice and approves it', async () => {
    const { actor, calls } = await toCost();
    expect(selectCfdAnalyses(actor.getSnapshot())).toEqual(['pedestrian_wind_comfort']);
    expect(calls.estimate).toHaveLength(1);
    expect(calls.estimate[0]).toMatchObject({ projectId: 7, analyses: ['pedestrian_wind_comfort'], values: { windDirections: '16', cfdTier: 'rapid' } });
    expect(selectEstimatePhase(estimateOf(actor))).toBe('ready');
    expect(selectEstimateLines(estimateOf(actor))[0]!.estimate).toMatchObject({ cells: 530_000, minutes_total: 19.2, credits: 10 });
    expect(selectCfdChanged(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'cost.approve' });
    await settle(actor, 'submitted');
    expect(calls.submit).toHaveLength(1);
  });

  it('asks again, once, when the directions change, and approves only after the new choice is saved and validated', async () => {
    const { actor, calls } = await toCost();
    actor.send({ type: 'cfd.choose', windDirections: '12' });
    actor.send({ type: 'cfd.choose', windDirections: '8' });
    expect(selectCfdChoice(actor.getSnapshot())).toEqual({ windDirections: '8', cfdTier: 'rapid' });
    await new Promise((r) => setTimeout(r, ESTIMATE_SETTLE_MS + 50));
    await estimateSettled(actor);
    // Two quick changes: one more request, for the last choice.
    expect(calls.estimate.map((r) => r.values.windDirections)).toEqual(['16', '8']);
    expect(selectEstimateLines(estimateOf(actor))[0]!.estimate).toMatchObject({ wind_directions: 8, minutes_total: 9.6 });

    // The shown cost is the saved choice's: no approval until the new one is applied.
    expect(selectCfdChanged(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'cost.approve' });
    expect(actor.getSnapshot().matches({ cost: 'ready' })).toBe(true);
    expect(calls.submit).toHaveLength(0);

    expect(selectCfdApplicable(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'cfd.apply' });
    await settle(actor, 'cost.ready');
    // Saved with 8 directions, validated again, and back at the cost without a 'next'.
    expect(calls.save.map((s) => s.values.windDirections)).toEqual(['16', '8']);
    expect(calls.startValidation).toBe(2);
    expect(selectCfdChanged(actor.getSnapshot())).toBe(false);
    await estimateSettled(actor);
    actor.send({ type: 'cost.approve' });
    await settle(actor, 'submitted');
    expect(calls.submit).toHaveLength(1);
  });

  it("shows the server's refusal of a tier too fine for the geometry, which cannot be applied", async () => {
    const { actor, calls } = await toCost();
    actor.send({ type: 'cfd.choose', cfdTier: 'detailed' });
    await new Promise((r) => setTimeout(r, ESTIMATE_SETTLE_MS + 50));
    await estimateSettled(actor);
    expect(selectEstimatePhase(estimateOf(actor))).toBe('refused');
    expect(selectEstimateRefusal(estimateOf(actor))).toMatch(/14,800,000 cells \(limit 12,000,000\).*Choose the rapid tier/);
    expect(selectCfdApplicable(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'cfd.apply' });
    actor.send({ type: 'cost.approve' });
    expect(actor.getSnapshot().matches({ cost: 'ready' })).toBe(true);
    expect(calls.save).toHaveLength(1);
    // Back to rapid: the saved choice again, approvable.
    actor.send({ type: 'cfd.choose', cfdTier: 'rapid' });
    await new Promise((r) => setTimeout(r, ESTIMATE_SETTLE_MS + 50));
    await estimateSettled(actor);
    expect(selectEstimatePhase(estimateOf(actor))).toBe('ready');
    actor.send({ type: 'cost.approve' });
    await settle(actor, 'submitted');
  });

  it('asks nothing for a scenario whose wind comes from a provider', async () => {
    const { actor, calls } = await toCost({ load: async () => ({ options, scenario: null }) });
    expect(selectCfdAnalyses(actor.getSnapshot())).toEqual([]);
    expect(selectEstimatePhase(estimateOf(actor))).toBe('off');
    expect(calls.estimate).toHaveLength(0);
    expect(actor.getSnapshot().context.cost).toEqual(enoughCredit);
  });
});
