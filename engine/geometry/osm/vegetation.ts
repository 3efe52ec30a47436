/**
 * Trees and green areas from the elements of an OSM XML extract, for the scenario's landscaping
 * (landscaping.ts makes them solids). What is read, by the OpenStreetMap wiki's definitions:
 * - `natural=tree` on a node: one tree (https://wiki.openstreetmap.org/wiki/Tag:natural%3Dtree);
 * - `natural=tree_row` on a way: a line of trees along it (Tag:natural%3Dtree_row);
 * - `natural=wood` or `landuse=forest` on a closed way or a multipolygon relation: tree-covered
 *   land (Tag:natural%3Dwood, Tag:landuse%3Dforest);
 * - `leisure=park` or `landuse=grass` on a closed way or a multipolygon relation: open green
 *   ground (Tag:leisure%3Dpark, Tag:landuse%3Dgrass).
 * A building tag wins: a building mapped with a tree tag stays a building only.
 */
import { assembleRings, pointInPolygon } from './rings.ts';
import type { LonLat, Warnings } from './types.ts';

export type VegetationKind = 'tree' | 'tree_row' | 'wood' | 'park' | 'grass';

export interface GeoVegetation {
  /** "node/12", "way/34", "relation/56". */
  id: string;
  kind: VegetationKind;
  tags: Readonly<Record<string, string>>;
  /** A tree: its one point; a tree row: the line; an area: its outer ring (no closing duplicate). */
  points: LonLat[];
  holes: LonLat[][];
}

interface Elements {
  nodes: ReadonlyMap<string, LonLat>;
  nodeTags: ReadonlyMap<string, Readonly<Record<string, string>>>;
  ways: Iterable<{ id: string; refs: string[]; tags: Readonly<Record<string, string>> }>;
  relations: ReadonlyArray<{ id: string; members: ReadonlyArray<{ type: string; ref: string; role: string }>; tags: Readonly<Record<string, string>> }>;
}

/** The kind of green area a closed way or multipolygon is, or null. */
function areaKind(tags: Readonly<Record<string, string>>): VegetationKind | null {
  if (tags.building !== undefined && tags.building !== 'no') return null;
  if (tags.natural === 'wood' || tags.landuse === 'forest') return 'wood';
  if (tags.leisure === 'park') return 'park';
  if (tags.landuse === 'grass') return 'grass';
  return null;
}

export function readVegetation(elements: Elements, warnings: Warnings): GeoVegetation[] {
  const out: GeoVegetation[] = [];
  for (const [id, tags] of elements.nodeTags) {
    const point = elements.nodes.get(id);
    if (tags.natural === 'tree' && point) out.push({ id: `node/${id}`, kind: 'tree', tags, points: [point], holes: [] });
  }
  const ways = new Map<string, { id: string; refs: string[]; tags: Readonly<Record<string, string>> }>();
  for (const way of elements.ways) ways.set(way.id, way);
  const coordinates = (refs: readonly string[]): LonLat[] | null => {
    const points: LonLat[] = [];
    for (const ref of refs) {
      const point = elements.nodes.get(ref);
      if (!point) return null;
      points.push(point);
    }
    return points;
  };
  const inRelation = new Set<string>();

  for (const relation of elements.relations) {
    const kind = relation.tags.type === 'multipolygon' ? areaKind(relation.tags) : null;
    if (!kind) continue;
    const owner = `relation ${relation.id}`;
    const members = (role: (r: string) => boolean) => relation.members.filter((m) => m.type === 'way' && role(m.role)).map((m) => ways.get(m.ref));
    const outerWays = members((r) => r === 'outer' || r === '');
    const innerWays = members((r) => r === 'inner');
    const segments = (list: typeof outerWays) => {
      const result: Array<{ refs: string[]; points: LonLat[] }> = [];
      for (const way of list) {
        const points = way ? coordinates(way.refs) : null;
        if (!way || !points) return null;
        result.push({ refs: way.refs, points });
      }
      return result;
    };
    const outerSegments = segments(outerWays);
    const innerSegments = segments(innerWays);
    if (!outerSegments || !innerSegments) {
      warnings.push(`${owner}: some member ways or nodes of the ${kind} are not in the data; left out of the landscaping`);
      continue;
    }
    const outers = assembleRings(outerSegments, owner, warnings);
    const inners = assembleRings(innerSegments, owner, warnings);
    for (const way of outerWays) inRelation.add(way!.id);
    outers.forEach((outer, k) =>
      out.push({
        id: outers.length > 1 ? `relation/${relation.id}#${k + 1}` : `relation/${relation.id}`,
        kind,
        tags: relation.tags,
        points: outer,
        // Each clearing goes to the outer ring that holds it (its first corner decides).
        holes: inners.filter((inner) => pointInPolygon(inner[0]!, outer)),
      }),
    );
  }

  for (const way of ways.values()) {
    const closed = way.refs.length >= 4 && way.refs[0] === way.refs[way.refs.length - 1];
    if (way.tags.natural === 'tree_row' && way.refs.length >= 2) {
      const points = coordinates(way.refs);
      if (points) out.push({ id: `way/${way.id}`, kind: 'tree_row', tags: way.tags, points, holes: [] });
      else warnings.push(`way ${way.id}: a node of the tree row is not in the data; left out of the landscaping`);
      continue;
    }
    const kind = areaKind(way.tags);
    if (!kind || inRelation.has(way.id)) continue;
    if (!closed) {
      warnings.push(`way ${way.id}: a ${kind} area must be a closed way; left out of the landscaping`);
      continue;
    }
    const points = coordinates(way.refs);
    if (points) out.push({ id: `way/${way.id}`, kind, tags: way.tags, points: points.slice(0, -1), holes: [] });
    else warnings.push(`way ${way.id}: a node of the ${kind} is not in the data; left out of the landscaping`);
  }
  return out;
}
