/**
 * What the graph panel draws for a data layer (GET /api/data-criteria-graph-definition), computed
 * from the layer's own GLB fields: a histogram of the values, the share of the plane per class,
 * exceedance against threshold from `exceedance_{t}ms` fields, and the hourly distribution from
 * hour-suffixed fields. Shares are per vertex (the planes are regular grids, so a vertex stands for
 * an equal area). Pure, so it is tested without a browser.
 */
import type { ResultMesh } from '@canopy/engine/results/glb.ts';
import type { ColourLegend, GraphDefinition } from './scene-layers.ts';

export interface GraphData {
  categories: string[];
  values: number[];
  colours?: string[];
  line?: boolean;
}

const pct = (n: number, total: number) => (total ? (100 * n) / total : 0);

export function histogram(values: ArrayLike<number>, bins = 10): GraphData {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) continue;
    min = Math.min(min, v);
    max = Math.max(max, v);
  }
  if (!Number.isFinite(min)) return { categories: [], values: [] };
  const width = (max - min) / bins || 1;
  const counts = new Array<number>(bins).fill(0);
  let total = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) continue;
    counts[Math.min(bins - 1, Math.floor((v - min) / width))]!++;
    total++;
  }
  const label = (k: number) => Number((min + width * (k + 0.5)).toPrecision(3)).toString();
  return { categories: counts.map((_, k) => label(k)), values: counts.map((c) => pct(c, total)) };
}

export function areaPerClass(values: ArrayLike<number>, legend: ColourLegend | null): GraphData {
  const classes = legend?.classes?.length ? [...legend.classes].sort((a, b) => a.value - b.value) : null;
  const counts = new Map<number, number>();
  let total = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) continue;
    const k = Math.round(v);
    counts.set(k, (counts.get(k) ?? 0) + 1);
    total++;
  }
  if (classes) {
    return { categories: classes.map((c) => c.label), values: classes.map((c) => pct(counts.get(c.value) ?? 0, total)), colours: classes.map((c) => c.colour) };
  }
  const keys = [...counts.keys()].sort((a, b) => a - b);
  return { categories: keys.map(String), values: keys.map((k) => pct(counts.get(k)!, total)) };
}

const mean = (values: ArrayLike<number>) => {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    if (!Number.isFinite(values[i])) continue;
    sum += values[i]!;
    n++;
  }
  return n ? sum / n : 0;
};

/** Mean exceedance over the plane per threshold, from fields named like `exceedance_4ms` (values in % of time). */
export function exceedance(fields: Record<string, Float32Array>): GraphData {
  const rows = Object.entries(fields)
    .map(([name, values]) => ({ t: Number(/^exceedance_(\d+(?:[._]\d+)?)ms$/i.exec(name)?.[1]?.replace('_', '.')), values }))
    .filter((r) => Number.isFinite(r.t))
    .sort((a, b) => a.t - b.t);
  return { categories: rows.map((r) => String(r.t)), values: rows.map((r) => mean(r.values)), line: true };
}

/** Mean value per hour of day, from fields with an hour suffix (`utci_h07`, `utci07`). */
export function hourly(fields: Record<string, Float32Array>): GraphData {
  const rows = Object.entries(fields)
    .map(([name, values]) => ({ h: Number(/(?:^|_)h?(\d{1,2})$/i.exec(name)?.[1]), values }))
    .filter((r) => Number.isInteger(r.h) && r.h >= 0 && r.h < 24)
    .sort((a, b) => a.h - b.h);
  return { categories: rows.map((r) => String(r.h).padStart(2, '0')), values: rows.map((r) => mean(r.values)), line: true };
}

export function graphData(definition: GraphDefinition, mesh: ResultMesh, field: string | undefined, legend: ColourLegend | null): GraphData {
  const values = (field && mesh.fields[field]) || Object.values(mesh.fields)[0] || new Float32Array();
  switch (definition.kind) {
    case 'area-per-class':
      return areaPerClass(values, legend);
    case 'exceedance-vs-threshold':
      return exceedance(mesh.fields);
    case 'hourly-distribution':
      return hourly(mesh.fields);
    default:
      return histogram(values);
  }
}
