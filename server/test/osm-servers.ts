/**
 * A local stand-in for the OpenStreetMap services the site uses, speaking their documented formats
 * with recorded answers (tests/fixtures/overpass/, tests/fixtures/nominatim/):
 * - Overpass API interpreter (POST /api/interpreter, form field `data` = the Overpass QL query;
 *   https://wiki.openstreetmap.org/wiki/Overpass_API/Overpass_QL): OSM XML with the `<note>` and
 *   `<meta osm_base>` header every Overpass XML answer has, a runtime `<remark>` when a query runs out
 *   of time or memory (still HTTP 200, as the API does), an HTML error page with HTTP 400 for a query
 *   it cannot parse, HTTP 429 for a client over its slots;
 * - Nominatim search (GET /search?q=…&format=jsonv2; https://nominatim.org/release-docs/latest/api/Search/):
 *   the JSON array of places, `[]` for nothing found.
 * - raster tiles (GET /tiles/{z}/{x}/{y}.png) for the browser tests' map, drawn as a plain grid.
 * What the next Overpass query gets is chosen by `overpass.answer`; every query is recorded.
 * `buildings-at-site` answers any place on Earth with the recorded London block moved to the
 * query's `(around:…)` centre (north–south offsets kept in degrees, east–west ones rescaled by the
 * cosine of the latitude, so the buildings keep their size in metres); Nominatim knows London
 * (london.json) and the other cities of the site-anywhere browser test (cities.json: one place
 * each, in the same jsonv2 format).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const FIXTURES = fileURLToPath(new URL('../../tests/fixtures/', import.meta.url));
const fixture = (name: string) => readFileSync(`${FIXTURES}${name}`, 'utf8');

export type OverpassAnswer =
  'buildings' | 'buildings-at-site' | 'empty' | 'timeout-remark' | 'memory-remark' | 'parse-error' | 'rate-limited' | 'huge' | 'cut-off';

export interface OsmServers {
  url: string;
  overpassUrl: string;
  overpass: { answer: OverpassAnswer; queries: string[] };
  geocoder: { queries: URLSearchParams[]; userAgents: string[] };
  close(): Promise<void>;
}

/** Where the recorded London block (tests/fixtures/overpass/buildings.osm) was recorded around. */
const RECORDED_AT = { lat: 51.5074, lon: -0.1278 };

/** The recorded answer moved to the centre of the query's `around` filter. */
function relocated(query: string): string {
  const around = /\(around:[\d.]+,(-?[\d.]+),(-?[\d.]+)\)/.exec(query);
  const recorded = fixture('overpass/buildings.osm');
  if (!around) return recorded;
  const lat = Number(around[1]);
  const lon = Number(around[2]);
  const scale = Math.cos((RECORDED_AT.lat * Math.PI) / 180) / Math.cos((lat * Math.PI) / 180);
  return recorded.replace(
    /lat="(-?[\d.]+)" lon="(-?[\d.]+)"/g,
    (_, a: string, o: string) => `lat="${(lat + Number(a) - RECORDED_AT.lat).toFixed(7)}" lon="${(lon + (Number(o) - RECORDED_AT.lon) * scale).toFixed(7)}"`,
  );
}

const CITIES = JSON.parse(fixture('nominatim/cities.json')) as Record<string, unknown[]>;

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startOsmServers(): Promise<OsmServers> {
  const overpass: OsmServers['overpass'] = { answer: 'buildings', queries: [] };
  const geocoder: OsmServers['geocoder'] = { queries: [], userAgents: [] };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (url.pathname === '/api/interpreter' && request.method === 'POST') {
        const query = new URLSearchParams(await body(request)).get('data') ?? '';
        overpass.queries.push(query);
        const xml = (text: string) => {
          response.writeHead(200, { 'Content-Type': 'application/osm3s+xml' });
          response.end(text);
        };
        switch (overpass.answer) {
          case 'buildings':
            return xml(fixture('overpass/buildings.osm'));
          case 'buildings-at-site':
            return xml(relocated(query));
          case 'empty':
            return xml(fixture('overpass/empty.osm'));
          case 'timeout-remark':
            return xml(fixture('overpass/timeout.osm'));
          case 'memory-remark':
            return xml(fixture('overpass/out-of-memory.osm'));
          case 'parse-error':
            response.writeHead(400, { 'Content-Type': 'text/html; charset=utf-8' });
            return response.end(fixture('overpass/bad-request.html'));
          case 'rate-limited':
            response.writeHead(429, { 'Content-Type': 'text/html; charset=utf-8' });
            return response.end('<html><body><p>Too Many Requests</p></body></html>');
          case 'huge': {
            // A large city's answer: the header, then node after node without a Content-Length.
            response.writeHead(200, { 'Content-Type': 'application/osm3s+xml' });
            response.write(fixture('overpass/empty.osm').replace('</osm>', ''));
            for (let k = 0; k < 2000; k++) response.write(`  <node id="${k + 1}" lat="51.5" lon="-0.12"/>\n`);
            return response.end('</osm>\n');
          }
          case 'cut-off': {
            // The connection drops in the middle of the answer.
            const whole = fixture('overpass/buildings.osm');
            response.writeHead(200, { 'Content-Type': 'application/osm3s+xml', 'Content-Length': String(Buffer.byteLength(whole)) });
            response.write(whole.slice(0, 500));
            // Once the head and the first part have gone out, so the client is reading the body.
            setTimeout(() => response.destroy(), 50);
            return;
          }
        }
      }
      if (url.pathname === '/search' && request.method === 'GET') {
        geocoder.queries.push(url.searchParams);
        geocoder.userAgents.push(request.headers['user-agent'] ?? '');
        const q = (url.searchParams.get('q') ?? '').toLowerCase();
        if (url.searchParams.get('format') !== 'jsonv2') {
          response.writeHead(400, { 'Content-Type': 'text/plain' });
          return response.end('Parameter "format": unknown format');
        }
        if (q === 'server error') {
          response.writeHead(503, { 'Content-Type': 'text/html' });
          return response.end('<html><body>Service Unavailable</body></html>');
        }
        response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
        const city = Object.keys(CITIES).find((name) => q.startsWith(name));
        return response.end(q.startsWith('london') ? fixture('nominatim/london.json') : city ? JSON.stringify(CITIES[city]) : '[]');
      }
      const tile = /^\/tiles\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(url.pathname);
      if (tile) {
        // A stand-in raster tile (SVG in an <img>, as Leaflet shows tiles): a pale ground, a grid, its address.
        response.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Access-Control-Allow-Origin': '*' });
        return response.end(
          `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#eef0e6"/>` +
            `<path d="M0 64H256M0 128H256M0 192H256M64 0V256M128 0V256M192 0V256" stroke="#fff" stroke-width="6"/>` +
            `<rect width="256" height="256" fill="none" stroke="#d5d8cc"/><text x="8" y="20" font-size="11" fill="#9aa08f">${tile[1]}/${tile[2]}/${tile[3]}</text></svg>`,
        );
      }
      response.writeHead(404, { 'Content-Type': 'text/plain' });
      response.end('not found');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    overpassUrl: `${url}/api/interpreter`,
    overpass,
    geocoder,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
