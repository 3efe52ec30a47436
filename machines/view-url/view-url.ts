/**
 * The viewer's state in the address's query string, so a copied address opens the same
 * view for anyone who may see the project, and history walks through view changes. Plain text
 * keys, short enough to paste:
 *
 *   cam=px,py,pz,tx,ty,tz,fov   the camera (metres to the centimetre, degrees); up=x,y,z when not +z
 *   layers=101,102              visible layer ids, in draw order (each URI-encoded)
 *   f.<dimension>=value         a layer-filter choice (SPEC §9's dimensions)
 *   scale=min,max               the colour range (either may be empty: the legend's own)
 *   palette=viridis             the palette (legend | viridis | cividis)
 *   clayer=102                  the layer the range and palette are of (each layer keeps its own
 *                               scale; without it, the last visible layer)
 *   theme=dark                  the theme
 *   split=1                     split view
 *   pt=x,y,z                    the selected point
 *
 * Decoding is all or nothing: any part that cannot be read makes the whole view the default one,
 * with the problems named (the viewer shows a notice) — half a view would be a different view.
 * Keys that are not the view's (anything else in the query) are left alone.
 */
import { FILTER_DIMENSIONS, type FilterDimension } from '@machines/layer-filter/layer-filter.types.ts';
import type { PaletteChoice, ThemeName } from '@machines/viewer/viewer-ui.types.ts';

type Vec3 = [number, number, number];

export interface UrlCamera {
  position: Vec3;
  target: Vec3;
  up: Vec3;
  fov: number;
}

/** The view as the address carries it; absent parts are the default's. */
export interface UrlView {
  camera?: UrlCamera;
  layers?: string[];
  filters?: Partial<Record<FilterDimension, string>>;
  scale?: { min: number | null; max: number | null };
  palette?: PaletteChoice;
  /** The layer `scale` and `palette` belong to. */
  colourLayer?: string;
  theme?: ThemeName;
  split?: boolean;
  point?: Vec3;
}

export type DecodedView = { ok: true; view: UrlView } | { ok: false; problems: string[] };

const THEMES: readonly ThemeName[] = ['default', 'light', 'translucent', 'geometry', 'dark', 'tron'];
const PALETTES: readonly PaletteChoice[] = ['legend', 'viridis', 'cividis'];
const Z_UP: Vec3 = [0, 0, 1];
/** Site coordinates beyond this (metres) are not a view of a site. */
const MAX_COORDINATE = 1e7;
const MAX_LAYERS = 200;
const MAX_VALUE_LENGTH = 200;

/** The query keys the view owns. */
const VIEW_KEYS = ['cam', 'up', 'layers', 'scale', 'palette', 'clayer', 'theme', 'split', 'pt'];
const isViewKey = (key: string) => VIEW_KEYS.includes(key) || key.startsWith('f.');

const round = (value: number, places: number) => {
  const f = 10 ** places;
  const r = Math.round(value * f) / f;
  return Object.is(r, -0) ? 0 : r;
};
const list = (values: readonly number[], places = 2) => values.map((v) => String(round(v, places))).join(',');

/** The query string (without '?') for `view`, keeping `keep`'s keys that are not the view's. */
export function encodeView(view: UrlView, keep: URLSearchParams = new URLSearchParams()): string {
  const params = new URLSearchParams();
  for (const [key, value] of keep) if (!isViewKey(key)) params.append(key, value);
  if (view.camera) {
    params.set('cam', list([...view.camera.position, ...view.camera.target, view.camera.fov]));
    if (view.camera.up.some((v, i) => Math.abs(v - Z_UP[i]!) > 1e-6)) params.set('up', list(view.camera.up, 4));
  }
  if (view.layers?.length) params.set('layers', view.layers.map(encodeURIComponent).join(','));
  for (const dimension of FILTER_DIMENSIONS) {
    const value = view.filters?.[dimension];
    if (value) params.set(`f.${dimension}`, value);
  }
  if (view.scale && (view.scale.min !== null || view.scale.max !== null)) {
    params.set('scale', `${view.scale.min === null ? '' : round(view.scale.min, 4)},${view.scale.max === null ? '' : round(view.scale.max, 4)}`);
  }
  if (view.palette && view.palette !== 'legend') params.set('palette', view.palette);
  if (view.colourLayer !== undefined && (view.scale || view.palette)) params.set('clayer', view.colourLayer);
  if (view.theme && view.theme !== 'default') params.set('theme', view.theme);
  if (view.split) params.set('split', '1');
  if (view.point) params.set('pt', list(view.point));
  return params.toString();
}

function numbers(text: string, count: number[], name: string, problems: string[]): number[] | null {
  const parts = text.split(',');
  const values = parts.map((p) => (p.trim() === '' ? NaN : Number(p)));
  if (!count.includes(parts.length) || values.some((v) => !Number.isFinite(v) || Math.abs(v) > MAX_COORDINATE)) {
    problems.push(`${name}: expected ${count.join(' or ')} numbers`);
    return null;
  }
  return values;
}

/** Reads the view from a query string ('?…' or not). An address without view keys is the default view. */
export function decodeView(search: string): DecodedView {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const problems: string[] = [];
  const view: UrlView = {};
  const one = (key: string): string | null => {
    const all = params.getAll(key);
    if (all.length > 1) problems.push(`${key}: given more than once`);
    const value = all[0] ?? null;
    if (value !== null && value.length > MAX_VALUE_LENGTH * (key === 'layers' ? MAX_LAYERS : 1)) {
      problems.push(`${key}: too long`);
      return null;
    }
    return value;
  };

  const cam = one('cam');
  if (cam !== null) {
    const v = numbers(cam, [7], 'cam', problems);
    const upText = one('up');
    const up = upText === null ? Z_UP : numbers(upText, [3], 'up', problems);
    if (v && up) {
      if (v[6]! <= 0 || v[6]! >= 180) problems.push('cam: the field of view must be between 0 and 180 degrees');
      else if (up.every((x) => x === 0)) problems.push('up: must not be zero');
      else view.camera = { position: [v[0]!, v[1]!, v[2]!], target: [v[3]!, v[4]!, v[5]!], up: [up[0]!, up[1]!, up[2]!], fov: v[6]! };
    }
  } else if (params.has('up')) problems.push('up: given without cam');

  const layers = one('layers');
  if (layers !== null) {
    let ids: string[] = [];
    try {
      ids = layers.split(',').map(decodeURIComponent);
    } catch {
      problems.push('layers: not a list of layer ids');
    }
    if (ids.some((id) => id === '' || id.length > MAX_VALUE_LENGTH)) problems.push('layers: not a list of layer ids');
    else if (ids.length > MAX_LAYERS) problems.push(`layers: more than ${MAX_LAYERS}`);
    else if (ids.length) view.layers = ids;
  }

  for (const key of new Set(params.keys())) {
    if (!key.startsWith('f.')) continue;
    const dimension = key.slice(2) as FilterDimension;
    const value = one(key);
    if (!FILTER_DIMENSIONS.includes(dimension)) problems.push(`${key}: not a filter`);
    else if (!value) problems.push(`${key}: empty`);
    else view.filters = { ...view.filters, [dimension]: value };
  }

  const scale = one('scale');
  if (scale !== null) {
    const parts = scale.split(',');
    const read = (p: string | undefined) => (p === undefined || p.trim() === '' ? null : Number(p));
    const [min, max] = [read(parts[0]), read(parts[1])];
    if (parts.length !== 2 || [min, max].some((v) => v !== null && (!Number.isFinite(v) || Math.abs(v) > 1e12))) problems.push('scale: expected min,max');
    else if (min !== null && max !== null && min >= max) problems.push('scale: min must be below max');
    else view.scale = { min, max };
  }

  const palette = one('palette');
  if (palette !== null) {
    if (PALETTES.includes(palette as PaletteChoice)) view.palette = palette as PaletteChoice;
    else problems.push(`palette: not one of ${PALETTES.join(', ')}`);
  }
  const colourLayer = one('clayer');
  if (colourLayer !== null) {
    if (colourLayer === '' || colourLayer.length > MAX_VALUE_LENGTH) problems.push('clayer: not a layer id');
    else view.colourLayer = colourLayer;
  }
  const theme = one('theme');
  if (theme !== null) {
    if (THEMES.includes(theme as ThemeName)) view.theme = theme as ThemeName;
    else problems.push('theme: not a theme');
  }
  const split = one('split');
  if (split !== null) {
    if (split === '1' || split === '0') view.split = split === '1';
    else problems.push('split: expected 1 or 0');
  }
  const pt = one('pt');
  if (pt !== null) {
    const v = numbers(pt, [3], 'pt', problems);
    if (v) view.point = [v[0]!, v[1]!, v[2]!];
  }
  return problems.length ? { ok: false, problems } : { ok: true, view };
}

/** Whether the query names any part of the view. */
export function hasView(search: string): boolean {
  return [...new URLSearchParams(search.startsWith('?') ? search.slice(1) : search).keys()].some(isViewKey);
}

/** Only the view's keys of a query, in their order: what tells one view's address from another's. */
export function viewPart(search: string): string {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const kept = new URLSearchParams();
  for (const [key, value] of params) if (isViewKey(key)) kept.append(key, value);
  return kept.toString();
}
