/**
 * Zones in the PDF: for a figure that shows a result layer of a study with zones, the zones'
 * outlines drawn over the figure through the view's saved camera (as the viewer draws them, a
 * little above the layer's plane, each with its name), and a table of their scores — the rows and
 * words of the viewer's Zones panel (engine/zones/zone-scores-table.ts), scored in the heavy-work
 * pool from the layer's stored GLB (zone-scoring.ts). A saved difference map (B − A) is scored as
 * the panel scores the Difference panel's pair: on its two source layers, side by side and B − A.
 * Each layer is scored once per export; a layer that cannot be read gets a line saying so, and the
 * rest of the PDF is still made.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../../deps.ts';
import type { Db } from '../../../db/database.ts';
import { assets, configurations, simulations, studyZones } from '../../../db/schema/index.ts';
import { getBytes, parseBlobKey } from '../../../blobs/blob-io.ts';
import { transferables } from '../../../jobs/transfer.ts';
import { jobTypes } from '@canopy/engine/results/job-types.ts';
import { layerField, layerUnits } from '@canopy/engine/results/layer-field.ts';
import { layerLabel, metricLabel } from '@canopy/engine/results/labels.ts';
import { scoreTable, scoreTableNote } from '@canopy/engine/zones/zone-scores-table.ts';
import type { ScoreColumn } from '@canopy/engine/zones/score-column.ts';
import type { ZoneUse } from '@canopy/engine/zones/zone-uses.ts';
import { ZONE_COLOUR, ZONE_LIFT_M, zoneLabelPoint } from '@canopy/engine/zones/zone-drawing.ts';
import type { ZoneScoringOutcome } from './zone-scoring.ts';
import type { drawingShapes, Vec3 } from './figure-overlay.ts';
import type { PlanBlock } from './render.ts';

type Shape = ReturnType<typeof drawingShapes>[number];

interface ZoneRow {
  id: number;
  name: string;
  use: ZoneUse;
  polygon: Array<[number, number]>;
}

/** What a figure's layer adds: the blocks after the figure (heading, note, table) and the outlines over it. */
export interface ZoneFigure {
  blocks: PlanBlock[];
  /** Outlines and names as site-anchored shapes (drawn only where the view saved a camera). */
  shapes: Shape[];
}

export interface ZoneFigureSource {
  deps: AppDeps;
  db: Db;
  userId: number;
  projectId: number;
  studyId: number;
}

/** Canvas-normalised points far off the image: an anchored shape whose anchors cannot be projected is not drawn. */
const OFF_IMAGE: [number, number] = [-9, -9];

function outlineShapes(zones: readonly ZoneRow[], z: number): Shape[] {
  return zones.flatMap((zone): Shape[] => {
    const ring: Vec3[] = [...zone.polygon, zone.polygon[0]!].map(([x, y]) => [x, y, z]);
    const centre: Vec3 = zoneLabelPoint(zone.polygon, z);
    return [
      { kind: 'freehand', points: ring.map(() => OFF_IMAGE), anchors: ring, colour: ZONE_COLOUR, width: 1.5 },
      { kind: 'text', points: [OFF_IMAGE], anchors: [centre], colour: ZONE_COLOUR, width: 0, text: zone.name, centred: true },
    ];
  });
}

/** The zone scores of one export: the study's zones read once, each layer scored once. */
export class ZoneFigures {
  private zones: Promise<ZoneRow[]> | null = null;
  private readonly byAsset = new Map<number, Promise<ZoneFigure | null>>();
  /** The figure each layer's table was printed under, so a later figure of the same layer points to it. */
  private readonly printedUnder = new Map<number, string>();

  constructor(private readonly source: ZoneFigureSource) {}

  private studyZones(): Promise<ZoneRow[]> {
    this.zones ??= this.source.db
      .select({ id: studyZones.id, name: studyZones.name, use: studyZones.use, polygon: studyZones.polygon })
      .from(studyZones)
      .where(eq(studyZones.studyId, this.source.studyId))
      .orderBy(asc(studyZones.id))
      .then((rows) => rows.map((r) => ({ ...r, use: r.use as ZoneUse, polygon: r.polygon as Array<[number, number]> })));
    return this.zones;
  }

  /**
   * The zones of the figure numbered `figure` that shows asset `assetId` (titled `layerTitle` in
   * its legend), or null when the study has no zones or the asset is no data layer of this project.
   */
  async of(assetId: number | null, figure: string, layerTitle: string | null): Promise<ZoneFigure | null> {
    if (assetId === null) return null;
    let scored = this.byAsset.get(assetId);
    if (!scored) {
      scored = this.score(assetId, figure, layerTitle);
      this.byAsset.set(assetId, scored);
    }
    const result = await scored;
    if (!result) return null;
    const first = this.printedUnder.get(assetId);
    if (first === undefined) {
      this.printedUnder.set(assetId, figure);
      return result;
    }
    // The same layer again: its outlines, and a pointer to the table printed with the first figure.
    return {
      shapes: result.shapes,
      blocks: [{ kind: 'text', text: `Zone scores of this layer: see ${first}.`, style: { size: 9, colour: 'grey', after: 10 } }],
    };
  }

  /** A data layer of this project with a stored file: its row, or null. */
  private async dataLayer(assetId: number): Promise<LayerRow | null> {
    const [asset] = await this.source.db
      .select({ layerType: assets.layerType, analysisType: assets.analysisType, metric: assets.metric, metadata: assets.metadata, blobKey: assets.blobKey })
      .from(assets)
      .innerJoin(simulations, eq(simulations.id, assets.simulationId))
      .innerJoin(configurations, eq(configurations.id, simulations.configurationId))
      .where(and(eq(assets.id, assetId), eq(configurations.projectId, this.source.projectId)));
    return asset?.blobKey && asset.layerType.toLowerCase() === 'data' ? { ...asset, blobKey: asset.blobKey } : null;
  }

  /** One layer's scores, from its stored GLB in the heavy-work pool; a layer that cannot be read comes back as a message. */
  private async scoreLayer(zones: readonly ZoneRow[], asset: LayerRow, label: string): Promise<ZoneScoringOutcome> {
    const ref = { metadata: asset.metadata, analysis_type: asset.analysisType, metric: asset.metric };
    const types = jobTypes();
    const field = layerField(ref, types);
    const source = { label, metric: asset.metric, ...(field ? { field } : {}), unit: layerUnits(ref, types) };
    let glb: Uint8Array;
    try {
      glb = await getBytes(this.source.deps.blobStore, parseBlobKey(asset.blobKey));
    } catch {
      // the store's own message names its internal paths, which a reader of the PDF has no use for
      return { ok: false, message: 'its stored file can no longer be read' };
    }
    try {
      return await this.source.deps.heavy.run<ZoneScoringOutcome>(
        this.source.userId,
        'pdf.scoreZones',
        { glb, zones: zones.map(({ id, use, polygon }) => ({ id, use, polygon })), source },
        transferables([glb]),
      );
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
  }

  private async score(assetId: number, figure: string, layerTitle: string | null): Promise<ZoneFigure | null> {
    const zones = await this.studyZones();
    if (zones.length === 0) return null;
    const asset = await this.dataLayer(assetId);
    if (!asset) return null;
    // The heading starts where its note, the table's heading row and a few rows fit under it.
    const heading: PlanBlock[] = [
      { kind: 'ensure', points: 70 + 14 * Math.min(zones.length, 4) },
      { kind: 'text', text: `Zone scores — ${figure}`, style: { size: 11, bold: true, after: 2 } },
    ];
    const pair = differenceSources(asset.metadata);
    let lost: PlanBlock[] = [];
    if (pair) {
      const compared = await this.scorePair(zones, pair);
      if (compared.planeZ !== null) return { shapes: outlineShapes(zones, compared.planeZ + ZONE_LIFT_M), blocks: [...heading, ...compared.blocks] };
      // Neither source can be read: the map's own values are what can still be printed.
      lost = [...compared.blocks, greyLine('The zones are scored on the difference map itself (B − A).')];
    }
    const outcome = await this.scoreLayer(zones, asset, layerTitle || metricLabel(asset.metric) || 'Layer');
    if (!outcome.ok) {
      return {
        shapes: outlineShapes(zones, ZONE_LIFT_M),
        blocks: [...heading, ...lost, greyLine(`The zones could not be scored: ${outcome.message}.`)],
      };
    }
    return { shapes: outlineShapes(zones, outcome.planeZ + ZONE_LIFT_M), blocks: [...heading, ...lost, ...tableBlocks(zones, [outcome.column])] };
  }

  /**
   * A saved difference map's zones scored on its two source layers, as the Zones panel scores the
   * Difference panel's A and B: side by side, then B − A. A source that can no longer be read gets
   * a line saying so and the other is printed alone; with neither readable, only those lines and
   * no plane (the caller scores the map itself, so the figure still gets the numbers it shows).
   */
  private async scorePair(zones: readonly ZoneRow[], pair: DifferencePair): Promise<{ blocks: PlanBlock[]; planeZ: number | null }> {
    const sides = await Promise.all(
      (['a', 'b'] as const).map(async (key) => {
        const side = pair[key];
        const which = key.toUpperCase();
        const asset = await this.dataLayer(side.assetId);
        if (!asset) return { which, side, outcome: { ok: false, message: 'the layer is no longer stored in this project' } as ZoneScoringOutcome };
        const label = `${side.scenario} — ${layerLabel(asset.metric ?? asset.analysisType).title}`;
        return { which, side, outcome: await this.scoreLayer(zones, asset, label) };
      }),
    );
    const lost = sides.flatMap((s) =>
      s.outcome.ok ? [] : [greyLine(`Scenario ${s.which} (${s.side.scenario}, layer ${s.side.assetId}) could not be scored: ${s.outcome.message}.`)],
    );
    const read = sides.flatMap((s) => (s.outcome.ok ? [s.outcome] : []));
    if (read.length === 0) return { blocks: lost, planeZ: null };
    const intro = greyLine(
      read.length === 2
        ? 'The figure shows B − A; the zones are scored on its two source layers, side by side and as B − A.'
        : 'The figure shows B − A; the zones are scored on the source layer that could be read.',
    );
    // B's points are the map's points, so its plane is where the map lies.
    const planeZ = read[read.length - 1]!.planeZ;
    return {
      blocks: [
        intro,
        ...lost,
        ...tableBlocks(
          zones,
          read.map((o) => o.column),
        ),
      ],
      planeZ,
    };
  }
}

/** A data layer's row as scoring needs it. */
interface LayerRow {
  analysisType: string;
  metric: string | null;
  metadata: unknown;
  blobKey: string;
}

/** A saved difference map's two source layers, as its metadata records them (src/services/difference.ts writes them). */
interface DifferencePair {
  a: { assetId: number; scenario: string };
  b: { assetId: number; scenario: string };
}

function differenceSources(metadata: unknown): DifferencePair | null {
  const difference = (metadata as { difference?: { a?: unknown; b?: unknown } } | null)?.difference;
  const side = (value: unknown) => {
    const v = value as { assetId?: unknown; scenario?: unknown } | undefined;
    return v && Number.isInteger(v.assetId)
      ? { assetId: v.assetId as number, scenario: typeof v.scenario === 'string' && v.scenario ? v.scenario : 'Scenario' }
      : null;
  };
  const a = side(difference?.a);
  const b = side(difference?.b);
  return a && b ? { a, b } : null;
}

const greyLine = (text: string): PlanBlock => ({ kind: 'text', text, style: { size: 9, colour: 'grey', after: 3 } });

/** The panel's sentence (the layer or scenarios A and B with their units, the criterion, what the numbers are of) and its table. */
function tableBlocks(zones: readonly ZoneRow[], columns: ScoreColumn[]): PlanBlock[] {
  const table = scoreTable(zones, columns);
  return [
    greyLine(`${scoreTableNote(columns)} Scored as the viewer’s Zones panel scores them.`),
    { kind: 'table', headings: table.headings, rows: table.rows },
  ];
}
