/**
 * Ingested graph and wind-rose layers (docs/results-format.md, "Graph (JSON)" and "Wind rose
 * (JSON)") as the viewer's panels draw them: which assets they are, their human titles, a graph's
 * series over the union of its x values, and a rose in the weather wind rose's shape. Pure, so the
 * tests call the same functions as the panels.
 */
import type { Asset } from '@canopy/contract/viewer.ts';
import type { WindRoseData } from '@canopy/contract/weather.ts';
import type { GraphLayer, WindRoseLayer } from '@canopy/engine/results/json-layers.ts';
import { readable, resultLayerName, withUnit } from '@canopy/engine/results/labels.ts';
import type { GraphDefinition } from './scene-layers.ts';
import type { Series } from './svg-charts.tsx';

const layerType = (asset: Pick<Asset, 'layer_type'>) => asset.layer_type.toLowerCase();
export const isGraphLayer = (asset: Pick<Asset, 'layer_type'>) => layerType(asset) === 'graph';
export const isWindRoseLayer = (asset: Pick<Asset, 'layer_type'>) => layerType(asset) === 'windrose';

/** Colour-blind-safe series colours (Okabe–Ito). */
const SERIES_COLOURS = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#000000'];

const fmt = (n: number) => Number(n.toPrecision(4)).toString();

/** "Exceedance against threshold" (the served definition's title), else the graph id in words. */
export function graphTitle(layer: GraphLayer, definitions: readonly GraphDefinition[]): string {
  return definitions.find((d) => d.id === layer.graph)?.title ?? readable(layer.graph);
}

/** What the graph is of: "Pedestrian wind comfort — exceedance", with the asset's season, time and qualifier. */
export function graphSubtitle(layer: GraphLayer, asset: Asset): string {
  const parts = [resultLayerName(layer.analysis, layer.metric)];
  for (const value of [asset.season_filter, asset.time_filter, asset.qualifier, asset.post_processing_tag?.name]) if (value) parts.push(value);
  return parts.filter(Boolean).join(' · ');
}

export interface GraphChart {
  xLabel: string;
  yLabel: string;
  categories: string[];
  series: Series[];
}

/** The line chart of a graph layer: every series over the union of the x values, null where a series has none. */
export function graphChart(layer: GraphLayer): GraphChart {
  const xs = [...new Set(layer.series.flatMap((s) => s.points.map(([x]) => x)))].sort((a, b) => a - b);
  const series = layer.series.map((s, i) => {
    const byX = new Map(s.points.map(([x, y]) => [x, y]));
    return { name: s.name || `Series ${i + 1}`, colour: SERIES_COLOURS[i % SERIES_COLOURS.length]!, values: xs.map((x) => byX.get(x) ?? null) };
  });
  return { xLabel: withUnit(layer.x.label, layer.x.units), yLabel: withUnit(layer.y.label, layer.y.units), categories: xs.map(fmt), series };
}

/** Bin labels as the weather rose writes them: "0–2", …, "≥ 10" (lower edges; the last bin is open). */
function binLabels(edges: readonly number[]): string[] {
  return edges.map((edge, i) => (i + 1 < edges.length ? `${edge}–${edges[i + 1]}` : `≥ ${edge}`));
}

/** Resolution of the shares as counts: hundredths of a per cent, so the chart's shares are the file's. */
const PER_PCT = 100;

/**
 * A wind-rose layer in the shape the weather rose chart draws: frequencies in per cent become counts
 * of hundredths of a per cent, so each wedge's share of the total is the file's frequency.
 */
export function roseOf(layer: WindRoseLayer): WindRoseData {
  const counts = layer.frequencyPct.map((row) => row.map((pct) => Math.round(pct * PER_PCT)));
  const sectorCounts = counts.map((row) => row.reduce((a, b) => a + b, 0));
  const calm = Math.round(layer.calmPct * PER_PCT);
  const total = calm + sectorCounts.reduce((a, b) => a + b, 0);
  return {
    sectors: layer.sectorsDeg.length,
    sector_width_deg: 360 / layer.sectorsDeg.length,
    sector_centres_deg: [...layer.sectorsDeg],
    speed_bins_ms: [...layer.speedBinsMs],
    speed_bin_labels: binLabels(layer.speedBinsMs),
    counts,
    sector_counts: sectorCounts,
    calm_count: calm,
    missing_count: 0,
    total_count: total,
    calm_share: total ? calm / total : 0,
  };
}

const named = (value: unknown): string | null => {
  const name = (value as { name?: unknown } | null | undefined)?.name;
  return typeof name === 'string' && name ? name : null;
};

/** "Wind rose — Winter · Daytime (07:00-19:00)": the season and time of day the rose counts. */
export function roseTitle(layer: WindRoseLayer, asset: Asset): string {
  const season = asset.season_filter ?? named(layer.season);
  const window = (layer.timeWindow as { window?: unknown } | undefined)?.window;
  const time = asset.time_filter ?? (named(layer.timeWindow) ? `${named(layer.timeWindow)}${typeof window === 'string' ? ` (${window})` : ''}` : null);
  const parts = [season, time, asset.qualifier, asset.post_processing_tag?.name].filter(Boolean);
  return parts.length ? `Wind rose — ${parts.join(' · ')}` : 'Wind rose';
}

/** Who computed it: "my-solver 3.2, EPW: …". */
export function provenanceLine(layer: GraphLayer | WindRoseLayer): string {
  const { engine, version, weatherSource } = layer.provenance as { engine: string; version: string; weatherSource?: unknown };
  return [`${engine} ${version}`, typeof weatherSource === 'string' ? weatherSource : null].filter(Boolean).join(', ');
}
