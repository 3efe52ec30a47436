/** The scenario wizard by events, with fake actors: modes, validation, cost and submission. */
import { describe, expect, it } from 'vitest';
import { enoughCredit, failedReport, options, passedReport, runningReport, tooLittleCredit, validValues } from './scenario-wizard.fixtures.ts';
import { fill, saved, settle, startWizard, type WizardActor } from './scenario-wizard.test-harness.ts';
import { selectCostBlock, selectError, selectScreen, selectValues } from './scenario-wizard.selectors.ts';
import { FORM_STEPS } from './scenario-wizard.types.ts';

async function throughForm(actor: WizardActor) {
  await settle(actor, 'editing.basics');
  fill(actor, validValues());
  for (let i = 0; i < FORM_STEPS.length; i++) actor.send({ type: 'step.next' });
}

describe('scenario wizard', () => {
  it('creates: saves the form, validates, shows the cost, approves and submits once', async () => {
    const { actor, calls } = startWizard();
    const emitted: string[] = [];
    actor.on('*', (e) => emitted.push(e.type));
    await throughForm(actor);
    await settle(actor, 'validation.passed');
    expect(calls.save).toEqual([{ projectId: 7, studyId: null, configurationId: null, values: validValues() }]);
    expect(actor.getSnapshot().context.validation).toEqual(passedReport);
    actor.send({ type: 'step.next' });
    await settle(actor, 'cost.ready');
    actor.send({ type: 'cost.approve' });
    await settle(actor, 'submitted');
    expect(calls.submit).toEqual([{ projectId: 7, studyId: saved.study_id, configurationId: saved.id, expectedCredits: 24 }]);
    expect(emitted).toEqual(['scenario.saved', 'scenario.submitted']);
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it("preselects the project's only weather station for a new scenario, and none of several", async () => {
    const one = startWizard();
    await settle(one.actor, 'editing.basics');
    expect(selectValues(one.actor.getSnapshot()).metSourceId).toBe(5);
    const two = startWizard({
      load: async () => ({ options: { ...options, metSources: [...options.metSources, { id: 6, name: 'Midway' }] }, scenario: null }),
    });
    await settle(two.actor, 'editing.basics');
    expect(selectValues(two.actor.getSnapshot()).metSourceId).toBeNull();
  });

  it('edits: loads the scenario, and saving again after going back updates the same one', async () => {
    const existing = { ...validValues(), name: 'Existing' };
    const { actor, calls } = startWizard(
      { load: async () => ({ options, scenario: { id: 9, study_id: 70, name: 'Existing', status: 'draft', values: existing } }) },
      { projectId: 7, mode: 'edit', configurationId: 9 },
    );
    await settle(actor, 'editing.basics');
    expect(selectValues(actor.getSnapshot()).name).toBe('Existing');
    for (let i = 0; i < FORM_STEPS.length; i++) actor.send({ type: 'step.next' });
    await settle(actor, 'validation.passed');
    actor.send({ type: 'step.back' });
    expect(selectScreen(actor.getSnapshot())).toBe('geometry');
    expect(selectValues(actor.getSnapshot())).toEqual(existing);
    for (let i = 0; i < 4; i++) actor.send({ type: 'step.next' });
    await settle(actor, 'validation.passed');
    expect(calls.save.map((c) => c.configurationId)).toEqual([9, 9]);
    expect(calls.save[0]!.studyId).toBe(70);
  });

  it('appends: analyses that already ran cannot be removed, new ones can be added', async () => {
    const ran = { ...validValues(), analyses: [{ analysis_type: 'solar' as const, metrics: ['sunlit_share'] }], parameterSets: {} };
    const { actor } = startWizard(
      { load: async () => ({ options, scenario: { id: 9, study_id: 70, name: 'Existing', status: 'completed', values: ran } }) },
      { projectId: 7, mode: 'append', configurationId: 9 },
    );
    await settle(actor, 'editing.basics');
    actor.send({ type: 'analysis.toggle', analysisType: 'solar' });
    actor.send({ type: 'analysis.toggle', analysisType: 'thermal_comfort' });
    expect(selectValues(actor.getSnapshot()).analyses.map((a) => a.analysis_type)).toEqual(['solar', 'thermal_comfort']);
    actor.send({ type: 'metric.toggle', analysisType: 'thermal_comfort', metric: 'PMV' });
    expect(selectValues(actor.getSnapshot()).analyses[1]!.metrics).toEqual(['UTCI', 'PMV']);
  });

  it('choosing a parameter set copies its values into the form', async () => {
    const { actor } = startWizard();
    await settle(actor, 'editing.basics');
    actor.send({ type: 'analysis.toggle', analysisType: 'pressure' });
    actor.send({ type: 'parameterSet.choose', analysisType: 'pressure', id: 31 });
    const v = selectValues(actor.getSnapshot());
    expect([v.windDirections, v.returnPeriods.pressure, v.referenceHeight, v.internalPressure]).toEqual(['36', '10, 50', '120', '-0.3']);
    expect(v.parameterSets).toEqual({ pressure: 31 });
  });

  it('waits for a running validation; error findings hold the wizard and lead back to the geometry', async () => {
    const { actor } = startWizard({ startValidation: async () => runningReport, watched: [runningReport, failedReport] });
    await throughForm(actor);
    await settle(actor, 'validation.running');
    await settle(actor, 'validation.failed');
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().matches({ validation: 'failed' })).toBe(true);
    actor.send({ type: 'step.back' });
    expect(selectScreen(actor.getSnapshot())).toBe('geometry');
  });

  it('holds approval with the reason when credit is insufficient', async () => {
    const { actor, calls } = startWizard({ cost: async () => tooLittleCredit });
    await throughForm(actor);
    await settle(actor, 'validation.passed');
    actor.send({ type: 'step.next' });
    await settle(actor, 'cost.ready');
    actor.send({ type: 'cost.approve' });
    expect(actor.getSnapshot().matches({ cost: 'ready' })).toBe(true);
    expect(selectCostBlock(actor.getSnapshot())).toBe(tooLittleCredit.blocked_reason);
    expect(calls.submit).toEqual([]);
  });

  it("shows the server's refusal of the approval (e.g. credit spent meanwhile) and lets the user retry", async () => {
    let attempts = 0;
    const { actor, calls } = startWizard({
      submit: async () => {
        attempts += 1;
        if (attempts === 1) throw { kind: 'http', status: 402, detail: 'Not enough credits: 24 needed, 4 left.', fields: {}, body: null };
        return { status: 'awaiting_external_results', creditsDebited: 24, creditsLeft: 0 };
      },
    });
    await throughForm(actor);
    await settle(actor, 'validation.passed');
    actor.send({ type: 'step.next' });
    await settle(actor, 'cost.ready');
    actor.send({ type: 'cost.approve' });
    await settle(actor, 'cost.submitFailed');
    expect(selectError(actor.getSnapshot())).toBe('Not enough credits: 24 needed, 4 left.');
    actor.send({ type: 'retry' });
    await settle(actor, 'submitted');
    expect(calls.submit).toHaveLength(2);
    expect(actor.getSnapshot().context.status).toBe('awaiting_external_results');
  });

  it('shows the new breakdown when the price changed since it was shown, and approves afresh', async () => {
    let costs = 0;
    let submits = 0;
    const { actor, calls } = startWizard({
      cost: async () => (++costs === 1 ? enoughCredit : { ...enoughCredit, total_credits: 30 }),
      submit: async () => {
        if (++submits === 1)
          throw {
            kind: 'http',
            status: 400,
            detail: null,
            fields: { expected_credits: ['The cost is now 30 credits (you approved 24); review the breakdown and approve again.'] },
            body: null,
          };
        return { status: 'queued', creditsDebited: 30, creditsLeft: 70 };
      },
    });
    await throughForm(actor);
    await settle(actor, 'validation.passed');
    actor.send({ type: 'step.next' });
    await settle(actor, 'cost.ready');
    actor.send({ type: 'cost.approve' });
    await settle(actor, 'cost.loading');
    await settle(actor, 'cost.ready');
    expect(selectError(actor.getSnapshot())).toBe('The cost is now 30 credits (you approved 24); review the breakdown and approve again.');
    expect(actor.getSnapshot().context.cost?.total_credits).toBe(30);
    actor.send({ type: 'cost.approve' });
    await settle(actor, 'submitted');
    expect(calls.submit.map((c) => c.expectedCredits)).toEqual([24, 30]);
  });

  it('cancel closes from any step', async () => {
    const { actor } = startWizard();
    await settle(actor, 'editing.basics');
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().status).toBe('done');
  });
});
