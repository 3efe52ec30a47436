/**
 * The simulation's ingested graph layers (docs/results-format.md, "Graph (JSON)") in the graph
 * panel: one line chart per file, titled by the graph definition it names, its axes with their
 * units, one line per series with a key, and who computed it.
 */
import type { Asset } from '@canopy/contract/viewer.ts';
import type { GraphLayer } from '@canopy/engine/results/json-layers.ts';
import { graphChart, graphSubtitle, graphTitle, provenanceLine } from './json-layers.ts';
import type { GraphDefinition } from './scene-layers.ts';
import { LineChart } from './svg-charts.tsx';
import { useJsonLayers } from './use-viewer-data.ts';
import * as css from './viewer.css.ts';

export interface ResultGraphsProps {
  assets: readonly Asset[];
  urlOf(asset: Asset): string;
  definitions: readonly GraphDefinition[];
}

export function ResultGraphs({ assets, urlOf, definitions }: ResultGraphsProps) {
  const files = useJsonLayers(assets.map(urlOf));
  if (assets.length === 0) return null;
  return (
    <section className={css.section} aria-label="Result graphs">
      {assets.map((asset) => {
        const state = files[urlOf(asset)];
        if (!state || state.status === 'loading') {
          return (
            <p key={asset.id} className={css.muted}>
              Loading the graph {asset.filename}…
            </p>
          );
        }
        if (state.status === 'failed' || state.layer.kind !== 'graph') {
          return (
            <p key={asset.id} className={css.alert} role="alert">
              The graph {asset.filename} could not be read{state.status === 'failed' ? `: ${state.message}` : ': it is not a graph'}
            </p>
          );
        }
        const layer: GraphLayer = state.layer;
        const title = graphTitle(layer, definitions);
        const chart = graphChart(layer);
        return (
          <figure key={asset.id} className={css.section} style={{ margin: 0 }}>
            <figcaption className={css.sectionTitle}>{title}</figcaption>
            <p className={css.muted}>{graphSubtitle(layer, asset)}</p>
            <LineChart label={title} categories={chart.categories} series={chart.series} xLabel={chart.xLabel} yLabel={chart.yLabel} />
            <ul className={css.list} aria-label={`Series of ${title}`}>
              {chart.series.map((s) => (
                <li key={s.name} className={css.layerRow}>
                  <span className={css.swatch} style={{ background: s.colour }} aria-hidden="true" />
                  {s.name}
                </li>
              ))}
            </ul>
            <p className={css.muted}>Computed by {provenanceLine(layer)}</p>
          </figure>
        );
      })}
    </section>
  );
}
