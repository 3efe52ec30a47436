/**
 * One archived table read and checked: its JSON parsed, every row through the allow-list
 * (tables.ts `fromArchiveRow`), each weather station decoded and described again from its bytes.
 * A pure function of its input, run in the heavy-work pool by the import route (transfer/heavy-tasks.ts),
 * so a table of tens of megabytes is parsed beside the event loop, not on it. What the archive got
 * wrong comes back as a message (an error crossing a thread loses its class).
 */
import { canonicalLocation, decodeHourly, HourlyCodecError, PVGIS_ID, PVGIS_PROVENANCE, stationValues, type StationValues } from '../projects/index.ts';
import type { EpwLocation } from '@canopy/engine/weather/epw.ts';
import type { MetOrigin } from '../../db/schema/index.ts';
import { ArchiveRecordError, TABLES, fromArchiveRow, type TableName } from './tables.ts';
import { recordsEntry } from './export.ts';

export interface ReadTableInput {
  table: TableName;
  /** The records/{table}.json entry, inflated (moved to the thread). */
  bytes: Uint8Array;
  /** Rows the manifest says it holds. */
  expected: number;
}

export type ReadTableOutcome = { ok: true; rows: Array<Record<string, unknown>> } | { ok: false; message: string };

/**
 * A weather station as this server would store it from the same hours: decoded from its bytes and
 * everything about it — SHA-256, met_id, name, position, years — computed again (stations.ts).
 */
function importedStation(row: Record<string, unknown>, where: string): StationValues {
  let epw;
  try {
    epw = decodeHourly(row.data as Uint8Array, canonicalLocation(row.location as EpwLocation));
  } catch (error) {
    if (error instanceof HourlyCodecError) throw new ArchiveRecordError(`${where}: data: ${error.message}`);
    throw error;
  }
  const originRef = String(row.originRef ?? '');
  // A station fetched from PVGIS keeps the provider's statement of where its data come from.
  const provenance = row.origin === 'provider' && originRef.startsWith(`${PVGIS_ID}:`) ? PVGIS_PROVENANCE : undefined;
  return stationValues(epw, row.origin as MetOrigin, originRef, provenance);
}

export function readTable(input: ReadTableInput): ReadTableOutcome {
  const entry = recordsEntry(input.table);
  const spec = TABLES.find((s) => s.name === input.table);
  if (!spec) return { ok: false, message: `${entry} is not a table of the archive format` };
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength).toString('utf8'));
  } catch (error) {
    return { ok: false, message: `${entry} is not valid JSON: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}` };
  }
  if (!Array.isArray(raw)) return { ok: false, message: `${entry} is not a list of records.` };
  if (raw.length !== input.expected) return { ok: false, message: `${entry} holds ${raw.length} records; the manifest says ${input.expected}.` };
  const rows: Array<Record<string, unknown>> = [];
  try {
    for (const [i, value] of raw.entries()) {
      const where = `${entry}[${i}]`;
      const row = fromArchiveRow(spec, value, where);
      if (spec.name === 'weather_stations') row.station = importedStation(row, where);
      rows.push(row);
    }
  } catch (error) {
    if (error instanceof ArchiveRecordError) return { ok: false, message: error.message };
    throw error;
  }
  return { ok: true, rows };
}
