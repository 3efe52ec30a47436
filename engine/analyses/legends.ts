/**
 * Colour legends of every result the analyses write, served by `GET /api/color-legend/` and named in
 * each result's metadata as {name, version}. A legend is versioned: changing colours or range means a
 * new version, so a stored result keeps the legend it was written with.
 *
 * Palettes are colour-blind safe:
 * - continuous fields use viridis (S. van der Walt & N. Smith, matplotlib's default colormap, 2015:
 *   perceptually uniform and readable with deuteranopia/protanopia), stops at 0, ¼, ½, ¾, 1;
 * - shares of time use ColorBrewer single-hue sequential 5-class schemes (Greens, Reds, Blues,
 *   Purples), all flagged colour-blind safe by Brewer & Harrower (colorbrewer2.org);
 * - wind speed-up and exceedance use ColorBrewer YlGnBu and YlOrRd (colour-blind safe);
 * - wind comfort classes take each criterion's own colours (ColorBrewer RdYlBu, criterion-schema.ts).
 */
import { CRITERIA, type Criterion } from '../wind/criteria.ts';

export interface LegendStop {
  value: number;
  colour: string;
}

export interface LegendClass {
  value: number;
  label: string;
  colour: string;
  description?: string;
}

interface LegendBase {
  name: string;
  version: string;
  title: string;
  units: string;
  source: string;
}

export interface ContinuousLegend extends LegendBase {
  kind: 'continuous';
  min: number;
  max: number;
  stops: LegendStop[];
}

export interface ClassLegend extends LegendBase {
  kind: 'classes';
  classes: LegendClass[];
}

export type Legend = ContinuousLegend | ClassLegend;

const VIRIDIS = ['#440154', '#3b528b', '#21918c', '#5ec962', '#fde725'];
const GREENS = ['#edf8e9', '#bae4b3', '#74c476', '#31a354', '#006d2c'];
const REDS = ['#fee5d9', '#fcae91', '#fb6a4a', '#de2d26', '#a50f15'];
const BLUES = ['#eff3ff', '#bdd7e7', '#6baed6', '#3182bd', '#08519c'];
const PURPLES = ['#f2f0f7', '#cbc9e2', '#9e9ac8', '#756bb1', '#54278f'];
const YL_GN_BU = ['#ffffcc', '#a1dab4', '#41b6c4', '#2c7fb8', '#253494'];
const YL_OR_RD = ['#ffffb2', '#fecc5c', '#fd8d3c', '#f03b20', '#bd0026'];

const VIRIDIS_SOURCE = 'viridis (van der Walt & Smith, matplotlib 2015), colour-blind safe';
const brewer = (scheme: string) => `ColorBrewer ${scheme} 5-class (Brewer & Harrower, colorbrewer2.org), colour-blind safe`;

function continuous(name: string, title: string, units: string, min: number, max: number, colours: readonly string[], source: string): ContinuousLegend {
  const stops = colours.map((colour, i) => ({ value: min + ((max - min) * i) / (colours.length - 1), colour }));
  return { name, version: '1', kind: 'continuous', title, units, min, max, stops, source };
}

/** Legend name of a criterion's comfort classes and of its safety levels. */
export const comfortLegendName = (criterionId: string) => `wind-comfort-${criterionId}`;
export const safetyLegendName = (criterionId: string) => `wind-safety-${criterionId}`;

export function comfortLegend(criterion: Criterion): ClassLegend {
  return {
    name: comfortLegendName(criterion.id),
    version: '1',
    kind: 'classes',
    title: `Wind comfort — ${criterion.name}`,
    units: 'class',
    source: `${criterion.name} class colours: ColorBrewer RdYlBu 5-class reversed, colour-blind safe`,
    classes: criterion.classes.map((c, value) => ({ value, label: c.label, colour: c.colour, ...(c.description ? { description: c.description } : {}) })),
  };
}

export function safetyLegend(criterion: Criterion): ClassLegend {
  return {
    name: safetyLegendName(criterion.id),
    version: '1',
    kind: 'classes',
    title: `Wind safety — ${criterion.name}`,
    units: 'class',
    source: 'ColorBrewer PuOr purples (colour-blind safe) over a neutral grey for "no limit exceeded"',
    classes: [
      { value: 0, label: 'No safety limit exceeded', colour: '#f7f7f7' },
      ...criterion.safety.map((s, i) => ({ value: i + 1, label: s.label, colour: s.colour, ...(s.description ? { description: s.description } : {}) })),
    ],
  };
}

export const LEGENDS: readonly Legend[] = [
  continuous('pct-sunlit', 'Sun-lit time', '%', 0, 100, VIRIDIS, VIRIDIS_SOURCE),
  continuous('sun-hours', 'Clear-sky sun hours', 'h', 0, 12, VIRIDIS, VIRIDIS_SOURCE),
  continuous('utci-pct-comfortable', 'Time thermally comfortable (9 < UTCI ≤ 26 °C)', '%', 0, 100, GREENS, brewer('Greens')),
  continuous('utci-pct-hot', 'Time with heat stress (UTCI > 26 °C)', '%', 0, 100, REDS, brewer('Reds')),
  continuous('utci-pct-cold', 'Time with cold stress (UTCI ≤ 9 °C)', '%', 0, 100, BLUES, brewer('Blues')),
  continuous('spmv-pct-acceptable', 'Time acceptable by SPMV* (|SPMV*| ≤ 0.5)', '%', 0, 100, PURPLES, brewer('Purples')),
  continuous('speed-ratio', 'Wind speed-up ratio', '', 0, 2, YL_GN_BU, brewer('YlGnBu')),
  continuous('wind-speed', 'Mean pedestrian wind speed', 'm/s', 0, 10, YL_GN_BU, brewer('YlGnBu')),
  continuous('exceedance', 'Exceedance probability', '', 0, 0.2, YL_OR_RD, brewer('YlOrRd')),
  ...CRITERIA.map(comfortLegend),
  ...CRITERIA.filter((c) => c.safety.length > 0).map(safetyLegend),
];

export function findLegend(name: string, version?: string): Legend | undefined {
  return LEGENDS.find((l) => l.name === name && (version === undefined || l.version === version));
}

/** {name, version} of a built-in legend, for result metadata; throws on a name that does not exist. */
export function legendRef(name: string): { name: string; version: string } {
  const legend = findLegend(name);
  if (!legend) throw new RangeError(`no colour legend named '${name}'`);
  return { name: legend.name, version: legend.version };
}
