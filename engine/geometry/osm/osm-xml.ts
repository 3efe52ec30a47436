/**
 * Building footprints from an OSM XML extract (https://wiki.openstreetmap.org/wiki/OSM_XML):
 * closed ways tagged `building=*` and multipolygon relations (Relation:multipolygon) whose outer
 * and inner member ways — possibly several ways per ring — make buildings with courtyards.
 * `building=no`, deleted objects (JOSM `action="delete"`) and invisible history versions are left
 * out. Problems with single objects (an open way, a missing node) become warnings.
 */
import { tokenizeXml, XmlError } from './xml.ts';
import { OsmParseError, type GeoFootprint, type LonLat, type Warnings } from './types.ts';
import { assembleRings } from './rings.ts';
import { readVegetation, type GeoVegetation } from './vegetation.ts';

interface Way {
  id: string;
  refs: string[];
  tags: Record<string, string>;
}

interface Relation {
  id: string;
  members: Array<{ type: string; ref: string; role: string }>;
  tags: Record<string, string>;
}

function isBuilding(tags: Readonly<Record<string, string>>): boolean {
  return tags.building !== undefined && tags.building !== 'no';
}

function live(attributes: Record<string, string>): boolean {
  return attributes.visible !== 'false' && attributes.action !== 'delete';
}

export function parseOsmXml(text: string): { footprints: GeoFootprint[]; vegetation: GeoVegetation[]; warnings: Warnings } {
  const nodes = new Map<string, LonLat>();
  // Tags of the tagged nodes only (most nodes are corners of ways and carry none): trees are nodes.
  const nodeTags = new Map<string, Record<string, string>>();
  const ways = new Map<string, Way>();
  const relations: Relation[] = [];
  let root: string | null = null;
  let current: { tags: Record<string, string>; refs?: string[]; members?: Relation['members'] } | null = null;
  const warnings: Warnings = [];

  try {
    tokenizeXml(text, {
      start(name, a) {
        if (root === null) {
          root = name;
          if (name !== 'osm') throw new OsmParseError(`the root element is <${name}>, an OSM extract starts with <osm>`);
          return;
        }
        switch (name) {
          case 'node': {
            const lat = Number(a.lat);
            const lon = Number(a.lon);
            current = null;
            if (a.id !== undefined && live(a) && a.lat !== undefined && a.lon !== undefined && Number.isFinite(lat) && Number.isFinite(lon)) {
              nodes.set(a.id, [lon, lat]);
              const tags: Record<string, string> = {};
              nodeTags.set(a.id, tags);
              current = { tags };
            }
            break;
          }
          case 'way': {
            const way: Way = { id: a.id ?? '?', refs: [], tags: {} };
            if (a.id !== undefined && live(a)) ways.set(a.id, way);
            current = way;
            break;
          }
          case 'relation': {
            const relation: Relation = { id: a.id ?? '?', members: [], tags: {} };
            if (a.id !== undefined && live(a)) relations.push(relation);
            current = relation;
            break;
          }
          case 'nd':
            if (current?.refs && a.ref !== undefined) current.refs.push(a.ref);
            break;
          case 'member':
            if (current?.members && a.ref !== undefined) current.members.push({ type: a.type ?? '', ref: a.ref, role: a.role ?? '' });
            break;
          case 'tag':
            if (current && a.k !== undefined) current.tags[a.k] = a.v ?? '';
            break;
        }
      },
      end(name) {
        if (name === 'node' || name === 'way' || name === 'relation') current = null;
      },
    });
  } catch (error) {
    if (error instanceof XmlError) throw new OsmParseError(`The OSM file is not well-formed XML: ${error.message}`);
    throw error;
  }

  for (const [id, tags] of nodeTags) if (Object.keys(tags).length === 0) nodeTags.delete(id);
  const footprints: GeoFootprint[] = [];
  const usedAsOuter = new Set<string>();

  const coordinates = (way: Way, owner: string): LonLat[] | null => {
    const points: LonLat[] = [];
    for (const ref of way.refs) {
      const point = nodes.get(ref);
      if (!point) {
        warnings.push(`${owner}: node ${ref} of way ${way.id} is not in the extract; the building is left out`);
        return null;
      }
      points.push(point);
    }
    return points;
  };

  for (const relation of relations) {
    if (relation.tags.type !== 'multipolygon') continue;
    const outerWays = relation.members.filter((m) => m.type === 'way' && (m.role === 'outer' || m.role === '')).map((m) => ways.get(m.ref));
    const innerWays = relation.members.filter((m) => m.type === 'way' && m.role === 'inner').map((m) => ways.get(m.ref));
    // Old-style tagging kept the building tag on the outer way rather than the relation.
    const tags = isBuilding(relation.tags) ? relation.tags : outerWays.length === 1 && outerWays[0] && isBuilding(outerWays[0].tags) ? outerWays[0].tags : null;
    if (!tags) continue;
    const owner = `relation ${relation.id}`;
    if (outerWays.some((w) => !w) || innerWays.some((w) => !w)) {
      warnings.push(`${owner}: some member ways are not in the extract; the building is left out`);
      continue;
    }
    const toRings = (members: Array<Way | undefined>) => {
      const segments: Array<{ refs: string[]; points: LonLat[] }> = [];
      for (const way of members as Way[]) {
        const points = coordinates(way, owner);
        if (!points) return null;
        segments.push({ refs: way.refs, points });
      }
      return assembleRings(segments, owner, warnings);
    };
    const outers = toRings(outerWays);
    const inners = toRings(innerWays);
    if (!outers || !inners || outers.length === 0) continue;
    for (const way of outerWays as Way[]) usedAsOuter.add(way.id);
    outers.forEach((outer, k) =>
      footprints.push({ id: outers.length > 1 ? `relation/${relation.id}#${k + 1}` : `relation/${relation.id}`, tags, outer, holes: [] }),
    );
    // Each inner ring goes to the outer that contains it (checked by the extruder; here the first vertex decides).
    const first = footprints.length - outers.length;
    for (const inner of inners) {
      const owner = outers.findIndex((outer) => pointInRing(inner[0]!, outer));
      if (owner < 0) warnings.push(`relation ${relation.id}: an inner ring lies in no outer ring and is ignored`);
      else footprints[first + owner]!.holes.push(inner);
    }
  }

  for (const way of ways.values()) {
    if (!isBuilding(way.tags) || usedAsOuter.has(way.id)) continue;
    const owner = `way ${way.id}`;
    if (way.refs.length < 4 || way.refs[0] !== way.refs[way.refs.length - 1]) {
      warnings.push(`${owner}: a building outline must be a closed way (first node = last node); left out`);
      continue;
    }
    const points = coordinates(way, owner);
    if (!points) continue;
    footprints.push({ id: `way/${way.id}`, tags: way.tags, outer: points.slice(0, -1), holes: [] });
  }
  const vegetation = readVegetation({ nodes, nodeTags, ways: ways.values(), relations }, warnings);
  return { footprints, vegetation, warnings };
}

/** Even-odd ray test in lon/lat (fine for deciding which outer ring holds a hole). */
function pointInRing([x, y]: LonLat, ring: readonly LonLat[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
