/**
 * Place search for the site map: the configured Nominatim-compatible geocoder (GEOCODER_URL),
 * asked by the server so the installation names itself and keeps to the public service's usage
 * policy (https://operations.osmfoundation.org/policies/nominatim/): an identifying User-Agent, at
 * most one request a second, results cached, searches only when the user asks (no
 * search-as-you-type), and the data's attribution shown with the results.
 *
 * Request and answer as Nominatim documents them (https://nominatim.org/release-docs/latest/api/Search/):
 * `GET {base}/search?q=…&format=jsonv2&limit=…` answers a JSON array of places, each with `lat` and
 * `lon` as decimal strings, `display_name`, `category`, `type`, and the data's `licence`.
 */
import type { AppDeps } from '../../../deps.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import type { GeocodeResults } from '@canopy/contract/site.ts';
import { siteUserAgent } from './user-agent.ts';

const PUBLIC_NOMINATIM = 'nominatim.openstreetmap.org';
const LIMIT = 6;
const TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 1024 * 1024;
const CACHE_SIZE = 200;
/** The public service's "absolute maximum of 1 request per second". */
const PUBLIC_SPACING_MS = 1000;

const cache = new Map<string, GeocodeResults>();
let nextPublicSlot = 0;

interface NominatimPlace {
  lat?: unknown;
  lon?: unknown;
  display_name?: unknown;
  name?: unknown;
  category?: unknown;
  type?: unknown;
  licence?: unknown;
}

function host(url: string): string {
  return new URL(url).host;
}

async function politeTurn(url: string): Promise<void> {
  if (host(url) !== PUBLIC_NOMINATIM) return;
  const now = Date.now();
  const wait = Math.max(0, nextPublicSlot - now);
  nextPublicSlot = Math.max(now, nextPublicSlot) + PUBLIC_SPACING_MS;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

function readPlaces(body: unknown): GeocodeResults {
  if (!Array.isArray(body)) throw new TypeError('not an array');
  let attribution = 'Data © OpenStreetMap contributors, ODbL 1.0';
  const results: GeocodeResults['results'] = [];
  for (const place of body as NominatimPlace[]) {
    const latitude = Number(place.lat);
    const longitude = Number(place.lon);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) continue;
    if (typeof place.licence === 'string' && place.licence) attribution = place.licence;
    const name = typeof place.display_name === 'string' && place.display_name ? place.display_name : typeof place.name === 'string' ? place.name : '';
    const kind = [place.category, place.type].filter((p): p is string => typeof p === 'string' && p !== '').join(' · ');
    results.push({ name: name || `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`, kind, latitude, longitude });
  }
  return { results, attribution };
}

export async function geocode(deps: Pick<AppDeps, 'config' | 'version'>, query: string): Promise<GeocodeResults> {
  const base = deps.config.GEOCODER_URL;
  if (base === 'off') throw DomainError.detail('invalid', 'Place search is turned off on this installation (GEOCODER_URL=off); type the coordinates.');
  const q = query.trim().replace(/\s+/g, ' ');
  if (!q) throw DomainError.field('q', 'This field may not be blank.');
  if (q.length > 200) throw DomainError.field('q', 'Ensure this field has no more than 200 characters.');
  const key = q.toLowerCase();
  const cached = cache.get(key);
  if (cached) return cached;

  const url = new URL(`${base.replace(/\/$/, '')}/search`);
  url.search = new URLSearchParams({ q, format: 'jsonv2', limit: String(LIMIT) }).toString();
  const server = host(base);
  await politeTurn(base);
  let response: Response;
  try {
    response = await fetch(url, { headers: { 'User-Agent': siteUserAgent(deps), Accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw DomainError.detail(
        'upstream-timeout',
        `The place search (${server}) did not answer within ${TIMEOUT_MS / 1000} s; type the coordinates, or try again.`,
      );
    }
    throw DomainError.detail('upstream-failed', `The place search (${server}) could not be reached; type the coordinates instead.`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw DomainError.detail('upstream-failed', `The place search (${server}) answered HTTP ${response.status}; type the coordinates, or try again later.`);
  }
  const text = await response.text();
  let result: GeocodeResults;
  try {
    if (text.length > MAX_ANSWER_BYTES) throw new RangeError('too large');
    result = readPlaces(JSON.parse(text));
  } catch {
    throw DomainError.detail('upstream-failed', `The place search (${server}) did not answer with a list of places.`);
  }
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, result);
  return result;
}
