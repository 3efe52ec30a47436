/** The validation step's repair (remesh-stl) and acknowledgement (PATCH) by events, with fake actors. */
import { describe, expect, it } from 'vitest';
import type { GeometryFinding } from '@canopy/contract/scenarios.ts';
import { validValues } from './scenario-wizard.fixtures.ts';
import { fill, saved, settle, startWizard, type WizardActor } from './scenario-wizard.test-harness.ts';
import { selectError, selectRepair, selectValidationPhase, selectValues } from './scenario-wizard.selectors.ts';
import { FORM_STEPS, type ValidationReport } from './scenario-wizard.types.ts';
import { repairableFiles, warningsToAcknowledge, withRepairedFile, type RepairOutcome } from './geometry-repair.ts';

const finding = (over: Partial<GeometryFinding>): GeometryFinding => ({
  id: 'f',
  severity: 'error',
  code: 'open-edges',
  message: 'The study geometry has 4 open edges (a 0.3 m hole).',
  suggested_fix: 'Close the hole.',
  triangles: [1],
  edges: [],
  location: null,
  role: 'study',
  asset: 'tower.stl',
  upload_id: 1,
  count: 4,
  related: null,
  details: {},
  ...over,
});

const holed: ValidationReport = { id: 3, state: 'failed', findings: [finding({})], error: null, warningsAcknowledged: false };
const clean: ValidationReport = { id: 4, state: 'passed', findings: [], error: null, warningsAcknowledged: false };
const warned: ValidationReport = {
  id: 5,
  state: 'passed',
  findings: [
    finding({
      id: 'w',
      severity: 'warning',
      code: 'far-from-origin',
      message: 'The model is 3 km from the origin.',
      upload_id: 3,
      role: 'presentation_planes',
      asset: 'plane.stl',
    }),
  ],
  error: null,
  warningsAcknowledged: false,
};
const outcome: RepairOutcome = {
  role: 'study',
  sourceUploadId: 1,
  uploadId: 41,
  filename: 'tower-remeshed.stl',
  holesClosed: 1,
  holesLeftOpen: 0,
  flippedTriangles: 0,
  mergedVertices: 2,
  removedDegenerate: 0,
  passed: true,
};

async function throughForm(actor: WizardActor) {
  await settle(actor, 'editing.basics');
  fill(actor, validValues());
  for (let i = 0; i < FORM_STEPS.length; i++) actor.send({ type: 'step.next' });
}

describe('geometry repair and acknowledgement', () => {
  it('repairs a failed file: remesh-stl for it, the repaired file replaces it in the values, and the geometry is checked again', async () => {
    const reports = [holed, clean];
    const { actor, calls } = startWizard({ startValidation: async () => reports.shift()!, repair: async () => outcome });
    await throughForm(actor);
    await settle(actor, 'validation.failed');
    actor.send({ type: 'geometry.repair', role: 'study', uploadId: 1 });
    expect(selectValidationPhase(actor.getSnapshot())).toBe('repairing');
    await settle(actor, 'validation.passed');
    expect(calls.repair).toEqual([
      { projectId: 7, studyId: saved.study_id, configurationId: saved.id, simulationId: saved.simulation_ids[0], role: 'study', uploadId: 1 },
    ]);
    expect(calls.startValidation).toBe(2);
    expect(selectValues(actor.getSnapshot()).geometry.study).toEqual([{ upload_id: 41, filename: 'tower-remeshed.stl', size: 684 }]);
    expect(selectRepair(actor.getSnapshot())).toEqual(outcome);
  });

  it('a refused repair stays on the findings with the server message', async () => {
    const { actor } = startWizard({
      startValidation: async () => holed,
      repair: async () => Promise.reject({ kind: 'http', status: 400, detail: null, fields: { upload_id: ['tower.stl has no usable triangles.'] }, body: {} }),
    });
    await throughForm(actor);
    await settle(actor, 'validation.failed');
    actor.send({ type: 'geometry.repair', role: 'study', uploadId: 1 });
    await settle(actor, 'validation.failed');
    expect(selectError(actor.getSnapshot())).toBe('tower.stl has no usable triangles.');
    expect(selectValues(actor.getSnapshot()).geometry.study[0]!.upload_id).toBe(1);
  });

  it('acknowledges the warnings of a passed run (PATCH), then goes on to the cost', async () => {
    const { actor, calls } = startWizard({ startValidation: async () => warned, acknowledge: async () => ({ ...warned, warningsAcknowledged: true }) });
    await throughForm(actor);
    await settle(actor, 'validation.passed');
    actor.send({ type: 'validation.acknowledge' });
    await settle(actor, 'validation.passed');
    expect(calls.acknowledge).toEqual([{ projectId: 7, studyId: saved.study_id, configurationId: saved.id, validationId: 5 }]);
    expect(actor.getSnapshot().context.validation?.warningsAcknowledged).toBe(true);
    actor.send({ type: 'step.next' });
    await settle(actor, 'cost.ready');
  });

  it('offers a repair only for findings a remesh fixes, once per file; counts unacknowledged warnings', () => {
    const findings = [
      finding({ id: 'a' }),
      finding({ id: 'b', code: 'inverted-normals' }),
      finding({ id: 'c', code: 'far-from-origin', severity: 'warning' }),
      finding({ id: 'd', code: 'small-gaps', severity: 'info' }),
      finding({ id: 'e', upload_id: null }),
      finding({ id: 'f', code: 'degenerate-triangles', severity: 'warning', role: 'surrounds', upload_id: 9, asset: 'city.stl' }),
    ];
    expect(repairableFiles(findings)).toEqual([
      { role: 'study', uploadId: 1, filename: 'tower.stl' },
      { role: 'surrounds', uploadId: 9, filename: 'city.stl' },
    ]);
    expect(warningsToAcknowledge(findings, false)).toBe(2);
    expect(warningsToAcknowledge(findings, true)).toBe(0);
    const values = validValues();
    expect(withRepairedFile(values, outcome).geometry.study).toEqual([{ upload_id: 41, filename: 'tower-remeshed.stl', size: 684 }]);
    expect(withRepairedFile(values, outcome).geometry.ground).toBe(values.geometry.ground);
  });
});
