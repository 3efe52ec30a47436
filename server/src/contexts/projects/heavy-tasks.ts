/**
 * The projects context's request-side heavy work, run in the heavy-work pool's threads (ADR 15):
 * uploaded or fetched OpenStreetMap data read and extruded, which takes seconds for a city's
 * extract. A file the user can fix comes back as a value, because an error crossing a thread keeps
 * its message but loses its class.
 */
import { OsmParseError, surroundsFromMapData, type Surrounds, type SurroundsOptions } from '@canopy/engine/geometry/osm/surrounds.ts';
import { moving } from '../../jobs/transfer.ts';

export type SurroundsOutcome = { ok: true; surrounds: Surrounds } | { ok: false; message: string };

export const PROJECTS_HEAVY_TASKS = {
  /** Uploaded or fetched OpenStreetMap data read and extruded (surrounds/surrounds.ts). */
  'surrounds.fromMapData': (input: { text: string; options: SurroundsOptions & { format?: string } }): SurroundsOutcome => {
    try {
      const surrounds = surroundsFromMapData(input.text, input.options);
      const m = surrounds.merged;
      return moving({ ok: true, surrounds }, [m.positions, m.indices, m.role, m.building]);
    } catch (error) {
      if (error instanceof OsmParseError) return { ok: false, message: error.message };
      throw error;
    }
  },
};
