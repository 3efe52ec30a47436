/**
 * The scenario form's rules (SPEC §5 scenario form invalid flags): which inputs each analysis
 * needs, and the bound and message of every flag. docs/scenario-inputs.md is the table of these
 * rules in words; a change here changes it there. The numeric bounds follow the server's parameter
 * set schema (contract/src/parameter-sets.ts), so a value the form accepts is one the server
 * accepts too.
 */
import type { AnalysisType, FlagName, Flags, FormStep, GeometryRole, WizardOptions, WizardValues } from './scenario-wizard.types.ts';
import { GEOMETRY_ROLES } from './scenario-wizard.types.ts';
import { unofferedChoices } from './scenario-offer.ts';
import * as LABELS from '@canopy/engine/results/labels.ts';

/** Human names from the one label table (engine/results/labels.ts), typed for the wizard's keys. */
export const ANALYSIS_LABELS = LABELS.ANALYSIS_LABELS as Record<AnalysisType, string>;

/** The metrics each analysis offers; the first is the default. */
export const METRICS: Record<AnalysisType, readonly string[]> = {
  /** Comfort criteria (engine/wind/criteria.ts ids). */
  pedestrian_wind_comfort: ['lawson-lddc', 'lawson-2001', 'lawson-1978', 'davenport', 'nen-8100'],
  thermal_comfort: ['UTCI', 'SPMV*', 'PMV', 'SET*'],
  solar: ['sunlit_share', 'sun_hours'],
  directional_wind: ['speed_ratio', 'gust_speed_ratio'],
  pressure: ['peak_pressure', 'mean_pressure'],
  structural_loading: ['base_moments', 'base_shears'],
};

/**
 * The metric choices of an analysis on this installation: pedestrian wind comfort offers the
 * criteria the server lists (GET /api/criteria/), the others their fixed metrics. The first is the default.
 */
export function metricChoices(type: AnalysisType, options: Pick<WizardOptions, 'criteria'> | null | undefined): readonly string[] {
  const criteria = options?.criteria ?? [];
  return type === 'pedestrian_wind_comfort' && criteria.length ? criteria.map((c) => c.id) : METRICS[type];
}

/** A metric's human name: a server criterion by its name, else the label table's. */
export function metricName(metric: string, options: Pick<WizardOptions, 'criteria'> | null | undefined): string {
  const criterion = options?.criteria?.find((c) => c.id === metric);
  return criterion ? `${criterion.name} criterion` : LABELS.metricLabel(metric);
}

export const ROLE_LABELS = LABELS.ROLE_LABELS as Record<GeometryRole, string>;

export const WIND_DIRECTION_CHOICES = [8, 12, 16, 18, 24, 36] as const;
export const MINUTE_INTERVALS = [5, 10, 15, 20, 30, 60] as const;
export const MAX_RETURN_PERIODS = 10;
export const MAX_FILENAME_LENGTH = 120;
export const MAX_NAME_LENGTH = 100;
export const ORIGIN_LIMIT_M = 100_000;
export const MAX_FRONTAL_AREA_M2 = 10_000_000;
export const MAX_TIME_WINDOWS = 8;
export const MAX_REFERENCE_HEIGHT_M = 1000;
/** The server's PedestrianPlaneSchema bounds (contract/src/scenarios.ts). */
export const MAX_PLANE_HEIGHT_M = 20;
export const MIN_PLANE_SPACING_M = 0.5;
export const MAX_PLANE_SPACING_M = 20;
export const MAX_PLANE_MARGIN_M = 1000;

export const MESSAGES = {
  name: `Give the scenario a name of 1 to ${MAX_NAME_LENGTH} characters.`,
  engine: 'Choose how the wind is simulated: AI or CFD.',
  analyses: 'Choose at least one analysis, with at least one metric for each.',
  notOffered: (labels: string[], engine: string) =>
    `${labels.join(', ')} ${labels.length === 1 ? 'does' : 'do'} not run at the ${engine} level on this installation: remove ${labels.length === 1 ? 'it' : 'them'} or choose another level.`,
  filenameStudy: 'Add the study geometry (an STL file).',
  filenamePlane:
    'Add a presentation plane (an STL file) or generate a pedestrian plane: solar, thermal comfort and pedestrian wind comfort compute their results on it.',
  pedestrianPlane: `Enter the pedestrian plane's height (above 0, at most ${MAX_PLANE_HEIGHT_M} m), point spacing (${MIN_PLANE_SPACING_M} to ${MAX_PLANE_SPACING_M} m) and margin beyond the study (0 to ${MAX_PLANE_MARGIN_M} m).`,
  filenameType: (f: string) => `"${f}" is not an STL file; geometry must be .stl.`,
  filenameLength: (f: string) => `"${f}" has a name longer than ${MAX_FILENAME_LENGTH} characters; rename it.`,
  weather: "Choose the weather source: one of the project's stations, or the library station nearest the project.",
  seasons: 'Choose at least one season.',
  times: `Enter 1 to ${MAX_TIME_WINDOWS} different time windows as HH:MM-HH:MM (00:00 to 23:59), each start before its end, separated by commas.`,
  winds: `Choose the number of wind directions: ${WIND_DIRECTION_CHOICES.join(', ')}.`,
  returnPeriods: (label: string) => `Enter 1 to ${MAX_RETURN_PERIODS} different return periods for ${label}, whole years from 1 to 10000, separated by commas.`,
  singleDate: 'Enter the date as YYYY-MM-DD (a real calendar day).',
  singleDayHours: 'Enter the hours of the single day as HH:MM-HH:MM (00:00 to 23:59), the start before the end.',
  minutesInterval: `Choose the minutes interval: ${MINUTE_INTERVALS.join(', ')}.`,
  structuralOrigin: `Enter the structural origin as three numbers (x, y, z in metres) within ±${ORIGIN_LIMIT_M.toLocaleString('en-US')} m.`,
  frontalAreas: `Enter both frontal areas in m², greater than 0 and at most ${MAX_FRONTAL_AREA_M2.toLocaleString('en-US')}.`,
  referenceHeight: `Enter a reference height in metres, greater than 0 and at most ${MAX_REFERENCE_HEIGHT_M}.`,
  internalPressure: 'Enter the internal pressure coefficient, from -1 to 1.',
  parameterSets: (name: string) => `The parameter set "${name}" is not one of this project's sets for an analysis you chose.`,
  terms: 'Accept the terms and conditions to continue.',
} as const;

/** Which step shows (and is held back by) each flag. */
export function stepOfFlag(flag: FlagName): FormStep {
  if (flag === 'name' || flag === 'engine') return 'basics';
  if (flag === 'analyses') return 'analyses';
  if (flag === 'filename' || flag === 'uploader' || flag === 'pedestrianPlane') return 'geometry';
  if (flag === 'weather' || flag === 'seasons' || flag === 'times') return 'weather';
  if (flag === 'terms') return 'terms';
  return 'parameters';
}

const has = (v: WizardValues, ...types: AnalysisType[]) => v.analyses.some((a) => types.includes(a.analysis_type));
const metricsOf = (v: WizardValues, type: AnalysisType) => v.analyses.find((a) => a.analysis_type === type)?.metrics ?? [];

/** Which inputs the chosen analyses need (the form shows only these). */
export function neededInputs(v: WizardValues) {
  const sunHours = metricsOf(v, 'solar').includes('sun_hours');
  const sunlitShare = metricsOf(v, 'solar').includes('sunlit_share');
  return {
    seasons: has(v, 'pedestrian_wind_comfort', 'thermal_comfort') || sunlitShare,
    times: has(v, 'pedestrian_wind_comfort', 'thermal_comfort') || sunlitShare,
    winds: has(v, 'pedestrian_wind_comfort', 'directional_wind', 'pressure', 'structural_loading'),
    returnPeriods: v.analyses.map((a) => a.analysis_type).filter((t) => t === 'directional_wind' || t === 'pressure' || t === 'structural_loading'),
    singleDate: sunHours,
    singleDayHours: sunHours,
    minutesInterval: sunHours,
    structuralOrigin: has(v, 'structural_loading'),
    frontalAreas: has(v, 'structural_loading'),
    referenceHeight: has(v, 'pedestrian_wind_comfort', 'directional_wind', 'pressure', 'structural_loading'),
    internalPressure: has(v, 'pressure'),
  };
}

const TIME_RANGE = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A number typed as text: finite, nothing but the number (so '12abc' and '' are refused). */
export function parseNumber(text: string): number | null {
  const t = text.trim();
  if (t === '' || !/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** The windows of a times text ('08:00-12:00, 14:00-18:00'), or null when one breaks the rule (a window given twice among them). */
export function parseTimeWindows(text: string): string[] | null {
  const windows = text
    .split(',')
    .map((w) => w.trim())
    .filter((w) => w !== '');
  if (windows.length < 1 || windows.length > MAX_TIME_WINDOWS || !windows.every(validTimeRange)) return null;
  if (new Set(windows).size !== windows.length) return null;
  return windows;
}

export function validTimeRange(text: string): boolean {
  const m = TIME_RANGE.exec(text.trim());
  if (!m) return false;
  const start = Number(m[1]) * 60 + Number(m[2]);
  const end = Number(m[3]) * 60 + Number(m[4]);
  return start < end;
}

export function validDate(text: string): boolean {
  const m = DATE.exec(text.trim());
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Return periods from '1, 10, 50': whole years, or null when the text breaks the rule. */
export function parseReturnPeriods(text: string): number[] | null {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length < 1 || parts.length > MAX_RETURN_PERIODS) return null;
  const years = parts.map((p) => (/^\d+$/.test(p) ? Number(p) : NaN));
  if (years.some((y) => !Number.isInteger(y) || y < 1 || y > 10_000)) return null;
  if (new Set(years).size !== years.length) return null;
  return years;
}

function checkFilenames(v: WizardValues): string | null {
  if (v.geometry.study.length === 0) return MESSAGES.filenameStudy;
  if (has(v, 'solar', 'thermal_comfort', 'pedestrian_wind_comfort') && v.geometry.presentation_planes.length === 0 && !v.pedestrianPlane.generate)
    return MESSAGES.filenamePlane;
  for (const role of GEOMETRY_ROLES) {
    for (const file of v.geometry[role]) {
      if (!file.filename.toLowerCase().endsWith('.stl')) return MESSAGES.filenameType(file.filename);
      if (file.filename.length > MAX_FILENAME_LENGTH) return MESSAGES.filenameLength(file.filename);
    }
  }
  return null;
}

/**
 * The flags the values raise (uploader and server flags are kept apart by the machine). Only
 * inputs the chosen analyses need are checked: a value left over from an analysis since removed
 * holds nothing back.
 */
export function checkValues(v: WizardValues, options: WizardOptions): Flags {
  const flags: Flags = {};
  const need = neededInputs(v);
  const name = v.name.trim();
  if (name.length < 1 || name.length > MAX_NAME_LENGTH) flags.name = MESSAGES.name;
  if (!v.engine) flags.engine = MESSAGES.engine;
  if (v.analyses.length === 0 || v.analyses.some((a) => a.metrics.length === 0)) flags.analyses = MESSAGES.analyses;
  const unoffered = unofferedChoices(v, options);
  if (unoffered.length)
    flags.analyses = MESSAGES.notOffered(
      unoffered.map((t) => ANALYSIS_LABELS[t]),
      v.engine!,
    );
  const filename = checkFilenames(v);
  if (filename) flags.filename = filename;
  if (generatesPlane(v) && !validPlane(v.pedestrianPlane)) flags.pedestrianPlane = MESSAGES.pedestrianPlane;
  if (v.metSourceId === null || (v.metSourceId !== 'nearest' && !options.metSources.some((m) => m.id === v.metSourceId))) flags.weather = MESSAGES.weather;
  if (need.seasons && v.seasons.length === 0) flags.seasons = MESSAGES.seasons;
  if (need.times && parseTimeWindows(v.times) === null) flags.times = MESSAGES.times;
  if (need.winds && !WIND_DIRECTION_CHOICES.some((n) => String(n) === v.windDirections.trim())) flags.winds = MESSAGES.winds;
  for (const type of need.returnPeriods) {
    if (parseReturnPeriods(v.returnPeriods[type] ?? '') === null) flags[`returnPeriods.${type}`] = MESSAGES.returnPeriods(ANALYSIS_LABELS[type]);
  }
  if (need.singleDate && !validDate(v.singleDate)) flags.singleDate = MESSAGES.singleDate;
  if (need.singleDayHours && !validTimeRange(v.singleDayHours)) flags.singleDayHours = MESSAGES.singleDayHours;
  if (need.minutesInterval && !MINUTE_INTERVALS.some((n) => String(n) === v.minutesInterval.trim())) flags.minutesInterval = MESSAGES.minutesInterval;
  if (need.structuralOrigin) {
    const xyz = [v.structuralOrigin.x, v.structuralOrigin.y, v.structuralOrigin.z].map(parseNumber);
    if (xyz.some((n) => n === null || Math.abs(n) > ORIGIN_LIMIT_M)) flags.structuralOrigin = MESSAGES.structuralOrigin;
  }
  if (need.frontalAreas) {
    const areas = [v.frontalAreas.x, v.frontalAreas.y].map(parseNumber);
    if (areas.some((n) => n === null || n <= 0 || n > MAX_FRONTAL_AREA_M2)) flags.frontalAreas = MESSAGES.frontalAreas;
  }
  if (need.referenceHeight) {
    const h = parseNumber(v.referenceHeight);
    if (h === null || h <= 0 || h > MAX_REFERENCE_HEIGHT_M) flags.referenceHeight = MESSAGES.referenceHeight;
  }
  if (need.internalPressure) {
    const cpi = parseNumber(v.internalPressure);
    if (cpi === null || cpi < -1 || cpi > 1) flags.internalPressure = MESSAGES.internalPressure;
  }
  for (const [type, id] of Object.entries(v.parameterSets) as [AnalysisType, number | null | undefined][]) {
    if (id === null || id === undefined) continue;
    const set = options.parameterSets.find((s) => s.id === id);
    if (!set || set.analysis_type !== type || !has(v, type)) {
      flags.parameterSets = MESSAGES.parameterSets(set?.name ?? `#${id}`);
      break;
    }
  }
  if (!v.termsAccepted) flags.terms = MESSAGES.terms;
  return flags;
}

/** Whether the server will generate a pedestrian plane for these values (no plane uploaded, asked for). */
export function generatesPlane(v: WizardValues): boolean {
  return v.pedestrianPlane.generate && v.geometry.presentation_planes.length === 0;
}

function validPlane(p: WizardValues['pedestrianPlane']): boolean {
  const height = parseNumber(p.heightM);
  const spacing = parseNumber(p.spacingM);
  const margin = parseNumber(p.marginM);
  return (
    height !== null &&
    height > 0 &&
    height <= MAX_PLANE_HEIGHT_M &&
    spacing !== null &&
    spacing >= MIN_PLANE_SPACING_M &&
    spacing <= MAX_PLANE_SPACING_M &&
    margin !== null &&
    margin >= 0 &&
    margin <= MAX_PLANE_MARGIN_M
  );
}

/** The flags that hold one step back. */
export function flagsOfStep(flags: Flags, step: FormStep): Flags {
  return Object.fromEntries(Object.entries(flags).filter(([flag]) => stepOfFlag(flag as FlagName) === step)) as Flags;
}

/**
 * A parameter set's values copied into the form (the set's keys are those of
 * docs/parameter-sets.md). Only keys the set holds change; the rest stay as typed.
 */
export function applyParameterSet(v: WizardValues, type: AnalysisType, values: Record<string, unknown>): WizardValues {
  const next: WizardValues = { ...v, parameterSets: { ...v.parameterSets } };
  const seasons = values.seasons;
  if (Array.isArray(seasons)) next.seasons = seasons.filter((s): s is WizardValues['seasons'][number] => typeof s === 'string') as WizardValues['seasons'];
  if (typeof values.time_window === 'string') next.times = values.time_window;
  if (typeof values.wind_directions === 'number') next.windDirections = String(values.wind_directions);
  if (Array.isArray(values.return_periods)) next.returnPeriods = { ...v.returnPeriods, [type]: values.return_periods.join(', ') };
  if (typeof values.reference_height_m === 'number') next.referenceHeight = String(values.reference_height_m);
  if (typeof values.internal_pressure_coefficient === 'number') next.internalPressure = String(values.internal_pressure_coefficient);
  if (typeof values.single_date === 'string') next.singleDate = values.single_date;
  if (typeof values.minutes_interval === 'number') next.minutesInterval = String(values.minutes_interval);
  if (typeof values.frontal_area_m2 === 'number') next.frontalAreas = { x: String(values.frontal_area_m2), y: String(values.frontal_area_m2) };
  const origin = values.origin as { x?: unknown; y?: unknown; z?: unknown } | undefined;
  if (origin && typeof origin === 'object') {
    next.structuralOrigin = { x: String(origin.x ?? ''), y: String(origin.y ?? ''), z: String(origin.z ?? '') };
  }
  return next;
}

export function emptyValues(): WizardValues {
  return {
    name: '',
    engine: null,
    analyses: [],
    geometry: { ground: [], study: [], surrounds: [], presentation_planes: [], landscaping: [], mitigations: [] },
    projectSurrounds: true,
    pedestrianPlane: { generate: true, heightM: '1.5', spacingM: '2', marginM: '40' },
    metSourceId: null,
    seasons: ['annual'],
    times: '08:00-18:00',
    windDirections: '16',
    cfdTier: 'rapid',
    returnPeriods: {},
    // Sun hours are usually read on the summer solstice, so that is the date's default.
    singleDate: `${new Date().getFullYear()}-06-21`,
    singleDayHours: '06:00-20:00',
    minutesInterval: '15',
    structuralOrigin: { x: '0', y: '0', z: '0' },
    frontalAreas: { x: '', y: '' },
    referenceHeight: '10',
    internalPressure: '0',
    parameterSets: {},
    termsAccepted: false,
  };
}
