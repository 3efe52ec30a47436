/**
 * How each form event changes the wizard's values — pure functions, so the machine's actions stay
 * one line and the rules are testable without a machine.
 */
import { applyParameterSet, METRICS } from './scenario-inputs.ts';
import type { AnalysisType, GeometryFile, GeometryRole, WizardOptions, WizardValues } from './scenario-wizard.types.ts';

export function toggleAnalysis(v: WizardValues, type: AnalysisType, locked: readonly AnalysisType[]): WizardValues {
  if (locked.includes(type)) return v;
  const chosen = v.analyses.some((a) => a.analysis_type === type);
  if (chosen) {
    const parameterSets = { ...v.parameterSets };
    delete parameterSets[type];
    return { ...v, analyses: v.analyses.filter((a) => a.analysis_type !== type), parameterSets };
  }
  return { ...v, analyses: [...v.analyses, { analysis_type: type, metrics: [METRICS[type][0]!] }] };
}

/** Turns one metric of a chosen analysis on or off (kept in the order METRICS lists them). */
export function toggleMetric(v: WizardValues, type: AnalysisType, metric: string): WizardValues {
  if (!METRICS[type].includes(metric)) return v;
  return {
    ...v,
    analyses: v.analyses.map((a) => {
      if (a.analysis_type !== type) return a;
      const on = a.metrics.includes(metric) ? a.metrics.filter((m) => m !== metric) : [...a.metrics, metric];
      return { ...a, metrics: METRICS[type].filter((m) => on.includes(m)) };
    }),
  };
}

export function addGeometry(v: WizardValues, role: GeometryRole, file: GeometryFile): WizardValues {
  const files = v.geometry[role].filter((f) => f.upload_id !== file.upload_id);
  return { ...v, geometry: { ...v.geometry, [role]: [...files, file] } };
}

export function removeGeometry(v: WizardValues, role: GeometryRole, uploadId: number): WizardValues {
  return { ...v, geometry: { ...v.geometry, [role]: v.geometry[role].filter((f) => f.upload_id !== uploadId) } };
}

/** Choosing a set copies its values into the form; choosing none keeps what is there. */
export function chooseParameterSet(v: WizardValues, options: WizardOptions, type: AnalysisType, id: number | null): WizardValues {
  const set = id === null ? undefined : options.parameterSets.find((s) => s.id === id);
  const base = set && set.analysis_type === type ? applyParameterSet(v, type, set.values) : v;
  return { ...base, parameterSets: { ...base.parameterSets, [type]: id } };
}
