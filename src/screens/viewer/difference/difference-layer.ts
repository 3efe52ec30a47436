/**
 * A difference map as a layer of the pane that shows scenario B: an asset-shaped description (so
 * the layer logic, the legend, the probe and the data panel treat it as any data layer) whose file
 * is the in-browser layer's `local:` URL, with its own diverging legend centred on zero. While it
 * shows, B's other data layers step aside, as for a re-classified comfort map.
 */
import type { Asset } from '@canopy/contract/viewer.ts';
import type { DifferenceLayer, DifferenceOutcome } from '@machines/difference/difference.types.ts';
import type { ColourLegend } from '@machines/viewer/reference-data.ts';
import { layerLabel } from '@canopy/engine/results/labels.ts';
import { comparedMetric, differenceMetric } from '@canopy/engine/results/difference-metric.ts';
import { classChangeLabel, classStepColours, PUOR_9 } from '../../../viewer/difference/diverging-scale.ts';
import { DIFFERENCE_FIELD, matchingWords } from '../../../services/difference.ts';
import type { ReclassLayer } from '../reclass-layer.ts';

/** Negative: never an id of a stored asset (and not the re-classified map's). */
export const DIFFERENCE_ASSET_ID = -31;

/** What a difference map's legend is drawn from: the live map's outcome, or a saved map's metadata. */
interface DifferenceScale {
  mode: DifferenceOutcome['mode'];
  /** The symmetric half-range (values) or the largest class step (classes). */
  limit: number;
  unit: string;
  /** The metric differenced (without the "-difference" of a saved map). */
  metric: string;
  /** "B − A" in the scenarios' names. */
  which: string;
  matching: string;
}

const inBrackets = (words: string) => (words ? ` (${words})` : '');

function divergingLegend(d: DifferenceScale): ColourLegend {
  if (d.mode === 'classes') {
    const steps = d.limit;
    const colours = classStepColours(steps);
    return {
      name: 'difference-classes',
      version: '1',
      kind: 'classes',
      title: `Comfort class change, ${d.which}${inBrackets(d.matching)}`,
      units: 'class',
      classes: colours.map((colour, i) => ({ value: i - steps, label: classChangeLabel(i - steps), colour })),
    };
  }
  const L = d.limit;
  return {
    name: 'difference-values',
    version: '1',
    kind: 'continuous',
    title: `Δ ${layerLabel(d.metric, d.unit).title}, ${d.which}${inBrackets(d.matching)}`,
    units: d.unit,
    min: -L,
    max: L,
    // Zero stays the white middle whatever span the values have.
    fixedRange: true,
    stops: PUOR_9.map((colour, i) => ({ value: -L + (2 * L * i) / (PUOR_9.length - 1), colour })),
  };
}

export function differenceLegend(outcome: DifferenceOutcome, a: DifferenceLayer, b: DifferenceLayer): ColourLegend {
  return divergingLegend({
    mode: outcome.mode,
    limit: outcome.limit,
    unit: outcome.unit,
    metric: b.asset.metric ?? b.asset.analysis_type,
    which: `${b.scenario} − ${a.scenario}`,
    matching: matchingWords(outcome),
  });
}

/**
 * The diverging legend of a difference map saved as a layer (services/difference.ts writes its
 * `difference` metadata: both sides, the matching, the kind of map and its half-range), or null for
 * any other layer — which then takes its legend by name as before.
 */
export function savedDifferenceLegend(asset: Pick<Asset, 'metadata' | 'metric' | 'analysis_type'>): ColourLegend | null {
  const meta = (asset.metadata ?? {}) as Record<string, unknown>;
  const d = meta.difference as Record<string, unknown> | undefined;
  if (!d || typeof d !== 'object') return null;
  const limit = Number(d.limit);
  const mode = d.mode === 'classes' ? 'classes' : d.mode === 'values' ? 'values' : null;
  if (!mode || !(limit > 0)) return null;
  const side = (x: unknown) =>
    x && typeof x === 'object' && typeof (x as { scenario?: unknown }).scenario === 'string' ? (x as { scenario: string }).scenario : '?';
  const stored = asset.metric ?? asset.analysis_type;
  const metric = comparedMetric(stored) ?? stored;
  return divergingLegend({
    mode,
    limit,
    unit: mode === 'classes' ? '' : typeof meta.units === 'string' ? meta.units : '',
    metric,
    which: `${side(d.b)} − ${side(d.a)}`,
    matching: typeof d.matching === 'string' ? d.matching : '',
  });
}

export function differenceLayer(outcome: DifferenceOutcome, a: DifferenceLayer, b: DifferenceLayer): ReclassLayer {
  const legend = differenceLegend(outcome, a, b);
  const asset: Asset = {
    ...b.asset,
    id: DIFFERENCE_ASSET_ID,
    metric: differenceMetric(b.asset.metric ?? b.asset.analysis_type),
    qualifiers: { ...b.asset.qualifiers, difference: `${b.scenario} − ${a.scenario}` },
    filename: 'difference.glb',
    show_by_default: true,
    metadata: {
      ...b.asset.metadata,
      legend: { name: legend.name, version: '1' },
      fields: [DIFFERENCE_FIELD],
      units: outcome.mode === 'classes' ? 'class' : outcome.unit,
    },
    qualifier: `${b.scenario} − ${a.scenario}`,
  };
  return { simulationId: b.asset.simulation_id, asset, url: outcome.url, legend };
}
