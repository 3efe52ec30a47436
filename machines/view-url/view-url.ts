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
 *   b.cam= b.up= b.layers= b.f.<dimension>= b.scale= b.palette= b.clayer= b.theme=
 *                               the second pane's own view in split view, the same keys with
 *                               `b.` before them; b.sim=<id> the simulation it shows
 *
 * Decoding is all or nothing, across both panes: any part that cannot be read makes the whole view the default one,
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

/** One pane's view as the address carries it; absent parts are the default's. */
export interface UrlPaneView {
  camera?: UrlCamera;
  layers?: string[];
  filters?: Partial<Record<FilterDimension, string>>;
  scale?: { min: number | null; max: number | null };
  palette?: PaletteChoice;
  /** The layer `scale` and `palette` belong to. */
  colourLayer?: string;
  theme?: ThemeName;
}

/** The view as the address carries it: the first pane's, split view, the point, and the second pane's. */
export interface UrlView extends UrlPaneView {
  split?: boolean;
  point?: Vec3;
  /** The second pane in split view (its own `b.` keys); `simulation` is the one it shows. */
  second?: UrlPaneView & { simulation?: number };
}

export type DecodedView = { ok: true; view: UrlView } | { ok: false; problems: string[] };

const THEMES: readonly ThemeName[] = ['default', 'light', 'translucent', 'geometry', 'dark', 'tron'];
const PALETTES: readonly PaletteChoice[] = ['legend', 'viridis', 'cividis'];
const Z_UP: Vec3 = [0, 0, 1];
/** Site coordinates beyond this (metres) are not a view of a site. */
const MAX_COORDINATE = 1e7;
const MAX_LAYERS = 200;
const MAX_VALUE_LENGTH = 200;

/** The query keys the view owns: a pane's, the whole view's, and the second pane's (`b.` and a pane key, or its simulation). */
const PANE_KEYS = ['cam', 'up', 'layers', 'scale', 'palette', 'clayer', 'theme'];
const VIEW_KEYS = [...PANE_KEYS, 'split', 'pt'];
const SECOND = 'b.';
const isPaneKey = (key: string) => PANE_KEYS.includes(key) || key.startsWith('f.');
const isViewKey = (key: string) =>
  VIEW_KEYS.includes(key) || key.startsWith('f.') || (key.startsWith(SECOND) && (isPaneKey(key.slice(SECOND.length)) || key === `${SECOND}sim`));

const round = (value: number, places: number) => {
  const f = 10 ** places;
  const r = Math.round(value * f) / f;
  return Object.is(r, -0) ? 0 : r;
};
const list = (values: readonly number[], places = 2) => values.map((v) => String(round(v, places))).join(',');

/** One pane's keys, each after `prefix`. */
function encodePane(view: UrlPaneView, params: URLSearchParams, prefix: string): void {
  if (view.camera) {
    params.set(`${prefix}cam`, list([...view.camera.position, ...view.camera.target, view.camera.fov]));
    if (view.camera.up.some((v, i) => Math.abs(v - Z_UP[i]!) > 1e-6)) params.set(`${prefix}up`, list(view.camera.up, 4));
  }
  if (view.layers?.length) params.set(`${prefix}layers`, view.layers.map(encodeURIComponent).join(','));
  for (const dimension of FILTER_DIMENSIONS) {
    const value = view.filters?.[dimension];
    if (value) params.set(`${prefix}f.${dimension}`, value);
  }
  if (view.scale && (view.scale.min !== null || view.scale.max !== null)) {
    params.set(`${prefix}scale`, `${view.scale.min === null ? '' : round(view.scale.min, 4)},${view.scale.max === null ? '' : round(view.scale.max, 4)}`);
  }
  if (view.palette && view.palette !== 'legend') params.set(`${prefix}palette`, view.palette);
  if (view.colourLayer !== undefined && (view.scale || view.palette)) params.set(`${prefix}clayer`, view.colourLayer);
  if (view.theme && view.theme !== 'default') params.set(`${prefix}theme`, view.theme);
}

/** The query string (without '?') for `view`, keeping `keep`'s keys that are not the view's. */
export function encodeView(view: UrlView, keep: URLSearchParams = new URLSearchParams()): string {
  const params = new URLSearchParams();
  for (const [key, value] of keep) if (!isViewKey(key)) params.append(key, value);
  encodePane(view, params, '');
  if (view.split) params.set('split', '1');
  if (view.point) params.set('pt', list(view.point));
  // The second pane is only seen in split view.
  if (view.split && view.second) {
    encodePane(view.second, params, SECOND);
    if (view.second.simulation !== undefined) params.set(`${SECOND}sim`, String(view.second.simulation));
  }
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

type One = (key: string) => string | null;

/** One pane's parts, from its keys after `prefix`; problems are named with the full key. */
function decodePane(params: URLSearchParams, prefix: string, one: One, problems: string[]): UrlPaneView {
  const view: UrlPaneView = {};
  const cam = one(`${prefix}cam`);
  if (cam !== null) {
    const v = numbers(cam, [7], `${prefix}cam`, problems);
    const upText = one(`${prefix}up`);
    const up = upText === null ? Z_UP : numbers(upText, [3], `${prefix}up`, problems);
    if (v && up) {
      if (v[6]! <= 0 || v[6]! >= 180) problems.push(`${prefix}cam: the field of view must be between 0 and 180 degrees`);
      else if (up.every((x) => x === 0)) problems.push(`${prefix}up: must not be zero`);
      else view.camera = { position: [v[0]!, v[1]!, v[2]!], target: [v[3]!, v[4]!, v[5]!], up: [up[0]!, up[1]!, up[2]!], fov: v[6]! };
    }
  } else if (params.has(`${prefix}up`)) problems.push(`${prefix}up: given without cam`);

  const layers = one(`${prefix}layers`);
  if (layers !== null) {
    let ids: string[] = [];
    try {
      ids = layers.split(',').map(decodeURIComponent);
    } catch {
      problems.push(`${prefix}layers: not a list of layer ids`);
    }
    if (ids.some((id) => id === '' || id.length > MAX_VALUE_LENGTH)) problems.push(`${prefix}layers: not a list of layer ids`);
    else if (ids.length > MAX_LAYERS) problems.push(`${prefix}layers: more than ${MAX_LAYERS}`);
    else if (ids.length) view.layers = ids;
  }

  for (const key of new Set(params.keys())) {
    if (!key.startsWith(`${prefix}f.`)) continue;
    const dimension = key.slice(prefix.length + 2) as FilterDimension;
    const value = one(key);
    if (!FILTER_DIMENSIONS.includes(dimension)) problems.push(`${key}: not a filter`);
    else if (!value) problems.push(`${key}: empty`);
    else view.filters = { ...view.filters, [dimension]: value };
  }

  const scale = one(`${prefix}scale`);
  if (scale !== null) {
    const parts = scale.split(',');
    const read = (p: string | undefined) => (p === undefined || p.trim() === '' ? null : Number(p));
    const [min, max] = [read(parts[0]), read(parts[1])];
    if (parts.length !== 2 || [min, max].some((v) => v !== null && (!Number.isFinite(v) || Math.abs(v) > 1e12)))
      problems.push(`${prefix}scale: expected min,max`);
    else if (min !== null && max !== null && min >= max) problems.push(`${prefix}scale: min must be below max`);
    else view.scale = { min, max };
  }

  const palette = one(`${prefix}palette`);
  if (palette !== null) {
    if (PALETTES.includes(palette as PaletteChoice)) view.palette = palette as PaletteChoice;
    else problems.push(`${prefix}palette: not one of ${PALETTES.join(', ')}`);
  }
  const colourLayer = one(`${prefix}clayer`);
  if (colourLayer !== null) {
    if (colourLayer === '' || colourLayer.length > MAX_VALUE_LENGTH) problems.push(`${prefix}clayer: not a layer id`);
    else view.colourLayer = colourLayer;
  }
  const theme = one(`${prefix}theme`);
  if (theme !== null) {
    if (THEMES.includes(theme as ThemeName)) view.theme = theme as ThemeName;
    else problems.push(`${prefix}theme: not a theme`);
  }
  return view;
}

/** Reads the view from a query string ('?…' or not). An address without view keys is the default view. */
export function decodeView(search: string): DecodedView {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const problems: string[] = [];
  const one: One = (key) => {
    const all = params.getAll(key);
    if (all.length > 1) problems.push(`${key}: given more than once`);
    const value = all[0] ?? null;
    if (value !== null && value.length > MAX_VALUE_LENGTH * (key.endsWith('layers') ? MAX_LAYERS : 1)) {
      problems.push(`${key}: too long`);
      return null;
    }
    return value;
  };

  const view: UrlView = decodePane(params, '', one, problems);
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

  const second: NonNullable<UrlView['second']> = decodePane(params, SECOND, one, problems);
  const sim = one(`${SECOND}sim`);
  if (sim !== null) {
    if (/^[1-9]\d{0,9}$/.test(sim)) second.simulation = Number(sim);
    else problems.push(`${SECOND}sim: not a simulation id`);
  }
  if (Object.keys(second).length) {
    if (view.split) view.second = second;
    else problems.push('b.: the second pane is given without split=1');
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
