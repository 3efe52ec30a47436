/**
 * Building footprints from GeoJSON (RFC 7946): Polygon and MultiPolygon features in WGS84
 * longitude/latitude, first ring outer, further rings holes. When any feature carries a `building`
 * property, only those (≠ "no") are buildings — an Overpass export mixes buildings with other
 * areas; otherwise every polygon is taken as a building (a file of drawn footprints). Heights come
 * from the same properties as OSM tags (`height`, `building:levels`); numbers are accepted too.
 */
import { OsmParseError, type GeoFootprint, type LonLat, type Warnings } from './types.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function tagsOf(properties: Json | undefined): Record<string, string> {
  const tags: Record<string, string> = {};
  if (!isObject(properties)) return tags;
  for (const [key, value] of Object.entries(properties)) {
    if (typeof value === 'string') tags[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') tags[key] = String(value);
  }
  // Some exporters nest OSM tags under "tags".
  if (isObject(properties.tags)) Object.assign(tags, tagsOf(properties.tags));
  return tags;
}

function ring(value: Json, where: string): LonLat[] {
  if (!Array.isArray(value) || value.length < 4) throw new OsmParseError(`${where}: a linear ring needs at least four positions (RFC 7946 §3.1.6)`);
  const points = value.map((position, k) => {
    if (!Array.isArray(position) || typeof position[0] !== 'number' || typeof position[1] !== 'number') {
      throw new OsmParseError(`${where}: position ${k + 1} is not [longitude, latitude]`);
    }
    const [lon, lat] = position as [number, number];
    if (Math.abs(lon) > 180 || Math.abs(lat) > 90) {
      throw new OsmParseError(`${where}: [${lon}, ${lat}] is not a WGS84 longitude/latitude (RFC 7946 coordinates are degrees, not projected metres)`);
    }
    return [lon, lat] as const;
  });
  const [first, last] = [points[0]!, points[points.length - 1]!];
  return first[0] === last[0] && first[1] === last[1] ? points.slice(0, -1) : points;
}

export function parseGeoJson(text: string): { footprints: GeoFootprint[]; warnings: Warnings } {
  let document: Json;
  try {
    document = JSON.parse(text) as Json;
  } catch (error) {
    throw new OsmParseError(`The GeoJSON file is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isObject(document)) throw new OsmParseError('The GeoJSON file must hold an object (a FeatureCollection, Feature or geometry)');
  const features: Array<{ geometry: Json | undefined; properties: Json | undefined; id: string }> = [];
  if (document.type === 'FeatureCollection') {
    if (!Array.isArray(document.features)) throw new OsmParseError('The FeatureCollection has no "features" array');
    document.features.forEach((feature, k) => {
      if (isObject(feature)) features.push({ geometry: feature.geometry, properties: feature.properties, id: String(feature.id ?? k + 1) });
    });
  } else if (document.type === 'Feature') {
    features.push({ geometry: document.geometry, properties: document.properties, id: String(document.id ?? 1) });
  } else if (typeof document.type === 'string') {
    features.push({ geometry: document, properties: {}, id: '1' });
  } else {
    throw new OsmParseError('The GeoJSON object has no "type"');
  }

  const anyBuildingProperty = features.some((f) => tagsOf(f.properties).building !== undefined);
  const footprints: GeoFootprint[] = [];
  const warnings: Warnings = [];
  for (const feature of features) {
    const tags = tagsOf(feature.properties);
    if (anyBuildingProperty && (tags.building === undefined || tags.building === 'no')) continue;
    const geometry = feature.geometry;
    if (!isObject(geometry)) continue;
    const polygons =
      geometry.type === 'Polygon'
        ? [geometry.coordinates]
        : geometry.type === 'MultiPolygon' && Array.isArray(geometry.coordinates)
          ? geometry.coordinates
          : [];
    polygons.forEach((polygon, k) => {
      const id = polygons.length > 1 ? `feature/${feature.id}#${k + 1}` : `feature/${feature.id}`;
      try {
        if (!Array.isArray(polygon) || polygon.length === 0) throw new OsmParseError(`${id}: a Polygon needs at least one ring`);
        const [outer, ...holes] = polygon.map((r, i) => ring(r, `${id} ring ${i + 1}`));
        footprints.push({ id, tags: { building: 'yes', ...tags }, outer: outer!, holes });
      } catch (error) {
        if (!(error instanceof OsmParseError)) throw error;
        warnings.push(`${error.message}; left out`);
      }
    });
  }
  return { footprints, warnings };
}
