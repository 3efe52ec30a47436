/**
 * The surroundings' map data straight from an Overpass API interpreter (OVERPASS_URL), instead of
 * an .osm extract the user exported elsewhere. The answer is asked for as OSM XML, so it goes down
 * the same reader as an uploaded extract (engine/geometry/osm/osm-xml.ts).
 *
 * The query (Overpass QL, https://wiki.openstreetmap.org/wiki/Overpass_API/Overpass_QL):
 * - settings `[out:xml]`, `[timeout:…]` (seconds the server may run) and `[maxsize:…]` (bytes of
 *   memory it may use) — QL "Settings";
 * - ways and multipolygon relations tagged `building` within `(around:radius,lat,lon)` — QL
 *   "Around" filter;
 * - the trees and green areas the scenario's landscaping is made of (engine/geometry/osm/
 *   vegetation.ts): nodes tagged `natural=tree`, ways tagged `natural=tree_row`, and ways and
 *   multipolygon relations tagged `natural=wood`, `landuse=forest`, `landuse=grass` or
 *   `leisure=park` (the OSM wiki's Tag:natural=tree, Tag:natural=tree_row, Tag:natural=wood,
 *   Tag:landuse=forest, Tag:landuse=grass, Tag:leisure=park), picked with QL's "Value matches
 *   regular expression" filter `["key"~"^(a|b)$"]`;
 * - `(._;>;);` — the union with everything they reference ("Recurse down"), so the nodes of the
 *   ways and the member ways of the relations come too; `out body;` prints ids, tags, members and
 *   coordinates, as an OSM XML file holds them.
 *
 * How the server says no (Overpass API user's manual, https://dev.overpass-api.de/overpass-doc/en/
 * preface/commons.html and https://wiki.openstreetmap.org/wiki/Overpass_API/Wording): HTTP 400 for
 * a query it cannot parse, 429 when this address has used up its slots, 504 when it is too busy;
 * and a query that runs out of time or memory still ends with HTTP 200, its output cut short and a
 * `<remark> runtime error: Query timed out … </remark>` (or "… ran out of memory …") in it. A
 * remark therefore means the data is incomplete, and nothing is built from it.
 */
import { DomainError } from '../../../kernel/domain-errors.ts';
import { readBoundedText } from '../../../outbound/bounded-text.ts';

export interface OverpassSettings {
  url: string;
  timeoutSeconds: number;
  maxBytes: number;
  userAgent: string;
}

export function overpassQuery(latitude: number, longitude: number, radiusM: number, settings: Pick<OverpassSettings, 'timeoutSeconds' | 'maxBytes'>): string {
  const around = `(around:${Math.round(radiusM)},${latitude.toFixed(7)},${longitude.toFixed(7)})`;
  return [
    `[out:xml][timeout:${settings.timeoutSeconds}][maxsize:${Math.max(settings.maxBytes * 4, 64 * 1024 * 1024)}];`,
    '(',
    `way["building"]${around};`,
    `relation["building"]["type"="multipolygon"]${around};`,
    `node["natural"="tree"]${around};`,
    `way["natural"~"^(tree_row|wood)$"]${around};`,
    `way["landuse"~"^(forest|grass)$"]${around};`,
    `way["leisure"="park"]${around};`,
    `relation["type"="multipolygon"]["natural"="wood"]${around};`,
    `relation["type"="multipolygon"]["landuse"~"^(forest|grass)$"]${around};`,
    `relation["type"="multipolygon"]["leisure"="park"]${around};`,
    ');',
    '(._;>;);',
    'out body;',
  ].join('\n');
}

function host(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The text of the answer's first `<remark>`, or null: the server's own word that the data is incomplete. */
export function overpassRemark(xml: string): string | null {
  const match = /<remark>([\s\S]*?)<\/remark>/.exec(xml);
  return match ? match[1]!.replace(/\s+/g, ' ').trim() : null;
}

/** The buildings, trees and green areas around a point as OSM XML; clear errors for every way the server can fail. */
export async function fetchOverpassXml(latitude: number, longitude: number, radiusM: number, settings: OverpassSettings): Promise<string> {
  const server = host(settings.url);
  const limit = settings.maxBytes >= 1024 * 1024 ? `${Math.round(settings.maxBytes / (1024 * 1024))} MB` : `${Math.round(settings.maxBytes / 1024)} kB`;
  const tooLarge = () =>
    DomainError.detail(
      'too-large',
      `The OpenStreetMap data within ${radiusM} m is larger than this installation reads (${limit}); choose a smaller radius, or upload an .osm extract.`,
    );
  let response: Response;
  try {
    response = await fetch(settings.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': settings.userAgent, Accept: 'application/osm3s+xml, application/xml' },
      body: new URLSearchParams({ data: overpassQuery(latitude, longitude, radiusM, settings) }).toString(),
      // The server's own [timeout:…] plus time for the answer to travel.
      signal: AbortSignal.timeout((settings.timeoutSeconds + 5) * 1000),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw DomainError.detail(
        'upstream-timeout',
        `The OpenStreetMap server (${server}) did not answer within ${settings.timeoutSeconds + 5} s; try a smaller radius or later.`,
      );
    }
    throw DomainError.detail(
      'upstream-failed',
      `The OpenStreetMap server (${server}) could not be reached; upload an .osm extract instead, or ask the operator to check OVERPASS_URL.`,
    );
  }
  if (response.status === 429) {
    await response.body?.cancel();
    throw new DomainError(
      'unavailable',
      { detail: `The OpenStreetMap server (${server}) is limiting requests from this installation; try again in a minute.` },
      { retryAfterSeconds: 60 },
    );
  }
  if (response.status === 504) {
    await response.body?.cancel();
    throw DomainError.detail('upstream-timeout', `The OpenStreetMap server (${server}) is too busy to answer now; try again in a few minutes.`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw DomainError.detail('upstream-failed', `The OpenStreetMap server (${server}) answered HTTP ${response.status}; upload an .osm extract instead.`);
  }
  let xml: string;
  try {
    xml = await readBoundedText(response, settings.maxBytes, tooLarge);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw DomainError.detail('upstream-failed', `The answer of the OpenStreetMap server (${server}) was cut off; try again.`);
  }
  const remark = overpassRemark(xml);
  if (remark) {
    if (/memory|maxsize/i.test(remark)) throw tooLarge();
    if (/timed out|timeout/i.test(remark)) {
      throw DomainError.detail(
        'upstream-timeout',
        `The OpenStreetMap server (${server}) ran out of time for ${radiusM} m (“${remark}”); choose a smaller radius.`,
      );
    }
    throw DomainError.detail('upstream-failed', `The OpenStreetMap server (${server}) could not complete the query: “${remark}”.`);
  }
  if (!xml.trimStart().startsWith('<')) throw DomainError.detail('upstream-failed', `The OpenStreetMap server (${server}) did not answer with OSM XML.`);
  return xml;
}
