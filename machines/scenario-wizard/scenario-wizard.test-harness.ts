/** Runs the scenario wizard with fake actors (no network): each test says what the server answers. */
import { createActor, fromCallback, fromPromise } from 'xstate';
import { scenarioWizardMachine, type LoadOutput, type RecipeAsk, type SaveInput, type WizardInput } from './scenario-wizard.machine.ts';
import type { RecipeAnswer } from './recipe-defaults.ts';
import { cfdEstimateMachine, type CfdEstimateLine, type CfdEstimateRequest } from './cfd-estimate.machine.ts';
import { enoughCredit, options, passedReport } from './scenario-wizard.fixtures.ts';
import type { AcknowledgeRequest, RepairOutcome, RepairRequest } from './geometry-repair.ts';
import type { CostBreakdown, SavedScenario, ScenarioRef, SubmitResult, ValidationReport, WizardValues } from './scenario-wizard.types.ts';

export interface FakeServer {
  load?: () => Promise<LoadOutput>;
  save?: (input: SaveInput) => Promise<SavedScenario>;
  startValidation?: () => Promise<ValidationReport>;
  /** Reports pushed by the watch actor, in order (each on a later tick). */
  watched?: ValidationReport[];
  cost?: () => Promise<CostBreakdown>;
  submit?: (input: ScenarioRef & { expectedCredits: number }) => Promise<SubmitResult>;
  /** PATCH geometry-validation/{id}/ acknowledging the warnings. */
  acknowledge?: (input: AcknowledgeRequest) => Promise<ValidationReport>;
  /** POST remesh-stl/ for one file. */
  repair?: (input: RepairRequest) => Promise<RepairOutcome>;
  /** Canopy's CFD estimate (the cost step of a scenario with Canopy's CFD wind). */
  estimate?: (request: CfdEstimateRequest) => Promise<CfdEstimateLine[]>;
  /** A criterion's recipe (POST criteria/{id}/get-recipe-defaults/); without it, no recipe is read. */
  recipe?: (criterionId: string) => Promise<RecipeAnswer>;
}

export const saved: SavedScenario = { id: 9, study_id: 70, simulation_ids: [11, 12], engine: 'CFD' };

export function startWizard(server: FakeServer = {}, input: WizardInput = { projectId: 7, mode: 'create' }) {
  const calls = {
    save: [] as SaveInput[],
    submit: [] as (ScenarioRef & { expectedCredits: number })[],
    startValidation: 0,
    estimate: [] as CfdEstimateRequest[],
    acknowledge: [] as AcknowledgeRequest[],
    repair: [] as RepairRequest[],
    recipe: [] as string[],
  };
  const machine = scenarioWizardMachine.provide({
    actors: {
      loadWizard: fromPromise(async () => (server.load ? server.load() : { options, scenario: null })),
      recipeDefaults: fromCallback<RecipeAsk>(({ receive, sendBack }) => {
        receive(({ criterionId }) => {
          calls.recipe.push(criterionId);
          server.recipe?.(criterionId).then(
            (answer) => sendBack({ type: 'recipe.loaded', answer }),
            () => undefined,
          );
        });
      }),
      saveScenario: fromPromise(async ({ input }: { input: SaveInput }) => {
        calls.save.push(input);
        return server.save ? server.save(input) : saved;
      }),
      startValidation: fromPromise(async () => {
        calls.startValidation += 1;
        return server.startValidation ? server.startValidation() : passedReport;
      }),
      watchValidation: fromCallback(({ sendBack }) => {
        const timers = (server.watched ?? []).map((report, i) => setTimeout(() => sendBack({ type: 'validation.updated', report }), i + 1));
        return () => timers.forEach(clearTimeout);
      }),
      acknowledgeWarnings: fromPromise(async ({ input }: { input: AcknowledgeRequest }) => {
        calls.acknowledge.push(input);
        if (!server.acknowledge) throw new Error('no acknowledgement in this test');
        return server.acknowledge(input);
      }),
      repairGeometry: fromPromise(async ({ input }: { input: RepairRequest }) => {
        calls.repair.push(input);
        if (!server.repair) throw new Error('no repair in this test');
        return server.repair(input);
      }),
      loadCost: fromPromise(async () => (server.cost ? server.cost() : enoughCredit)),
      submitScenario: fromPromise(async ({ input }: { input: ScenarioRef & { expectedCredits: number } }) => {
        calls.submit.push(input);
        return server.submit ? server.submit(input) : { status: 'queued', creditsDebited: 24, creditsLeft: 76 };
      }),
      cfdEstimate: cfdEstimateMachine.provide({
        actors: {
          estimateCfd: fromPromise(async ({ input }: { input: CfdEstimateRequest }) => {
            calls.estimate.push(input);
            if (!server.estimate) throw new Error('no CFD estimate in this test');
            return server.estimate(input);
          }),
        },
      }),
    },
  });
  const actor = createActor(machine, { input });
  actor.start();
  return { actor, calls };
}

export type WizardActor = ReturnType<typeof startWizard>['actor'];

/** Resolves once the wizard's snapshot matches the state. */
export function settle(actor: WizardActor, state: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => actor.getSnapshot().matches(state as never);
    if (check()) return resolve();
    const timer = setTimeout(() => {
      sub.unsubscribe();
      reject(new Error(`wizard stuck in ${JSON.stringify(actor.getSnapshot().value)}, wanted ${state}`));
    }, 2000);
    const sub = actor.subscribe(() => {
      if (!check()) return;
      clearTimeout(timer);
      sub.unsubscribe();
      resolve();
    });
  });
}

/** Fills the whole form with valid values (a quick way to reach a later step). */
export function fill(actor: WizardActor, values: WizardValues): void {
  actor.send({ type: 'values.change', patch: values });
}
