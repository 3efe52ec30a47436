/**
 * From a simulation's assets to what the 3D scene draws: which assets are visible in a
 * pane, their theme roles, the scalar field and units of data layers (from the asset's metadata,
 * else GET /api/job-type/), the legend that colours them, and the colour scale a pane shows after
 * the user's edits. Pure: the screen and the tests call the same functions.
 */
import { layerLabel, resultAnalysisLabel, roleLabel, withUnit } from '@canopy/engine/results/labels.ts';
import { layerField, layerUnits } from '@canopy/engine/results/layer-field.ts';
import type { Asset } from '@canopy/contract/viewer.ts';
import type { ColourScale, SceneLayer, SceneLayerKind, ThemeRole } from '../../viewer/contracts.ts';
import type { ColourSettings, PaletteChoice } from '@machines/viewer/viewer-ui.types.ts';
import { DEFAULT_COLOUR, layerRange, ticksWithin, type LayerRange, type LayerValues } from '@machines/viewer/colour-scales.ts';
import type { ColourLegend, JobTypeRef } from '@machines/viewer/reference-data.ts';
import type { LayerSetFileInput, LayerSetRow } from '@machines/viewer-workspace/layer-sets.ts';

export type { ColourLegend, GraphDefinition, JobTypeRef } from '@machines/viewer/reference-data.ts';

export interface AssetPath {
  projectId: number;
  configurationId: number;
  simulationId: number;
}

/** Colour-blind-safe palettes (matplotlib's viridis and cividis samples) for the palette choice. */
export const PALETTE_COLOURS: Record<Exclude<PaletteChoice, 'legend'>, string[]> = {
  viridis: ['#440154', '#472d7b', '#3b528b', '#2c728e', '#21918c', '#28ae80', '#5ec962', '#addc30', '#fde725'],
  cividis: ['#00224e', '#35456c', '#666970', '#948e77', '#c8b866', '#fee838'],
};

/** The scene kind of an asset, or null for layers drawn elsewhere (graph and wind-rose JSON). */
export function sceneKindOf(asset: Pick<Asset, 'layer_type'>): SceneLayerKind | null {
  const type = asset.layer_type.toLowerCase();
  if (type === 'geometry') return 'geometry';
  if (type === 'data') return 'data';
  if (type === 'volumetric') return 'volumetric';
  if (type === 'arrows') return 'arrows';
  return null;
}

/** SPEC §3 theme roles from a geometry asset's geometry_type (engine and ingested spellings). */
export function themeRoleOf(geometryType: string | null | undefined): ThemeRole {
  const t = (geometryType ?? '').toLowerCase().replace(/[\s-]+/g, '_');
  if (t.includes('presentation')) return 'presentation_plane';
  if (t.includes('usage')) return 'usage_plane';
  if (t.includes('surround')) return 'surround';
  if (t.includes('landscap') || t.includes('tree')) return 'landscaping';
  if (t.includes('terrain')) return 'terrain';
  if (t.includes('ground')) return t.includes('outer') ? 'ground_outer' : 'ground_inner';
  if (t.includes('mitigation')) return t.includes('2') ? 'mitigation_v2' : 'mitigation_v1';
  if (t.includes('existing')) return 'study_existing';
  if (t.includes('future')) return 'study_future';
  if (t.includes('study') || t.includes('proposed') || t.includes('building')) return 'study_proposed';
  return 'overlay';
}

const metadataOf = (asset: Pick<Asset, 'metadata'>) => (asset.metadata ?? {}) as Record<string, unknown>;

function jobMetric(asset: Pick<Asset, 'analysis_type' | 'metric'>, jobTypes: readonly JobTypeRef[]) {
  return jobTypes.find((j) => j.id === asset.analysis_type)?.metrics.find((m) => m.metric === asset.metric) ?? null;
}

/** The data field to colour by: the GLB's first listed field, else the job type's first concrete one. */
export function fieldOf(asset: Pick<Asset, 'metadata' | 'analysis_type' | 'metric'>, jobTypes: readonly JobTypeRef[]): string | undefined {
  return layerField(asset, jobTypes);
}

export function unitsOf(asset: Pick<Asset, 'metadata' | 'analysis_type' | 'metric'>, jobTypes: readonly JobTypeRef[]): string {
  return layerUnits(asset, jobTypes);
}

/** The legend colouring a data layer: the one its GLB names, else the job type's (the criterion's for wind comfort). */
export function legendNameOf(asset: Pick<Asset, 'metadata' | 'analysis_type' | 'metric' | 'qualifiers'>, jobTypes: readonly JobTypeRef[]): string | null {
  const legend = metadataOf(asset).legend as { name?: unknown } | undefined;
  if (legend && typeof legend.name === 'string') return legend.name;
  const legends = jobMetric(asset, jobTypes)?.legends ?? [];
  const criterion = asset.qualifiers?.criterion;
  return (criterion ? legends.find((l) => l.endsWith(criterion)) : undefined) ?? legends[0] ?? null;
}

/** The long label of the layer list: what distinguishes layers of one metric from each other. */
export function describeAsset(asset: Asset): string {
  if (asset.layer_type === 'geometry') return `Geometry: ${asset.geometry_type ? roleLabel(asset.geometry_type) : asset.filename}`;
  // Human names from the label table, never the raw ids.
  const metric = asset.metric ? layerLabel(asset.metric).title : null;
  const analysis = asset.analysis_type ? resultAnalysisLabel(asset.analysis_type) : null;
  const parts = [analysis, metric].filter(Boolean) as string[];
  if (asset.wind_direction != null && String(asset.wind_direction) !== '') parts.push(`${asset.wind_direction}°`);
  for (const value of [asset.return_period, asset.season_filter, asset.single_date, asset.time_filter, asset.qualifier, asset.post_processing_tag?.name]) {
    if (value) parts.push(value);
  }
  return parts.join(' · ');
}

/** What the probe names a layer by: its human name (the shown data layer's legend title), never a file name. */
export function probeLayerTitle(asset: Asset | undefined, activeId: number | null, activeTitle: string | null, unit: string): string | null {
  if (!asset) return null;
  if (asset.id === activeId && activeTitle) return withUnit(activeTitle, unit);
  if (asset.layer_type === 'geometry') return asset.geometry_type ? roleLabel(asset.geometry_type) : 'Geometry';
  return asset.metric ? withUnit(layerLabel(asset.metric).title, layerLabel(asset.metric).unit) : describeAsset(asset);
}

/** The asset ids a pane shows: the user's saved choice for this view, else the defaults. */
export function visibleAssetIds(
  assets: readonly Pick<Asset, 'id' | 'show_by_default'>[],
  userLayers: readonly { identifier: string; view_id: string }[],
  viewId: string,
): Set<number> {
  const chosen = userLayers.filter((l) => l.view_id === viewId).map((l) => Number(l.identifier));
  if (chosen.length > 0) return new Set(chosen.filter((id) => assets.some((a) => a.id === id)));
  return new Set(assets.filter((a) => a.show_by_default).map((a) => a.id));
}

/** The identifiers to save when a layer is switched on or off (the defaults become explicit first); order is kept, the new one last. */
export function toggledIdentifiers(visible: ReadonlySet<number>, assetId: number): string[] {
  const ids = [...visible];
  return (visible.has(assetId) ? ids.filter((id) => id !== assetId) : [...ids, assetId]).map(String);
}

export const isPresentationPlane = (asset: Pick<Asset, 'layer_type' | 'geometry_type'>) =>
  asset.layer_type === 'geometry' && themeRoleOf(asset.geometry_type) === 'presentation_plane';

/**
 * The scene's layers for a pane, in draw order (geometry first, then data): every drawable asset
 * of the simulation, visible when chosen. With a presentation plane picked, the other planes hide.
 */
export function sceneLayersFor(
  assets: readonly Asset[],
  visible: ReadonlySet<number>,
  path: AssetPath,
  jobTypes: readonly JobTypeRef[],
  urlOf: (ids: AssetPath & { assetId: number }) => string,
  plane: string | null = null,
): SceneLayer[] {
  const layers: SceneLayer[] = [];
  for (const asset of assets) {
    const kind = sceneKindOf(asset);
    if (!kind) continue;
    const hiddenPlane = plane !== null && isPresentationPlane(asset) && String(asset.id) !== plane;
    const layer: SceneLayer = {
      id: String(asset.id),
      kind,
      url: urlOf({ ...path, assetId: asset.id }),
      visible: visible.has(asset.id) && !hiddenPlane,
      // In words: the codes of SPEC §9 ('PLW ComCla') read as noise to a person.
      label: describeAsset(asset),
    };
    if (kind === 'geometry') layer.role = themeRoleOf(asset.geometry_type);
    else {
      const field = fieldOf(asset, jobTypes);
      if (field) layer.field = field;
    }
    layers.push(layer);
  }
  const order: Record<SceneLayerKind, number> = { geometry: 0, volumetric: 1, data: 2, arrows: 3 };
  return layers.sort((a, b) => order[a.kind] - order[b.kind]);
}

/**
 * A pane's layer sets as scene layers (SPEC §3 Layer set), once their files were read: a Geometry
 * set, or a Volumetric one without fields, as geometry (the overlay role); a Volumetric set with
 * fields as a volumetric layer coloured by its first field. Ids are 'set-<id>' (never an asset's).
 */
export function layerSetSceneLayers(rows: readonly LayerSetRow[], projectId: number, urlOf: (ids: LayerSetFileInput) => string): SceneLayer[] {
  const layers: SceneLayer[] = [];
  for (const row of rows) {
    if (row.file?.status !== 'ready') continue;
    const url = urlOf({ projectId, configurationId: row.configurationId, simulationId: row.simulationId, layerSetId: row.id });
    const base = { id: `set-${row.id}`, url, visible: row.shown, label: row.name };
    const field = row.file.fields[0];
    if (row.layerType === 'Volumetric' && field) layers.push({ ...base, kind: 'volumetric', field });
    else layers.push({ ...base, kind: 'geometry', role: 'overlay' });
  }
  return layers;
}

/** The data layer the colour scale, data and graph panels follow: the last one switched on. */
export function activeDataAsset(assets: readonly Asset[], visible: ReadonlySet<number>): Asset | null {
  let active: Asset | null = null;
  for (const id of visible) {
    const asset = assets.find((a) => a.id === id);
    if (asset && sceneKindOf(asset) === 'data') active = asset;
  }
  return active;
}

/**
 * The colour scale a layer is drawn with: the legend's colours (classes for comfort categories),
 * the chosen palette instead of the legend's colours, and the layer's range (machines/viewer/
 * colour-scales.ts: the user's, else its own values in round ticks). A category map keeps its
 * classes whatever range is about: no continuous range ever reaches it. Without a legend or a
 * range yet, the legend's nominal range (or 0–1) with viridis.
 */
export function colourScaleFor(legend: ColourLegend | null, settings: Pick<ColourSettings, 'palette'>, range: LayerRange | null, unit?: string): ColourScale {
  const palette = settings.palette === 'legend' ? null : PALETTE_COLOURS[settings.palette];
  if (legend?.kind === 'classes' && legend.classes?.length) {
    const classes = [...legend.classes].sort((a, b) => a.value - b.value);
    const colours = palette ? sample(palette, classes.length) : classes.map((c) => c.colour);
    return {
      min: classes[0]!.value - 0.5,
      max: classes.at(-1)!.value + 0.5,
      colours,
      discrete: true,
      classLabels: classes.map((c) => c.label),
      unit: unit ?? (legend.units === 'class' ? undefined : legend.units),
      legendName: legend.name,
      title: legend.title,
    };
  }
  const stops = legend?.stops ? [...legend.stops].sort((a, b) => a.value - b.value) : [];
  // A legend with a fixed range (a difference map's, symmetric about zero) is not re-fitted to the values' own span.
  const own = legend?.fixedRange && !range?.edited ? null : range;
  const min = own?.min ?? legend?.min ?? stops[0]?.value ?? 0;
  const max = own?.max ?? legend?.max ?? stops.at(-1)?.value ?? 1;
  const colours = palette ?? (stops.length >= 2 ? stops.map((s) => s.colour) : PALETTE_COLOURS.viridis);
  const scale: ColourScale = { min, max: max === min ? min + 1 : max, colours, discrete: false, unit: unit ?? legend?.units };
  scale.ticks = own?.ticks && own.min === min && own.max === max ? own.ticks : ticksWithin(scale.min, scale.max);
  if (legend) {
    scale.legendName = legend.name;
    scale.title = legend.title;
  }
  return scale;
}

/** The scene kinds drawn through a colour scale. */
const SCALED_KINDS: ReadonlySet<SceneLayerKind> = new Set(['data', 'volumetric', 'arrows']);

/** The shown layers drawn through a colour scale (each has its own). */
export const scaledLayers = (layers: readonly SceneLayer[]) => layers.filter((l) => l.visible && SCALED_KINDS.has(l.kind));

/**
 * Every shown data, volumetric and arrow layer's own colour scale in a pane, by layer id: its own
 * legend, this pane's edits to that layer and what is known of its values (the viewer UI machine's).
 * Two layers shown together never share a scale: a comfort map keeps its classes beside a speed-up
 * ramp, and a range set on one layer stays on it.
 */
export function paneLayerScales(
  layers: readonly SceneLayer[],
  assets: readonly Asset[],
  legendOf: (layerId: string) => ColourLegend | null,
  jobTypes: readonly JobTypeRef[],
  edits: Readonly<Record<string, ColourSettings>>,
  values: Readonly<Record<string, LayerValues>>,
): Record<string, ColourScale> {
  const scales: Record<string, ColourScale> = {};
  for (const layer of scaledLayers(layers)) {
    const asset = assets.find((a) => String(a.id) === layer.id);
    const legend = legendOf(layer.id);
    const rawUnit = asset ? unitsOf(asset, jobTypes) : '';
    // 'class' is not a unit a person reads: class layers show their class labels instead.
    const unit = rawUnit === 'class' ? '' : rawUnit;
    const settings = edits[layer.id] ?? DEFAULT_COLOUR;
    const title = legend?.title ?? (asset ? layerLabel(asset.metric ?? asset.analysis_type, unit).title : layer.label);
    const scale = colourScaleFor(legend, settings, layerRange(settings, values[layer.id]), unit || undefined);
    scales[layer.id] = { ...scale, ...(title ? { title } : {}), layerId: layer.id, ...(layer.kind === 'arrows' ? { glyph: 'arrow' as const } : {}) };
  }
  return scales;
}

/** `count` colours picked evenly from a palette (for class legends drawn in a default palette). */
export function sample(colours: readonly string[], count: number): string[] {
  if (count <= 1) return [colours[Math.floor(colours.length / 2)]!];
  return Array.from({ length: count }, (_, i) => colours[Math.round((i * (colours.length - 1)) / (count - 1))]!);
}
