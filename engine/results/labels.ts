/**
 * The one table of human labels (so a report, the viewer and the wizard never name a thing two ways): analyses, the metrics a scenario asks for,
 * result layers (by metric or legend name, with units), geometry roles and statuses — used by the
 * wizard, the viewer, the QA report and the PDF, so a thing has one name everywhere and no screen
 * or document shows a raw identifier (`utci-pct-comfortable`, `sunlit_share`,
 * `awaiting_external_results`). Unknown keys fall back to a readable form of the key itself.
 *
 * Pure data, in engine/ because both the server (documents) and the web app (screens) import it.
 */
import { CRITERIA } from '../wind/criteria.ts';
import { findLegend } from '../analyses/legends.ts';
import { comparedMetric } from './difference-metric.ts';

export const ANALYSIS_LABELS: Record<string, string> = {
  pedestrian_wind_comfort: 'Pedestrian wind comfort',
  thermal_comfort: 'Thermal comfort',
  solar: 'Solar',
  directional_wind: 'Directional wind',
  pressure: 'Pressure (cladding)',
  structural_loading: 'Structural loading',
};

/** The `analysis` a result's metadata names (docs/results-format.md). */
export const RESULT_ANALYSIS_LABELS: Record<string, string> = {
  'solar-sunlit': 'Solar — sun-lit time',
  'solar-sun-hours': 'Solar — sun hours',
  'thermal-comfort': 'Thermal comfort',
  'wind-comfort': 'Pedestrian wind comfort',
  'wind-safety': 'Pedestrian wind safety',
  'wind-directional': 'Directional wind',
  'wind-speed-ratio': 'Wind speed-up',
  'wind-streamlines': 'Wind streamlines',
  geometry: 'Geometry',
  surrounds: 'Surroundings',
};

/** What a scenario's metric ids mean (the wizard's choices; SET* is reported as SPMV*). */
export const METRIC_LABELS: Record<string, string> = {
  ...Object.fromEntries(CRITERIA.map((c) => [c.id, `${c.name} criterion`])),
  UTCI: 'UTCI — Universal Thermal Climate Index',
  'SPMV*': 'SPMV* — standard predicted mean vote',
  PMV: 'PMV — predicted mean vote (ISO 7730)',
  'SET*': 'SET* — standard effective temperature (mapped as SPMV*, the vote built on SET*)',
  sunlit_share: 'Share of hours in sun (per season and time window)',
  sun_hours: 'Sun hours on one date',
  speed_ratio: 'Mean wind speed ratio',
  gust_speed_ratio: 'Gust wind speed ratio',
  peak_pressure: 'Peak pressure coefficient',
  mean_pressure: 'Mean pressure coefficient',
  base_moments: 'Base moments',
  base_shears: 'Base shears',
};

export const ROLE_LABELS: Record<string, string> = {
  ground: 'Ground',
  study: 'Study buildings',
  surrounds: 'Surrounding buildings',
  presentation_planes: 'Presentation planes',
  presentation_plane: 'Presentation plane',
  landscaping: 'Landscaping',
  mitigations: 'Mitigations',
};

export const STATUS_LABELS: Record<string, string> = {
  draft: 'Draft',
  validating: 'Checking geometry',
  awaiting_approval: 'Awaiting approval',
  queued: 'Queued',
  running: 'Running',
  post_processing: 'Post-processing',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
  awaiting_external_results: 'Waiting for external results',
};

/** Result layers by metric (asset metric or legend name) when no legend names them. */
const LAYER_LABELS: Record<string, { title: string; unit: string }> = {
  'comfort-class': { title: 'Wind comfort class', unit: '' },
  safety: { title: 'Wind safety', unit: '' },
  'turbulence-intensity': { title: 'Turbulence intensity', unit: '' },
  'wind-direction': { title: 'Wind direction', unit: '°' },
};

/** Abbreviations a key may hold that a reader knows in capitals ("external-cfd" → "External CFD"). */
const ABBREVIATIONS = new Set(['cfd', 'utci', 'ai', 'gem', 'pet', 'pmv', 'spmv', 'epw', 'osm', 'stl', 'glb', 'lddc']);

/** "utci-pct-hot" → "UTCI pct hot": the last resort for a key no table knows. */
export function readable(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .map((w) => (ABBREVIATIONS.has(w.toLowerCase()) ? w.toUpperCase() : w))
    .join(' ');
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

const from = (table: Record<string, string>, key: string | null | undefined): string => (key ? (table[key] ?? readable(key)) : '');

export const analysisLabel = (key: string | null | undefined) => from(ANALYSIS_LABELS, key);
export const resultAnalysisLabel = (key: string | null | undefined) => (key ? (RESULT_ANALYSIS_LABELS[key] ?? ANALYSIS_LABELS[key] ?? readable(key)) : '');
export const metricLabel = (key: string | null | undefined) => from(METRIC_LABELS, key);
export const roleLabel = (key: string | null | undefined) => from(ROLE_LABELS, key);
export const statusLabel = (key: string | null | undefined) => from(STATUS_LABELS, key);

/**
 * A result layer's title and unit: its colour legend's (by legend name or metric), else the
 * layer table's, else a readable form of the key. `unit` is '' for dimensionless layers.
 */
export function layerLabel(key: string | null | undefined, fallbackUnit = ''): { title: string; unit: string } {
  if (!key) return { title: '', unit: fallbackUnit };
  // A saved difference map is named for the metric it compares (its values keep that metric's units).
  const compared = comparedMetric(key);
  if (compared) {
    const of = layerLabel(compared, fallbackUnit);
    return { title: `${of.title} difference (B − A)`, unit: of.unit };
  }
  const legend = findLegend(key);
  if (legend) return { title: legend.title, unit: legend.units === 'class' ? '' : legend.units };
  return LAYER_LABELS[key] ?? { title: readable(key), unit: fallbackUnit };
}

/** A label inside a sentence: "Sun-lit time" → "sun-lit time"; an acronym ("UTCI …") keeps its capitals. */
function inSentence(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label;
}

/**
 * What a result layer shows, in words, from the analysis and metric its metadata records:
 * "Solar — sun-lit time" (solar-sunlit / pct-sunlit), "Pedestrian wind comfort — Lawson LDDC",
 * "Thermal comfort — time thermally comfortable (9 < UTCI ≤ 26 °C)". The layer's name is left out
 * where the analysis already says it, and no raw id appears (for documents such as the PDF's
 * provenance line).
 */
export function resultLayerName(analysis: string | null | undefined, metric?: string | null): string {
  const head = resultAnalysisLabel(analysis);
  const title = metric ? layerLabel(metric).title : '';
  if (!head) return title;
  if (!title) return head;
  // "Solar — sun hours" showing "Clear-sky sun hours": the layer's fuller name replaces the analysis's.
  const [analysisName, ...named] = head.split(' — ');
  if (named.length > 0 && title.toLowerCase().includes(named.join(' — ').toLowerCase())) return `${analysisName} — ${inSentence(title)}`;
  // "Wind comfort — Lawson LDDC" under "Pedestrian wind comfort": keep only what the analysis does not say.
  const parts = title.split(' — ');
  const rest = parts.filter((part) => !head.toLowerCase().includes(part.toLowerCase()));
  if (rest.length === 0) return head;
  const tail = rest.join(' — ');
  return `${head} — ${rest.length === parts.length ? inSentence(tail) : tail}`;
}

/** "Sun-lit time (%)": a title with its unit, for legends and chart axes. */
export function withUnit(title: string, unit: string | null | undefined): string {
  return unit ? `${title} (${unit})` : title;
}

/**
 * A number as a person reads it: at most `digits` significant digits (default 3), no trailing
 * zeros, no exponent for everyday magnitudes (0.000123 → "0.000123", 1234.5 → "1235",
 * 0.1 + 0.2 → "0.3").
 */
export function formatValue(value: number, digits = 3): string {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return '0';
  const magnitude = Math.floor(Math.log10(Math.abs(value)));
  if (magnitude >= digits - 1) return String(Math.round(value));
  const decimals = Math.min(10, digits - 1 - magnitude);
  return String(Number(value.toFixed(decimals)));
}
