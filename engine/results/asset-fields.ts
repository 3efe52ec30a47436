/**
 * Derived fields of a result asset (SPEC §3) and the short labels of the layer picker (SPEC §9).
 * Pure and dependency-free so both the server (which returns the derived fields with every asset)
 * and the browser (which filters on them) compute exactly the same strings.
 */

export interface AssetSeason {
  name: string;
  start?: string;
  end?: string;
}

export interface AssetTimeRange {
  name: string;
  start_time?: string;
  end_time?: string;
}

/** The SPEC §3 fields the derivations read; everything else on an asset is ignored here. */
export interface AssetDerivationInput {
  season?: AssetSeason | null;
  season_range?: AssetSeason | null;
  time_range?: AssetTimeRange | null;
  qualifiers?: Record<string, string | number | boolean | null> | null;
}

export interface DerivedAssetFields {
  season_filter: string | null;
  time_filter: string | null;
  qualifier: string | null;
}

/** Separator SPEC §3 prescribes for joined qualifiers. */
export const QUALIFIER_SEPARATOR = ' · ';

/** A season, else the season range's name; none when neither is named. */
export function seasonFilter(asset: AssetDerivationInput): string | null {
  const name = asset.season?.name ?? asset.season_range?.name;
  return name ? name : null;
}

/** The time range's name, except 'custom', which has no meaning on its own and shows its window. */
export function timeFilter(asset: AssetDerivationInput): string | null {
  const range = asset.time_range;
  if (!range?.name) return null;
  if (range.name === 'custom') return `${shortTime(range.start_time)}-${shortTime(range.end_time)}`;
  return range.name;
}

/** 'HH:MM:SS' → 'HH:MM' so a custom window reads like the time-filter format it is filtered by. */
function shortTime(value: string | undefined): string {
  if (!value) return '';
  const match = /^(\d{1,2}):(\d{2})/.exec(value);
  return match ? `${match[1].padStart(2, '0')}:${match[2]}` : value;
}

/**
 * Qualifier values joined in key order: a JSON object's insertion order depends on who wrote it
 * (PostgreSQL jsonb sorts keys by length first), so sorting keeps one asset's label stable.
 */
export function qualifierLabel(asset: AssetDerivationInput): string | null {
  const qualifiers = asset.qualifiers ?? {};
  const values = Object.keys(qualifiers)
    .sort()
    .map((key) => qualifiers[key])
    .filter((value) => value !== null && value !== undefined && value !== '')
    .map(String);
  return values.length > 0 ? values.join(QUALIFIER_SEPARATOR) : null;
}

export function deriveAssetFields(asset: AssetDerivationInput): DerivedAssetFields {
  return { season_filter: seasonFilter(asset), time_filter: timeFilter(asset), qualifier: qualifierLabel(asset) };
}

/** SPEC §9: 'HH:MM-HH:MM' with both ends within 00:00–23:59. */
const TIME_FILTER = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;

export function validateTimeFilter(value: string): boolean {
  return TIME_FILTER.test(value);
}

/**
 * Short codes of analysis types for layer labels. The four SPEC §9 names are fixed; the rest follow
 * the engine's analysis_type values (engine/analyses) so every layer the engine writes has a code.
 */
export const ANALYSIS_CODES: Readonly<Record<string, string>> = {
  'directional wind': 'Dir',
  'wind-directional': 'Dir',
  'pedestrian wind comfort': 'PLW',
  'wind-comfort': 'PLW',
  'pedestrian wind safety': 'PWS',
  'wind-safety': 'PWS',
  'thermal comfort': 'TC',
  'thermal-comfort': 'TC',
  solar: 'Sun',
  'solar-sunlit': 'Sun',
  'solar-sun-hours': 'SunH',
  'sun hours': 'SunH',
  'cladding pressure': 'Clad',
  'structural wind': 'Str',
  'wind load': 'Str',
  geometry: 'Geo',
  volumetric: 'Vol',
  windrose: 'Rose',
};

export const LABEL_WORD_LENGTH = 3;
export const LABEL_MAX_LENGTH = 7;

/** The code for an analysis type (case- and separator-insensitive), or its abbreviation. */
export function analysisCode(analysisType: string): string {
  const key = analysisType.trim().toLowerCase();
  return ANALYSIS_CODES[key] ?? ANALYSIS_CODES[key.replace(/[_-]+/g, ' ')] ?? abbreviateLabel(analysisType);
}

/**
 * SPEC §9: each word cut to 3 characters, the whole to 7. Words are split on spaces, '_' and '-'
 * and on lower→upper case changes, and re-joined without separators (initial capitals kept) so
 * 'pedestrian level wind' → 'PedLevW'.
 */
export function abbreviateLabel(text: string): string {
  const words = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_\-]+/)
    .filter((word) => word.length > 0);
  const joined = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1, LABEL_WORD_LENGTH)).join('');
  return joined.slice(0, LABEL_MAX_LENGTH);
}
