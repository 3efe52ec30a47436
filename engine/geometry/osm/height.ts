/**
 * Building height from OpenStreetMap tags (https://wiki.openstreetmap.org/wiki/Key:height,
 * Key:building:levels, Simple_3D_buildings):
 * 1. `height` — metres unless a unit is written ("12", "12 m", "40 ft", "40'", "12'6\"");
 * 2. else `building:levels` (+ `roof:levels`) × LEVEL_HEIGHT_M;
 * 3. else DEFAULT_HEIGHT_M.
 * `min_height` is ignored on purpose: every surrounding building must reach into the ground.
 */

/**
 * Storey height for buildings tagged with levels only. 3 m is the floor-to-floor height the OSM
 * 3D renderers' documentation assumes for a level (Simple 3D Buildings); offices run 3.5–4 m, so
 * this errs low, which is the safe side for shelter in wind studies.
 */
export const LEVEL_HEIGHT_M = 3;
/** For a building with neither tag: three levels (a low-rise urban building). The map marks these. */
export const DEFAULT_LEVELS = 3;
export const DEFAULT_HEIGHT_M = DEFAULT_LEVELS * LEVEL_HEIGHT_M;
/** Taller than the tallest building standing (828 m): a typo or a unit mistake. */
const MAX_PLAUSIBLE_HEIGHT_M = 1000;

const FEET_M = 0.3048;
const INCH_M = 0.0254;

/** A height tag in metres, or null when it does not read as a positive length. */
export function parseHeightTag(raw: string): number | null {
  const text = raw.trim().toLowerCase().replace(',', '.');
  const feetInches = /^(\d+(?:\.\d+)?)\s*'\s*(?:(\d+(?:\.\d+)?)\s*")?$/.exec(text);
  if (feetInches) return positive(Number(feetInches[1]) * FEET_M + Number(feetInches[2] ?? 0) * INCH_M);
  const match = /^(\d+(?:\.\d+)?|\.\d+)\s*(m|metres|meters|ft|feet)?$/.exec(text);
  if (!match) return null;
  const value = Number(match[1]);
  return positive(match[2] === 'ft' || match[2] === 'feet' ? value * FEET_M : value);
}

function positive(metres: number): number | null {
  return Number.isFinite(metres) && metres > 0 && metres <= MAX_PLAUSIBLE_HEIGHT_M ? metres : null;
}

function levels(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  const value = Number(raw.trim().replace(',', '.'));
  return Number.isFinite(value) && value >= 0 && value < 300 ? value : null;
}

export type HeightSource = 'height' | 'levels' | 'default';

export function buildingHeight(tags: Readonly<Record<string, string>>): { heightM: number; source: HeightSource } {
  const tagged = tags.height === undefined ? null : parseHeightTag(tags.height);
  if (tagged !== null) return { heightM: tagged, source: 'height' };
  const building = levels(tags['building:levels']);
  if (building !== null) {
    const total = building + (levels(tags['roof:levels']) ?? 0);
    if (total > 0) return { heightM: total * LEVEL_HEIGHT_M, source: 'levels' };
  }
  return { heightM: DEFAULT_HEIGHT_M, source: 'default' };
}
