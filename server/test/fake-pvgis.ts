/**
 * A local HTTP server that answers like the EU JRC's PVGIS `tmy` endpoint, for tests (no test
 * reaches the internet). Built from PVGIS's own documentation:
 * - "API non-interactive service" (joint-research-centre.ec.europa.eu/pvgis-online-tool/
 *   getting-started-pvgis/api-non-interactive-service_en): entry point …/api/v5_3/tmy?lat=…&lon=…;
 *   GET only (405 otherwise); an input out of range, or a point the service does not cover, is
 *   answered with a JSON error message; 429 past the rate limit, 529 when overloaded.
 * - "PVGIS typical meteorological year (TMY) generator", §2 outputs: one year of hourly rows,
 *   times in UTC, with T2m, RH, G(h), Gb(n), Gd(h), IR(h), WS10m, WD10m, SP; `outputformat=epw`
 *   gives them as an EnergyPlus weather file.
 * The recorded EPW follows the layout PVGIS sends: LOCATION line "unknown,-,unknown,ECMWF/ERA,unknown"
 * with the requested point, zone offset and elevation; the header lines up to DATA PERIODS; then
 * 8760 rows of 35 fields, missing codes where PVGIS has no value (as in the PVGIS file
 * pvlib-python ships as pvlib/data/tmy_45.000_8.000_2005_2016.epw). The values themselves are
 * synthetic but physical: a seasonal and daily temperature wave by latitude, the sun's irradiance
 * by hour, and a wind that turns through the compass.
 *
 * What each point gets is the test's choice (`behave`): a year, the over-the-sea error PVGIS gives
 * for ocean cells, an HTML error page, an answer slower than the client's timeout, or a file cut
 * off mid-way (declared length, connection closed early; or a complete answer of half a year).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type PvgisBehaviour = 'year' | 'sea' | 'error-page' | 'slow' | 'cut-connection' | 'half-year' | 'busy';

export interface FakePvgis {
  /** The `tmy` endpoint, for WEATHER_PVGIS_URL. */
  tmyUrl: string;
  /** Every request's query, in order. */
  requests: Array<{ method: string; lat: string | null; lon: string | null; outputformat: string | null }>;
  /** What to do for a point (default: a year everywhere). */
  behave(choose: (lat: number, lon: number, attempt: number) => PvgisBehaviour): void;
  close(): Promise<void>;
}

/** PVGIS's answer for a point over the sea (status 400). */
export const OVER_THE_SEA = { message: 'Location over the sea. Please, select another location', status: 400 };

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A recorded-format TMY EPW for a point: UTC rows, as PVGIS sends them. */
export function pvgisEpw(lat: number, lon: number, elevation = 24): string {
  const zone = Math.round(lon / 15);
  const lines = [
    `LOCATION,unknown,-,unknown,ECMWF/ERA,unknown,${lat.toFixed(6)},${lon.toFixed(6)},${zone},${elevation}`,
    'DESIGN CONDITIONS,0',
    'TYPICAL/EXTREME PERIODS,0',
    'GROUND TEMPERATURES,0',
    'HOLIDAYS/DAYLIGHT SAVING,No,0,0,0',
    'COMMENTS 1,PVGIS-style typical year recorded for tests - based on the ECMWF-ERA',
    'COMMENTS 2',
    'DATA PERIODS,1,1,Data,Thursday, 1/ 1,12/31',
  ];
  const south = lat < 0;
  let dayOfYear = 0;
  for (let month = 1; month <= 12; month++) {
    // Typical years stitch months of different years together.
    const year = 2005 + ((month * 7) % 16);
    for (let day = 1; day <= DAYS_IN_MONTH[month - 1]!; day++, dayOfYear++) {
      const season = Math.cos((2 * Math.PI * (dayOfYear - 196)) / 365) * (south ? -1 : 1);
      for (let hour = 1; hour <= 24; hour++) {
        const solarHour = (hour - 0.5 + lon / 15 + 24) % 24;
        const sun = Math.max(0, Math.cos(((solarHour - 12) / 12) * Math.PI) - Math.sin((Math.abs(lat) * Math.PI) / 180) * 0.3 * -season);
        const t = 27 - 0.45 * Math.abs(lat) + (Math.abs(lat) / 6) * season + 4 * Math.cos(((solarHour - 15) / 12) * Math.PI);
        const ghi = Math.round(900 * sun * (0.6 + 0.4 * Math.cos((lat * Math.PI) / 180)));
        const windSpeed = 2 + 3 * Math.abs(Math.sin((dayOfYear * 24 + hour) / 17));
        const windFrom = (dayOfYear * 24 + hour * 11) % 360;
        lines.push(
          [
            year,
            month,
            day,
            hour,
            0,
            'B8B8E8B8?1A1A1A1?0?0?0?0B8B8?0?0?0?0?0?0?0?0',
            t.toFixed(2),
            (t - 6).toFixed(2),
            (70 - 10 * sun).toFixed(2),
            (101325 - elevation * 12).toFixed(2),
            9999,
            9999,
            (300 + t).toFixed(2),
            ghi.toFixed(2),
            (ghi * 0.7).toFixed(2),
            (ghi * 0.3).toFixed(2),
            999999,
            999999,
            999999,
            9999,
            windFrom,
            windSpeed.toFixed(1),
            99,
            99,
            9999,
            99999,
            9,
            999999999,
            999,
            0.999,
            999,
            99,
            999,
            999,
            99,
          ].join(','),
        );
      }
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

const ERROR_PAGE =
  '<!DOCTYPE html><html><head><title>500 Internal Server Error</title></head><body><h1>Internal Server Error</h1><p>The server encountered an internal error.</p></body></html>';

export async function startFakePvgis(options: { slowMs?: number } = {}): Promise<FakePvgis> {
  const requests: FakePvgis['requests'] = [];
  let choose: (lat: number, lon: number, attempt: number) => PvgisBehaviour = () => 'year';
  const attempts = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const q = url.searchParams;
    requests.push({ method: req.method ?? '', lat: q.get('lat'), lon: q.get('lon'), outputformat: q.get('outputformat') });
    if (!url.pathname.endsWith('/tmy')) return json(res, 404, { message: 'Not found', status: 404 });
    if (req.method !== 'GET') return json(res, 405, { message: 'Method not allowed', status: 405 });
    const lat = Number(q.get('lat'));
    const lon = Number(q.get('lon'));
    if (!q.has('lat') || !Number.isFinite(lat) || lat < -90 || lat > 90)
      return json(res, 400, { message: "'lat' is a required parameter between -90 and 90", status: 400 });
    if (!q.has('lon') || !Number.isFinite(lon) || lon < -180 || lon > 180)
      return json(res, 400, { message: "'lon' is a required parameter between -180 and 180", status: 400 });
    const key = `${lat},${lon}`;
    const attempt = (attempts.get(key) ?? 0) + 1;
    attempts.set(key, attempt);
    const behaviour = choose(lat, lon, attempt);
    const epw = () => pvgisEpw(lat, lon);
    switch (behaviour) {
      case 'sea':
        return json(res, 400, OVER_THE_SEA);
      case 'busy':
        return json(res, 529, { message: 'Server overloaded, please try again later', status: 529 });
      case 'error-page':
        res.writeHead(500, { 'content-type': 'text/html' });
        return res.end(ERROR_PAGE);
      case 'slow': {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) {
            res.writeHead(200, { 'content-type': 'text/plain' });
            res.end(epw());
          }
        }, options.slowMs ?? 5000);
        timers.add(timer);
        return;
      }
      case 'cut-connection': {
        const body = Buffer.from(epw());
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(body.length) });
        res.write(body.subarray(0, Math.floor(body.length / 3)), () => res.destroy());
        return;
      }
      case 'half-year': {
        const text = epw();
        const lines = text.split('\r\n');
        res.writeHead(200, { 'content-type': 'text/plain' });
        return res.end(lines.slice(0, 8 + 4380).join('\r\n'));
      }
      case 'year':
        res.writeHead(200, { 'content-type': 'text/plain' });
        return res.end(epw());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    tmyUrl: `http://127.0.0.1:${port}/api/v5_3/tmy`,
    requests,
    behave(next) {
      choose = next;
      attempts.clear();
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
