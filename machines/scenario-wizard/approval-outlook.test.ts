/**
 * A scenario that could not be approved says so at the first step that knows it, and the wizard's
 * step chips lead back: by events and selectors on the wizard with fake actors.
 */
import { describe, expect, it } from 'vitest';
import { approvalOutlooks, costFix, type AccountOption } from './approval-outlook.ts';
import { enoughCredit, options, passedReport, tooLittleCredit, validValues } from './scenario-wizard.fixtures.ts';
import { fill, saved, settle, startWizard } from './scenario-wizard.test-harness.ts';
import { selectOutlooks, selectReachableSteps, selectScreen, selectValues } from './scenario-wizard.selectors.ts';
import type { WizardOptions } from './scenario-wizard.types.ts';

const aiStarter: AccountOption = { subscription: { plan: 'Starter (AI)', creditType: 'AI', creditsLeft: 200, expired: false }, canAssign: true };
const cfdStarter: AccountOption = { subscription: { plan: 'Starter (CFD)', creditType: 'CFD', creditsLeft: 200, expired: false }, canAssign: true };

describe('the approval outlook', () => {
  it('at the job level: a subscription of the other credit type is a dead end, said with its fix', async () => {
    const { actor } = startWizard({ load: async () => ({ options: { ...options, account: aiStarter }, scenario: null }) });
    await settle(actor, 'editing.basics');
    expect(selectOutlooks('basics')(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'values.change', patch: { engine: 'CFD' } });
    expect(selectOutlooks('basics')(actor.getSnapshot())).toEqual([
      {
        step: 'basics',
        message: 'Your subscription (Starter (AI)) holds AI credits; a scenario at the CFD level needs CFD credits, so you could not approve it.',
        fix: 'assignSubscription',
      },
    ]);
    // The warning does not hold the user back: a colleague with CFD credits may approve the draft.
    actor.send({ type: 'values.change', patch: { name: 'Towers' } });
    actor.send({ type: 'step.next' });
    expect(selectScreen(actor.getSnapshot())).toBe('analyses');
    expect(selectOutlooks('analyses')(actor.getSnapshot())).toHaveLength(1);
    actor.send({ type: 'values.change', patch: { engine: 'AI' } });
    expect(selectOutlooks('analyses')(actor.getSnapshot())).toEqual([]);
  });

  it('names who fixes it: the user when they may assign subscriptions, else their administrators; expiry is the operator’s', () => {
    const values = { ...validValues(), engine: 'CFD' as const };
    const none: WizardOptions = { ...options, account: { subscription: null, canAssign: false } };
    expect(approvalOutlooks(values, none)).toEqual([
      { step: 'basics', message: 'You hold no subscription, and approving a scenario at the CFD level needs one with CFD credits.', fix: 'askAdministrator' },
    ]);
    const expired: WizardOptions = { ...options, account: { ...cfdStarter, subscription: { ...cfdStarter.subscription!, expired: true } } };
    expect(approvalOutlooks(values, expired).map((o) => o.fix)).toEqual(['askOperator']);
    expect(approvalOutlooks(values, { ...options, account: cfdStarter })).toEqual([]);
    // Unknown (the account could not be read): nothing is foretold.
    expect(approvalOutlooks(values, options)).toEqual([]);
  });

  it('at the analyses: an analysis without a price at the chosen level', () => {
    const values = { ...validValues(), engine: 'CFD' as const };
    const chosen = values.analyses.map((a) => a.analysis_type);
    const prices = chosen.slice(1).map((analysisType) => ({ analysisType, creditType: 'CFD' as const }));
    const [outlook] = approvalOutlooks(values, { ...options, account: cfdStarter, prices });
    expect(outlook).toMatchObject({ step: 'analyses', fix: 'askOperator' });
    expect(outlook!.message).toMatch(/^No CFD price is set for /);
    expect(
      approvalOutlooks(values, { ...options, account: cfdStarter, prices: chosen.map((analysisType) => ({ analysisType, creditType: 'CFD' as const })) }),
    ).toEqual([]);
  });

  it('at the cost: the refusal is paired with the page that fixes it', () => {
    expect(costFix(enoughCredit, cfdStarter)).toBeNull();
    expect(costFix(tooLittleCredit, cfdStarter)).toBe('askOperator');
    const other = {
      ...enoughCredit,
      subscription: { id: 1, plan: 'Starter (AI)', credit_type: 'AI' as const, credits_left: 200 },
      sufficient: false,
      blocked_reason: 'x',
    };
    expect(costFix(other, aiStarter)).toBe('assignSubscription');
    expect(costFix({ ...other, subscription: null }, { subscription: null, canAssign: false })).toBe('askAdministrator');
  });
});

describe('the step chips', () => {
  it('go back to any earlier form step, keeping the values; never forward', async () => {
    const { actor } = startWizard();
    await settle(actor, 'editing.basics');
    fill(actor, validValues());
    for (let i = 0; i < 4; i++) actor.send({ type: 'step.next' });
    expect(selectScreen(actor.getSnapshot())).toBe('parameters');
    expect(selectReachableSteps(actor.getSnapshot())).toEqual(['basics', 'analyses', 'geometry', 'weather']);
    actor.send({ type: 'step.goto', step: 'terms' });
    expect(selectScreen(actor.getSnapshot())).toBe('parameters');
    actor.send({ type: 'step.goto', step: 'analyses' });
    expect(selectScreen(actor.getSnapshot())).toBe('analyses');
    expect(selectValues(actor.getSnapshot())).toEqual(validValues());
  });

  it('lead back from the cost to a form step or to the validation', async () => {
    const { actor } = startWizard();
    await settle(actor, 'editing.basics');
    fill(actor, validValues());
    for (let i = 0; i < 6; i++) actor.send({ type: 'step.next' });
    await settle(actor, 'validation.passed');
    actor.send({ type: 'step.next' });
    await settle(actor, 'cost.ready');
    expect(selectReachableSteps(actor.getSnapshot())).toContain('validation');
    actor.send({ type: 'step.goto', step: 'validation' });
    expect(actor.getSnapshot().matches({ validation: 'passed' })).toBe(true);
    actor.send({ type: 'step.goto', step: 'weather' });
    expect(selectScreen(actor.getSnapshot())).toBe('weather');
  });
});

describe('approving a scenario awaiting approval', () => {
  const awaiting = {
    id: saved.id,
    study_id: saved.study_id,
    name: 'Three towers',
    status: 'awaiting_approval',
    values: validValues(),
    simulation_ids: saved.simulation_ids,
    validation: passedReport,
  };

  it('opens at its cost and approves it, without walking the wizard again', async () => {
    const { actor, calls } = startWizard(
      { load: async () => ({ options, scenario: awaiting }) },
      { projectId: 7, studyId: saved.study_id, configurationId: saved.id, mode: 'approve' },
    );
    await settle(actor, 'cost.ready');
    expect(calls.save).toEqual([]);
    actor.send({ type: 'cost.approve' });
    await settle(actor, 'submitted');
    expect(calls.submit).toEqual([{ projectId: 7, studyId: saved.study_id, configurationId: saved.id, expectedCredits: 24 }]);
  });

  it('goes back to the validation it was opened with, and to the form from there', async () => {
    const { actor } = startWizard(
      { load: async () => ({ options, scenario: awaiting }) },
      { projectId: 7, studyId: saved.study_id, configurationId: saved.id, mode: 'approve' },
    );
    await settle(actor, 'cost.ready');
    actor.send({ type: 'step.back' });
    expect(actor.getSnapshot().matches({ validation: 'passed' })).toBe(true);
    expect(actor.getSnapshot().context.validation).toEqual(passedReport);
    actor.send({ type: 'step.goto', step: 'basics' });
    expect(selectScreen(actor.getSnapshot())).toBe('basics');
  });

  it('without a passed validation, opens at the form like an edit', async () => {
    const { actor } = startWizard(
      { load: async () => ({ options, scenario: { ...awaiting, status: 'draft', validation: null } }) },
      { projectId: 7, configurationId: saved.id, mode: 'approve' },
    );
    await settle(actor, 'editing.basics');
  });
});
