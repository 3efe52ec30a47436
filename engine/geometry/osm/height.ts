/**
 * Building height from OpenStreetMap tags (https://wiki.openstreetmap.org/wiki/Key:height,
 * Key:building:levels, Simple_3D_buildings):
 * 1. `height` — metres unless a unit is written ("12", "12 m", "40 ft", "40'", "12'6\"");
 * 2. else `building:levels` (+ `roof:levels`) × LEVEL_HEIGHT_M;
 * 3. else a default by the `building` value (DEFAULT_LEVELS_BY_TYPE × LEVEL_HEIGHT_M), and
 *    DEFAULT_HEIGHT_M for every other value (`building=yes`, offices, apartments…).
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
/**
 * Storeys assumed for untagged buildings whose `building` value names a small type
 * (https://wiki.openstreetmap.org/wiki/Key:building): houses are mostly two storeys, and the
 * single-room kinds one. Canopy's own assumption, stated here and in docs/site-map.md; every other
 * value gets DEFAULT_LEVELS. Each stays marked 'default' on the map, so the user sees it was assumed.
 */
export const DEFAULT_LEVELS_BY_TYPE: Readonly<Record<string, number>> = {
  house: 2,
  detached: 2,
  semidetached_house: 2,
  terrace: 2,
  farm: 2,
  bungalow: 1,
  garage: 1,
  garages: 1,
  carport: 1,
  shed: 1,
  hut: 1,
  cabin: 1,
  kiosk: 1,
  roof: 1,
  greenhouse: 1,
  service: 1,
};
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
  const typeLevels = tags.building === undefined ? undefined : DEFAULT_LEVELS_BY_TYPE[tags.building.trim().toLowerCase()];
  return { heightM: typeLevels === undefined ? DEFAULT_HEIGHT_M : typeLevels * LEVEL_HEIGHT_M, source: 'default' };
}
