/**
 * How each form event changes the wizard's values — pure functions, so the machine's actions stay
 * one line and the rules are testable without a machine.
 */
import { applyParameterSet, metricChoices } from './scenario-inputs.ts';
import type { AnalysisType, GeometryFile, GeometryRole, WizardOptions, WizardValues } from './scenario-wizard.types.ts';

export function toggleAnalysis(v: WizardValues, type: AnalysisType, locked: readonly AnalysisType[], options?: Pick<WizardOptions, 'criteria'>): WizardValues {
  if (locked.includes(type)) return v;
  const chosen = v.analyses.some((a) => a.analysis_type === type);
  if (chosen) {
    const parameterSets = { ...v.parameterSets };
    delete parameterSets[type];
    return { ...v, analyses: v.analyses.filter((a) => a.analysis_type !== type), parameterSets };
  }
  return { ...v, analyses: [...v.analyses, { analysis_type: type, metrics: [metricChoices(type, options)[0]!] }] };
}

/** Turns one metric of a chosen analysis on or off (kept in the order the choices list them: metricChoices). */
export function toggleMetric(v: WizardValues, type: AnalysisType, metric: string, options?: Pick<WizardOptions, 'criteria'>): WizardValues {
  const choices = metricChoices(type, options);
  if (!choices.includes(metric)) return v;
  return {
    ...v,
    analyses: v.analyses.map((a) => {
      if (a.analysis_type !== type) return a;
      const on = a.metrics.includes(metric) ? a.metrics.filter((m) => m !== metric) : [...a.metrics, metric];
      return { ...a, metrics: choices.filter((m) => on.includes(m)) };
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
