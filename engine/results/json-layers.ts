/**
 * Graph and wind-rose layers as JSON (docs/results-format.md, "Graph (JSON)" and "Wind rose
 * (JSON)"): the shapes external solvers write, checked on ingestion and read by the viewer panels.
 */
import { z } from 'zod';

const finite = z.number().refine(Number.isFinite, 'must be a finite number');
const provenance = z.looseObject({ engine: z.string().min(1), version: z.string().min(1) });

export const graphLayerSchema = z.looseObject({
  formatVersion: z.literal(1),
  kind: z.literal('graph'),
  analysis: z.string().min(1),
  metric: z.string().min(1),
  graph: z.string().min(1),
  x: z.object({ label: z.string(), units: z.string() }),
  y: z.object({ label: z.string(), units: z.string() }),
  series: z
    .array(z.object({ name: z.string(), points: z.array(z.tuple([finite, finite])) }))
    .min(1)
    .refine((series) => series.every((s) => s.points.every((p, i) => i === 0 || p[0] >= s.points[i - 1]![0])), 'series points must have ascending x'),
  provenance,
});

export const windRoseLayerSchema = z
  .looseObject({
    formatVersion: z.literal(1),
    kind: z.literal('windrose'),
    sectorsDeg: z.array(finite.min(0).max(360)).min(4),
    speedBinsMs: z.array(finite.min(0)).min(1),
    frequencyPct: z.array(z.array(finite.min(0))),
    calmPct: finite.min(0).max(100).default(0),
    provenance,
  })
  .superRefine((rose, ctx) => {
    if (rose.frequencyPct.length !== rose.sectorsDeg.length || rose.frequencyPct.some((row) => row.length !== rose.speedBinsMs.length)) {
      ctx.addIssue({ code: 'custom', message: 'frequencyPct must have one row per sector and one value per speed bin' });
      return;
    }
    const total = rose.calmPct + rose.frequencyPct.flat().reduce((a, b) => a + b, 0);
    if (Math.abs(total - 100) > 0.5) ctx.addIssue({ code: 'custom', message: `frequencies and calm sum to ${total.toFixed(2)} %, not 100 %` });
  });

export type GraphLayer = z.output<typeof graphLayerSchema>;
export type WindRoseLayer = z.output<typeof windRoseLayerSchema>;
export type JsonLayer = GraphLayer | WindRoseLayer;

export class JsonLayerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JsonLayerError';
  }
}

/** Parses a graph or wind-rose file; the message names the first problem and where it is. */
export function parseJsonLayer(text: string): JsonLayer {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new JsonLayerError(`not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const kind = (value as { kind?: unknown } | null)?.kind;
  const schema = kind === 'graph' ? graphLayerSchema : kind === 'windrose' ? windRoseLayerSchema : null;
  if (!schema) throw new JsonLayerError(`"kind" must be "graph" or "windrose"`);
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new JsonLayerError(`${issue.path.length ? issue.path.join('.') + ': ' : ''}${issue.message}`);
  }
  return parsed.data;
}
