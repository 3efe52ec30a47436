/** POST /api/project/{id}/download-weather-data/ {met_id} → `weather_data_<met_id>.csv` (SPEC §7, §9). */
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { weatherToCsv } from '@canopy/engine/weather/weather-csv.ts';
import { requireVisibleProject } from '../access.ts';
import { metSourceByMetId } from './met-sources.ts';
import { loadStationEpw } from './stations.ts';

/** SPEC §9: "weather_data_ plus met id, csv". */
export const weatherFileName = (metId: string): string => `weather_data_${metId}.csv`;

export async function weatherCsv(db: Db, user: AuthUser, projectId: number, metId: string): Promise<{ filename: string; csv: string }> {
  await requireVisibleProject(db, user, projectId);
  const row = await metSourceByMetId(db, projectId, metId);
  const epw = await loadStationEpw(db, row.stationId);
  return { filename: weatherFileName(row.metId), csv: weatherToCsv(epw) };
}
