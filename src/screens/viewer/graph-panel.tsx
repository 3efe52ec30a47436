/**
 * The graph panel: the simulation's ingested graph layers, then every graph
 * definition for the selected data layer's metric, drawn from its data.
 */
import type { Asset } from '@canopy/contract/viewer.ts';
import type { ColourLegend, GraphDefinition } from './scene-layers.ts';
import { BarChart, LineChart } from './svg-charts.tsx';
import { graphData } from './graph-logic.ts';
import { ResultGraphs } from './result-graphs.tsx';
import { useMeshes } from './use-viewer-data.ts';
import { withUnit } from '@canopy/engine/results/labels.ts';
import * as css from './viewer.css.ts';

export interface GraphPanelProps {
  asset: Asset | null;
  url: string | null;
  field: string | undefined;
  legend: ColourLegend | null;
  definitions: readonly GraphDefinition[];
  /** The layer's human name and unit: a histogram's x axis is the layer's own values. */
  layerTitle?: string | null;
  unit?: string;
  /** The simulation's graph layers (JSON files), drawn whatever data layer is shown. */
  graphLayers?: readonly Asset[];
  urlOf?(asset: Asset): string;
}

export function GraphPanel({ graphLayers = [], urlOf, ...props }: GraphPanelProps) {
  return (
    <>
      {urlOf ? <ResultGraphs assets={graphLayers} urlOf={urlOf} definitions={props.definitions} /> : null}
      <LayerGraphs {...props} hasResultGraphs={graphLayers.length > 0} />
    </>
  );
}

function LayerGraphs({
  asset,
  url,
  field,
  legend,
  definitions,
  layerTitle,
  unit,
  hasResultGraphs,
}: Omit<GraphPanelProps, 'graphLayers' | 'urlOf'> & { hasResultGraphs: boolean }) {
  const meshes = useMeshes(url ? [url] : []);
  if ((!asset || !url) && hasResultGraphs) return null;
  if (!asset || !url) return <p className={css.muted}>Show a data layer to see its graphs.</p>;
  const graphs = definitions.filter((d) => asset.metric && d.metrics.includes(asset.metric));
  if (graphs.length === 0) return <p className={css.muted}>No graphs are defined for {layerTitle ?? 'this layer'}.</p>;
  const state = meshes[url];
  if (!state || (state.status !== 'ready' && state.status !== 'failed')) return <p className={css.muted}>Loading the layer's data…</p>;
  if (state.status === 'failed') {
    return (
      <p className={css.alert} role="alert">
        The layer's data could not be read: {state.message}
      </p>
    );
  }
  const mesh = state.mesh;
  return (
    <section className={css.section} aria-label="Graphs">
      {graphs.map((definition) => {
        const data = graphData(definition, mesh, field, legend);
        // Every axis says what it measures and in what unit: a histogram's x is the layer itself.
        const xLabel =
          definition.kind === 'histogram' && layerTitle ? withUnit(layerTitle, unit || definition.x.units) : withUnit(definition.x.label, definition.x.units);
        const yLabel = definition.y.units ? `${definition.y.label} (${definition.y.units})` : definition.y.label;
        return (
          <figure key={definition.id} className={css.section} style={{ margin: 0 }}>
            <figcaption className={css.sectionTitle}>{definition.title}</figcaption>
            {data.categories.length === 0 ? (
              <p className={css.muted}>This layer carries no data for this graph.</p>
            ) : data.line ? (
              <LineChart
                label={definition.title}
                categories={data.categories}
                series={[{ name: definition.title, colour: '#21918c', values: data.values }]}
                xLabel={xLabel}
                yLabel={yLabel}
              />
            ) : (
              <BarChart label={definition.title} categories={data.categories} values={data.values} colours={data.colours} xLabel={xLabel} yLabel={yLabel} />
            )}
          </figure>
        );
      })}
    </section>
  );
}
