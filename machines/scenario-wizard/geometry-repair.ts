/**
 * The validation step's two actions on its findings (SPEC §3 geometry-validation PATCH and
 * remesh-stl): acknowledging the warnings (recorded on the validation, shown in the QA report), and
 * repairing an uploaded STL whose findings a remesh can fix (merge near vertices, drop collapsed
 * triangles, fix winding, close small holes). The repaired file replaces the original in the
 * scenario (the server's default) and in the wizard's values, and the geometry is checked again.
 */
import type { GeometryFinding } from '@canopy/contract/scenarios.ts';
import type { GeometryRole, ScenarioRef, WizardValues } from './scenario-wizard.types.ts';

/** Finding codes (engine/geometry/validate) the remesh repairs. */
export const REPAIRABLE_CODES: ReadonlySet<string> = new Set(['open-edges', 'small-gaps', 'degenerate-triangles', 'inconsistent-normals', 'inverted-normals']);

export interface RepairRequest extends ScenarioRef {
  simulationId: number;
  uploadId: number;
  role: GeometryRole;
}

/** What the server's remesh did, in the wizard's terms. */
export interface RepairOutcome {
  role: GeometryRole;
  sourceUploadId: number;
  uploadId: number;
  filename: string;
  holesClosed: number;
  holesLeftOpen: number;
  flippedTriangles: number;
  mergedVertices: number;
  removedDegenerate: number;
  /** The repaired file alone passes validation. */
  passed: boolean;
}

export interface AcknowledgeRequest extends ScenarioRef {
  validationId: number;
}

/** The files a remesh could fix: one entry per (role, upload) with an error or warning it repairs. */
export function repairableFiles(findings: readonly GeometryFinding[]): Array<{ role: GeometryRole; uploadId: number; filename: string }> {
  const out = new Map<string, { role: GeometryRole; uploadId: number; filename: string }>();
  for (const f of findings) {
    if (f.severity === 'info' || !REPAIRABLE_CODES.has(f.code) || f.upload_id === null || !f.role) continue;
    out.set(`${f.role}:${f.upload_id}`, { role: f.role, uploadId: f.upload_id, filename: f.asset ?? `file ${f.upload_id}` });
  }
  return [...out.values()];
}

/** Unacknowledged warnings: the step offers to acknowledge them. */
export function warningsToAcknowledge(findings: readonly GeometryFinding[], acknowledged: boolean): number {
  return acknowledged ? 0 : findings.filter((f) => f.severity === 'warning').length;
}

/** The values with the repaired file in place of its source (same role, same position). */
export function withRepairedFile(values: WizardValues, outcome: RepairOutcome): WizardValues {
  const files = values.geometry[outcome.role];
  return {
    ...values,
    geometry: {
      ...values.geometry,
      [outcome.role]: files.map((f) =>
        f.upload_id === outcome.sourceUploadId ? { upload_id: outcome.uploadId, filename: outcome.filename, size: f.size } : f,
      ),
    },
  };
}
