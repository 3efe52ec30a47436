/**
 * The analysis types as reference data (GET /api/job-type/, GET /api/data-criteria-graph-definition):
 * which engine computes each, the metrics it writes with units and legend names, and the graphs the
 * viewer's graph panel draws per metric. Built from the engine's own tables (legends, criteria) so a
 * new criterion or legend shows up here without a second list; docs/analyses.md describes the rows.
 */
import { LEGENDS, comfortLegendName, safetyLegendName } from '../analyses/legends.ts';
import { CRITERIA } from '../wind/criteria.ts';
import { ANALYSIS_CODES } from './asset-fields.ts';

export interface JobTypeMetric {
  metric: string;
  units: string;
  /** Legend names (GET /api/color-legend/?name=…); wind comfort has one per criterion. */
  legends: string[];
  fields: string[];
}

export interface JobType {
  id: string;
  name: string;
  /** The short code of layer labels (SPEC §9). */
  code: string;
  engine: string;
  /** The job that computes it (docs/analyses.md), or null when results only arrive by ingestion. */
  job: string | null;
  metrics: JobTypeMetric[];
}

const unitsOf = (legend: string) => LEGENDS.find((l) => l.name === legend)?.units ?? '';
const metric = (name: string, fields: string[], legends = [name]): JobTypeMetric => ({ metric: name, units: unitsOf(legends[0] ?? name), legends, fields });
const code = (id: string) => ANALYSIS_CODES[id] ?? id;

export function jobTypes(): JobType[] {
  const withSafety = CRITERIA.filter((c) => c.safety.length > 0);
  return [
    {
      id: 'solar-sunlit',
      name: 'Solar: time sun-lit',
      code: code('solar-sunlit'),
      engine: 'engine/analyses/solar.ts',
      job: 'analysis.solar',
      metrics: [metric('pct-sunlit', ['pctSunlit'])],
    },
    {
      id: 'solar-sun-hours',
      name: 'Solar: sun hours on a date',
      code: code('solar-sun-hours'),
      engine: 'engine/analyses/solar.ts',
      job: 'analysis.solar',
      metrics: [metric('sun-hours', ['sunHours'])],
    },
    {
      id: 'thermal-comfort',
      name: 'Thermal comfort (UTCI, SPMV*)',
      code: code('thermal-comfort'),
      engine: 'engine/analyses/thermal-comfort.ts',
      job: 'analysis.thermal-comfort',
      metrics: [
        metric('utci-pct-comfortable', ['pctComfortable']),
        metric('utci-pct-hot', ['pctHot']),
        metric('utci-pct-cold', ['pctCold']),
        metric('spmv-pct-acceptable', ['spmvPctAcceptable']),
      ],
    },
    {
      id: 'wind-comfort',
      name: 'Pedestrian wind comfort',
      code: code('wind-comfort'),
      engine: 'engine/analyses/wind-comfort.ts',
      job: 'analysis.wind-comfort',
      metrics: [
        { metric: 'comfort-class', units: 'class', legends: CRITERIA.map((c) => comfortLegendName(c.id)), fields: ['comfortClass', 'exceedance_{t}ms'] },
      ],
    },
    {
      id: 'wind-safety',
      name: 'Pedestrian wind safety',
      code: code('wind-safety'),
      engine: 'engine/analyses/wind-comfort.ts',
      job: 'analysis.wind-comfort',
      metrics: [{ metric: 'safety', units: 'class', legends: withSafety.map((c) => safetyLegendName(c.id)), fields: ['safetyLevel', 'exceedance_{t}ms'] }],
    },
    {
      id: 'wind-directional',
      name: 'Directional wind (speed-up ratio)',
      code: code('wind-directional'),
      engine: 'engine/analyses/wind-comfort.ts',
      job: 'analysis.wind-comfort',
      metrics: [metric('speed-ratio', ['speedRatio', 'meanSpeedMs'])],
    },
    { id: 'geometry', name: 'Geometry', code: code('geometry'), engine: 'external', job: null, metrics: [] },
  ];
}

export type GraphKind = 'exceedance-vs-threshold' | 'area-per-class' | 'hourly-distribution' | 'histogram';

export interface GraphDefinition {
  id: string;
  /** The asset metrics the graph applies to. */
  metrics: string[];
  kind: GraphKind;
  title: string;
  x: { label: string; units: string };
  y: { label: string; units: string };
}

/** What the graph panel draws for a selected layer, by its metric. */
export function graphDefinitions(): GraphDefinition[] {
  return [
    {
      id: 'wind-exceedance',
      metrics: ['comfort-class', 'safety'],
      kind: 'exceedance-vs-threshold',
      title: 'Exceedance against threshold',
      x: { label: 'Threshold wind speed', units: 'm/s' },
      y: { label: 'Time exceeded', units: '%' },
    },
    {
      id: 'area-per-class',
      metrics: ['comfort-class', 'safety'],
      kind: 'area-per-class',
      title: 'Share of the plane per class',
      x: { label: 'Class', units: '' },
      y: { label: 'Plane area', units: '%' },
    },
    {
      id: 'utci-hourly',
      metrics: ['utci-pct-comfortable', 'utci-pct-hot', 'utci-pct-cold'],
      kind: 'hourly-distribution',
      title: 'Hourly UTCI distribution',
      x: { label: 'Hour of day', units: 'h' },
      y: { label: 'UTCI', units: '°C' },
    },
    {
      id: 'value-histogram',
      metrics: ['pct-sunlit', 'sun-hours', 'speed-ratio', 'spmv-pct-acceptable'],
      kind: 'histogram',
      title: 'Distribution over the plane',
      x: { label: 'Value', units: '' },
      y: { label: 'Plane area', units: '%' },
    },
  ];
}
