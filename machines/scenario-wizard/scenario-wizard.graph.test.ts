/**
 * Model-based tests of the scenario wizard with xstate/graph: the traversal walks the machine's own
 * transition function from a loaded, valid form, fed every user event and the actors' done and
 * error events (validation running / passed / failed / errored, a repair and an acknowledgement
 * done or refused, enough and too little credit, field errors on save, a failed submit).
 *
 * Properties, on every path and edge:
 * - every state is reachable, and the success modal is reached through every form step in order;
 * - a form step is only left forward when it has no flag;
 * - going back never changes a value;
 * - cost.approve with too little credit never leaves the cost step;
 * - a failed submit never leads to a second approval without the user's retry.
 */
import { describe, expect, it } from 'vitest';
import { getNextSnapshot, type AnyStateNode, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { scenarioWizardMachine, type WizardEvent } from './scenario-wizard.machine.ts';
import { enoughCredit, erroredReport, failedReport, options, passedReport, runningReport, tooLittleCredit, validValues } from './scenario-wizard.fixtures.ts';
import { flagsOfStep } from './scenario-inputs.ts';
import { selectAllFlags, selectStep } from './scenario-wizard.selectors.ts';
import { FORM_STEPS } from './scenario-wizard.types.ts';

type Snapshot = SnapshotFrom<typeof scenarioWizardMachine>;

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as WizardEvent;
const error = (id: string, err: unknown) => ({ type: `xstate.error.actor.${id}`, error: err }) as unknown as WizardEvent;
const http = (status: number, detail: string | null, fields: Record<string, string[]> = {}) => ({ kind: 'http', status, detail, fields, body: null });

const EVENTS: WizardEvent[] = [
  done('loadWizard', { options, scenario: { id: 9, study_id: 70, name: 'Podium option B', status: 'draft', values: validValues() } }),
  error('loadWizard', http(500, 'Server error.')),
  { type: 'values.change', patch: { name: '' } },
  { type: 'values.change', patch: { name: 'Podium option B' } },
  { type: 'step.next' },
  { type: 'step.back' },
  done('saveScenario', { id: 9, study_id: 70, simulation_ids: [11], engine: 'CFD' }),
  error('saveScenario', http(400, null, { time_window: ['Enter a time window as HH:MM-HH:MM (00:00 to 23:59).'] })),
  error('saveScenario', http(500, 'Server error.')),
  done('startValidation', runningReport),
  done('startValidation', passedReport),
  error('startValidation', http(503, 'The queue is unavailable.')),
  { type: 'validation.updated', report: failedReport },
  { type: 'validation.updated', report: passedReport },
  { type: 'validation.updated', report: erroredReport },
  { type: 'validation.acknowledge' },
  done('acknowledgeWarnings', { ...passedReport, warningsAcknowledged: true }),
  error('acknowledgeWarnings', http(500, 'Server error.')),
  { type: 'geometry.repair', role: 'study', uploadId: 1 },
  done('repairGeometry', {
    role: 'study',
    sourceUploadId: 1,
    uploadId: 41,
    filename: 'tower-remeshed.stl',
    holesClosed: 1,
    holesLeftOpen: 0,
    flippedTriangles: 0,
    mergedVertices: 0,
    removedDegenerate: 0,
    passed: true,
  }),
  error('repairGeometry', http(400, null, { upload_id: ['tower.stl has no usable triangles.'] })),
  done('loadCost', enoughCredit),
  done('loadCost', tooLittleCredit),
  error('loadCost', http(500, 'Server error.')),
  { type: 'cost.approve' },
  done('submitScenario', { status: 'queued', creditsDebited: 24, creditsLeft: 76 }),
  error('submitScenario', http(502, 'Bad gateway.')),
  { type: 'retry' },
  { type: 'close' },
  { type: 'cancel' },
];

function serializeState(s: Snapshot): string {
  const c = s.context;
  return JSON.stringify([s.value, c.values.name, c.cost?.sufficient ?? null, c.validation?.state ?? null, Object.keys(c.serverFlags).length > 0]);
}

const INPUT = { projectId: 7, mode: 'edit' as const, configurationId: 9 };
const PATHS = getShortestPaths(scenarioWizardMachine, { input: INPUT, events: EVENTS, serializeState });
const EDGES = PATHS.flatMap((path) => EVENTS.map((event) => ({ before: path.state, event, after: getNextSnapshot(scenarioWizardMachine, path.state, event) })));

function atomicStatePaths(node: AnyStateNode): string[] {
  const children = Object.values(node.states) as AnyStateNode[];
  if (children.length === 0) return [node.path.join('.')];
  return children.flatMap(atomicStatePaths);
}

const leaf = (s: Snapshot): string => {
  const walk = (v: unknown, prefix: string[]): string =>
    typeof v === 'string' ? [...prefix, v].join('.') : Object.entries(v as Record<string, unknown>).map(([k, inner]) => walk(inner, [...prefix, k]))[0]!;
  return walk(s.value, []);
};

describe('scenario wizard statechart (xstate/graph)', () => {
  it('reaches every state', () => {
    const reached = new Set(PATHS.map((p) => leaf(p.state)));
    // Transient states (settling, judged) are left at once; they are never at rest.
    const resting = atomicStatePaths(scenarioWizardMachine.root).filter((p) => !p.endsWith('settling') && !p.endsWith('judged'));
    expect(resting.filter((p) => !reached.has(p))).toEqual([]);
  });

  it('reaches the success modal through every form step, validation and cost, in order', () => {
    const toSubmitted = PATHS.find((p) => p.state.matches('submitted'))!;
    const visited = toSubmitted.steps.map((step) => leaf(step.state));
    const order = [...FORM_STEPS.map((s) => `editing.${s}`), 'saving', 'validation.passed', 'cost.ready', 'cost.submitting', 'submitted'];
    const positions = order.map((state) => visited.indexOf(state));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('a form step is left forward only when it has no flag', () => {
    let blocked = 0;
    for (const { before, event, after } of EDGES) {
      const step = selectStep(before);
      if (!step || event.type !== 'step.next') continue;
      const flags = flagsOfStep(selectAllFlags(before), step);
      if (Object.keys(flags).length > 0) {
        blocked += 1;
        expect(selectStep(after)).toBe(step);
      } else {
        expect(selectStep(after)).not.toBe(step);
      }
    }
    expect(blocked).toBeGreaterThan(0);
  });

  it('going back keeps every value', () => {
    let backs = 0;
    for (const { before, event, after } of EDGES) {
      if (event.type !== 'step.back' || after === before) continue;
      backs += 1;
      expect(after.context.values).toEqual(before.context.values);
    }
    expect(backs).toBeGreaterThan(3);
  });

  it('never submits with too little credit', () => {
    for (const { before, event, after } of EDGES) {
      if (event.type === 'cost.approve' && before.context.cost?.sufficient === false) expect(after.matches({ cost: 'submitting' })).toBe(false);
    }
    const approvals = EDGES.filter((e) => e.event.type === 'cost.approve' && e.after.matches({ cost: 'submitting' }));
    expect(approvals.length).toBeGreaterThan(0);
  });

  it('a failed submit waits for the user; retry submits again from there', () => {
    const fromFailed = EDGES.filter((e) => e.before.matches({ cost: 'submitFailed' }));
    expect(fromFailed.length).toBeGreaterThan(0);
    for (const { event, after } of fromFailed) {
      if (event.type === 'retry') expect(after.matches({ cost: 'submitting' })).toBe(true);
      else if (event.type !== 'cancel') expect(after.matches({ cost: 'submitFailed' })).toBe(true);
    }
  });

  it('tags group the states the views read together', () => {
    const at = (s: Snapshot, ...phases: string[]) => phases.some((p) => s.matches({ validation: p } as never));
    const seen = { checkingGeometry: 0, geometryPassed: 0, changingScenario: 0 };
    for (const { state } of PATHS) {
      expect(state.hasTag('checkingGeometry')).toBe(at(state, 'starting', 'running'));
      expect(state.hasTag('geometryPassed')).toBe(at(state, 'passed', 'acknowledging'));
      expect(state.hasTag('changingScenario')).toBe(at(state, 'acknowledging', 'repairing'));
      for (const tag of Object.keys(seen) as (keyof typeof seen)[]) if (state.hasTag(tag)) seen[tag] += 1;
    }
    expect(Object.values(seen).every((n) => n > 0)).toBe(true);
  });

  it('every way to the success modal passes a geometry validation and an approval of the cost', () => {
    const submitted = PATHS.filter((p) => p.state.matches('submitted') || p.state.matches('closed'));
    const ways = submitted.filter((p) => p.steps.some((step) => step.state.matches('submitted')));
    expect(ways.length).toBeGreaterThan(0);
    for (const path of ways) {
      expect(path.steps.some((step) => step.state.matches({ validation: 'passed' }))).toBe(true);
      expect(path.steps.some((step) => step.state.matches({ cost: 'submitting' }))).toBe(true);
    }
  });
});
