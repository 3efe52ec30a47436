/**
 * The PDF's method section: for every simulation a figure shows, how its results
 * were made, read from what the run and its results recorded — the analysis, the solver and its
 * validation summary, the tier, the grid and the resolution at pedestrian height, the directions,
 * the terrain and reference height, the weather station with its distance from the site and its
 * source, the criterion with its thresholds, and the station's wind rose, drawn and in figures. An item the
 * run did not record says so; nothing is guessed.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { assets, configurations, projectMetSources, projects, simulations, weatherStations } from '../../../db/schema/index.ts';
import { formatValue, resultLayerName } from '@canopy/engine/results/labels.ts';
import { METHOD_NAME, QUANTITY_STATUS } from '@canopy/engine/cfd/run/method.ts';
import { getCriterion, type Criterion } from '@canopy/engine/wind/criteria.ts';
import { windRose } from '@canopy/engine/weather/wind-rose.ts';
import type { RoseData } from './wind-rose-figure.ts';
import { runStateOf } from '../../compute/index.ts';
import { loadStationEpw } from '../../projects/index.ts';
import type { PlanBlock } from './render.ts';
import { NOT_RECORDED } from './provenance.ts';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/** Mean Earth radius, km (IUGG: R1 = 6371.0088 km); the haversine great-circle distance. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(a)));
}

const pct = (share: number) => `${formatValue(share * 100)} %`;

/** A criterion's classes and safety limits as a reader checks them: "Standing: at most 5 % of hours above 6 m/s". */
export function criterionThresholds(criterion: Criterion): string[] {
  const compare = criterion.exceedanceComparison === 'lessThan' ? 'under' : 'at most';
  const speed = criterion.speedType === 'maxMeanGem' ? 'the larger of the mean and the gust-equivalent mean speed' : 'the hourly mean speed';
  const lines = [`${criterion.name} (${criterion.source}); speeds compared: ${speed}.`];
  for (const c of criterion.classes) {
    lines.push(
      c.thresholdMs === null || c.allowedExceedance === null
        ? `${c.label}: every other point`
        : `${c.label}: ${compare} ${pct(c.allowedExceedance)} of hours above ${c.thresholdMs} m/s`,
    );
  }
  // The criterion's own words for its safety limits when it has them (the comparison differs between criteria).
  for (const s of criterion.safety)
    lines.push(`Safety, ${s.label}: ${s.description ?? `${pct(s.allowedExceedance)} of the year's hours above ${s.thresholdMs} m/s`}`);
  return lines;
}

const SECTOR_NAMES = ['N', 'NNE', 'NE', 'ENE', 'E', 'ESE', 'SE', 'SSE', 'S', 'SSW', 'SW', 'WSW', 'W', 'WNW', 'NW', 'NNW'];

/** The station's wind rose over all its hours, 16 sectors: each sector's share of the hours, and the calm hours. */
async function stationRose(db: Db, stationId: number): Promise<RoseData | null> {
  const epw = await loadStationEpw(db, stationId).catch(() => null);
  if (!epw) return null;
  const rose = windRose(epw.windDirectionDeg, epw.windSpeedMs, { sectors: 16 });
  const hours = rose.calmCount + rose.sectorCounts.reduce((a, b) => a + b, 0);
  if (hours === 0) return null;
  return { shares: Array.from(rose.sectorCounts, (c) => c / hours), calm: rose.calmCount / hours, hours };
}

/** The rose in words too (the drawing's figures, for reading aloud and for search). */
function roseLine(rose: RoseData | null): string {
  if (!rose) return NOT_RECORDED;
  const sectors = SECTOR_NAMES.map((name, i) => `${name} ${pct(rose.shares[i]!)}`).join(' · ');
  return `${sectors} · calm ${pct(rose.calm)} (share of the ${rose.hours} hours from each direction the wind comes from)`;
}

/** The criteria a simulation's comfort maps were rated against (their recorded ids). */
async function criteriaOf(db: Db, simulationId: number): Promise<Array<Criterion | string>> {
  const rows = await db
    .select({ metadata: assets.metadata, qualifiers: assets.qualifiers })
    .from(assets)
    .where(and(eq(assets.simulationId, simulationId), eq(assets.analysisType, 'wind-comfort')));
  const out = new Map<string, Criterion | string>();
  for (const row of rows) {
    const metadata = obj(row.metadata);
    const id = str(obj(metadata.provenance).criterion) ?? str(obj(metadata.criterion).id);
    if (!id || out.has(id)) continue;
    try {
      out.set(id, getCriterion(id));
    } catch {
      // A company's own criterion: its name as recorded (its table is the company's).
      out.set(id, str(obj(metadata.criterion).name) ?? str(obj(row.qualifiers).criterion) ?? id);
    }
  }
  return [...out.values()];
}

/** The method of one simulation as label–text lines. */
export interface MethodOf {
  title: string;
  lines: Array<[string, string]>;
  /** The weather station's wind rose, drawn under the lines. */
  rose: { data: RoseData; caption: string } | null;
}

export async function methodLines(db: Db, simulationId: number): Promise<MethodOf | null> {
  const [row] = await db
    .select({
      sim: simulations,
      scenario: configurations.name,
      form: configurations.form,
      lat: projects.latitude,
      lon: projects.longitude,
    })
    .from(simulations)
    .innerJoin(configurations, eq(configurations.id, simulations.configurationId))
    .innerJoin(projects, eq(projects.id, configurations.projectId))
    .where(eq(simulations.id, simulationId));
  if (!row) return null;
  const { sim } = row;
  const form = obj(row.form);
  const lines: Array<[string, string]> = [['Analysis', resultLayerName(sim.category)]];
  let rose: RoseData | null = null;
  let roseCaption = '';
  const cfd = runStateOf(sim.cfdParameters);
  if (cfd) {
    const e = cfd.estimate;
    lines.push(['Solver', `${cfd.solver}: ${METHOD_NAME}`]);
    lines.push(['Validation', QUANTITY_STATUS.map((q) => `${q.quantity}: ${q.status} (${q.why})`).join('; ')]);
    lines.push(['Tier', e ? e.tier_label : cfd.tier]);
    lines.push(['Grid', e ? `${e.cells.toLocaleString('en-GB')} cells; levels ${e.levels.map((l) => `${l.dx_m} m`).join(', ')}` : NOT_RECORDED]);
    lines.push([
      'Resolution at pedestrian height',
      e ? `${e.finest_cell_m} m cells, the first cell centre at ${e.finest_cell_m / 2} m; points below it are read by the log-law wall function` : NOT_RECORDED,
    ]);
    lines.push(['Directions', `${cfd.directions_deg.length}: ${cfd.directions_deg.map((d) => `${d}°`).join(', ')}`]);
    lines.push(['Terrain', `${cfd.terrain}; approach flow a log law`]);
    lines.push(['Reference height', `${cfd.reference.height_m} m`]);
  } else {
    // Canopy's other analyses record their engine in each result's provenance.
    const [first] = await db
      .select({ metadata: assets.metadata })
      .from(assets)
      .where(and(eq(assets.simulationId, simulationId), eq(assets.layerType, 'data')))
      .limit(1);
    const provenance = obj(obj(first?.metadata).provenance);
    const engine = str(provenance.engine);
    lines.push(['Solver', engine ? `${engine} ${str(provenance.version) ?? ''}`.trim() : NOT_RECORDED]);
    const directions = Array.isArray(form.wind_directions) ? form.wind_directions : [];
    if (directions.length) lines.push(['Directions', `${directions.length}: ${directions.map((d) => `${String(d)}°`).join(', ')}`]);
    if (typeof form.reference_height_m === 'number') lines.push(['Reference height', `${form.reference_height_m} m`]);
  }
  if (sim.metSourceId !== null) {
    const [station] = await db
      .select({
        id: weatherStations.id,
        name: weatherStations.name,
        source: weatherStations.source,
        metId: weatherStations.metId,
        lat: weatherStations.latitude,
        lon: weatherStations.longitude,
      })
      .from(projectMetSources)
      .innerJoin(weatherStations, eq(weatherStations.id, projectMetSources.stationId))
      .where(eq(projectMetSources.id, sim.metSourceId));
    if (station) {
      const away = row.lat !== null && row.lon !== null ? `, ${distanceKm(row.lat, row.lon, station.lat, station.lon).toFixed(1)} km from the site` : '';
      lines.push(['Weather station', `${station.name}${away}; source: ${station.source || NOT_RECORDED} (met_id ${station.metId})`]);
      rose = await stationRose(db, station.id);
      if (rose)
        roseCaption = `Wind rose of ${station.name}: the share of the ${rose.hours} hours the wind comes from each of 16 directions (wedges, rings at round shares); calm ${pct(rose.calm)}.`;
      lines.push(['Wind rose', roseLine(rose)]);
    } else lines.push(['Weather station', NOT_RECORDED]);
  } else lines.push(['Weather station', NOT_RECORDED]);
  for (const criterion of await criteriaOf(db, simulationId)) {
    if (typeof criterion === 'string') lines.push(['Criterion', `${criterion} (the company's own criterion)`]);
    else {
      const [head, ...classes] = criterionThresholds(criterion);
      lines.push(['Criterion', head!]);
      lines.push(['Thresholds', classes.join('; ')]);
    }
  }
  return { title: `${resultLayerName(sim.category)} — ${row.scenario}`, lines, rose: rose ? { data: rose, caption: roseCaption } : null };
}

/** The method section's blocks for the simulations the figures show (each once, in figure order). */
export async function methodSection(db: Db, simulationIds: readonly number[]): Promise<PlanBlock[]> {
  const ids = [...new Set(simulationIds)];
  const methods = (await Promise.all(ids.map((id) => methodLines(db, id)))).filter((m) => m !== null);
  if (methods.length === 0) return [];
  const blocks: PlanBlock[] = [
    { kind: 'newPage' },
    { kind: 'text', text: 'Method', style: { size: 16, bold: true, after: 4 } },
    {
      kind: 'text',
      text: 'How the results in the figures were computed, as the runs recorded it.',
      style: { size: 10, after: 8 },
    },
  ];
  for (const method of methods) {
    blocks.push({ kind: 'ensure', points: 80 });
    blocks.push({ kind: 'text', text: method.title, style: { size: 12, bold: true, after: 4 } });
    for (const [label, value] of method.lines) blocks.push({ kind: 'text', text: `${label}: ${value}`, style: { size: 9, after: 3 } });
    if (method.rose) blocks.push({ kind: 'windRose', rose: method.rose.data, caption: method.rose.caption });
    blocks.push({ kind: 'space', points: 8 });
  }
  return blocks;
}
