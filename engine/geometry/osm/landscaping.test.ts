/**
 * Trees and green areas from an OSM extract become the landscaping (vegetation.ts, landscaping.ts):
 * an extract written here around a site in London, with the tags the OpenStreetMap wiki defines
 * (natural=tree with height and diameter_crown, natural=tree_row, natural=wood, landuse=forest as a
 * multipolygon with a clearing, leisure=park, landuse=grass) next to one building.
 */
import { describe, expect, it } from 'vitest';
import { checkClosedMesh } from './mesh-check.ts';
import { localProjection } from './projection.ts';
import { signedArea2 } from './rings.ts';
import { surroundsFromMapData } from './surrounds.ts';
import { clipToConvex, DEFAULT_CROWN_DIAMETER_M, DEFAULT_TREE_HEIGHT_M, DEFAULT_WOOD_HEIGHT_M, GROUND_COVER_M } from './landscaping.ts';
import { surroundsForSite } from '../site/site-surrounds.ts';

const ORIGIN = { originLatitudeDeg: 51.5, originLongitudeDeg: -0.12 };
const projection = localProjection(ORIGIN.originLatitudeDeg, ORIGIN.originLongitudeDeg);

let nextNode = 1;
const nodes: string[] = [];
/** A node at (x, y) metres from the origin; its id. */
function node(x: number, y: number, tags: Record<string, string> = {}): number {
  const [lon, lat] = projection.toLonLat([x, y]);
  const id = nextNode++;
  const inner = Object.entries(tags)
    .map(([k, v]) => `<tag k="${k}" v="${v}"/>`)
    .join('');
  nodes.push(`<node id="${id}" lat="${lat.toFixed(9)}" lon="${lon.toFixed(9)}"${inner ? `>${inner}</node>` : '/>'}`);
  return id;
}
function way(id: number, refs: number[], tags: Record<string, string>): string {
  return `<way id="${id}">${refs.map((r) => `<nd ref="${r}"/>`).join('')}${Object.entries(tags)
    .map(([k, v]) => `<tag k="${k}" v="${v}"/>`)
    .join('')}</way>`;
}
function square(x0: number, y0: number, size: number): number[] {
  const a = node(x0, y0);
  return [a, node(x0 + size, y0), node(x0 + size, y0 + size), node(x0, y0 + size), a];
}

node(30, 0, { natural: 'tree', height: '12', diameter_crown: '8' });
node(-30, 0, { natural: 'tree' });
node(500, 0, { natural: 'tree' }); // beyond the radius
const ways = [
  way(1, square(-10, 40, 20), { building: 'office', height: '20' }),
  way(2, [node(-60, -60), node(-60, -30)], { natural: 'tree_row' }),
  // A wood mapped far beyond the radius: cut to the circle.
  way(3, square(100, -200, 400), { natural: 'wood' }),
  way(4, square(-120, 60, 40), { leisure: 'park' }),
  way(5, square(-120, -120, 20), { landuse: 'grass' }),
  way(6, square(30, 50, 60), {}),
  way(7, square(40, 60, 20), {}),
  way(8, [node(0, -100), node(10, -100)], { landuse: 'forest' }), // open: not an area
];
const relation = `<relation id="9"><member type="way" ref="6" role="outer"/><member type="way" ref="7" role="inner"/><tag k="type" v="multipolygon"/><tag k="landuse" v="forest"/><tag k="height" v="20"/></relation>`;
const extract = `<?xml version="1.0"?><osm version="0.6">${nodes.join('')}${ways.join('')}${relation}</osm>`;

describe('landscaping from OpenStreetMap', () => {
  const surrounds = surroundsFromMapData(extract, { ...ORIGIN, radiusM: 150 });
  const byId = new Map(surrounds.landscaping.map((f) => [f.id, f]));

  it('reads trees, tree rows, woods, forests, parks and grass within the radius, and leaves buildings to the buildings', () => {
    expect(surrounds.buildings.map((b) => b.id)).toEqual(['way/1']);
    expect([...byId.keys()].sort()).toEqual(
      ['node/1', 'node/2', 'relation/9', 'way/2#1', 'way/2#2', 'way/2#3', 'way/2#4', 'way/2#5', 'way/2#6', 'way/3', 'way/4', 'way/5'].sort(),
    );
    expect(surrounds.warnings).toContain('way 8: a wood area must be a closed way; left out of the landscaping');
  });

  it('sizes a tree from height and diameter_crown, or the stated defaults', () => {
    const tagged = byId.get('node/1')!;
    expect(tagged).toMatchObject({ kind: 'tree', heightM: 12, heightSource: 'height' });
    const zs = (f: typeof tagged) => Array.from({ length: f.mesh.positions.length / 3 }, (_, k) => f.mesh.positions[k * 3 + 2]!);
    // Crown from 12 − 8 = 4 m to 12 m, 8 m across.
    expect(Math.min(...zs(tagged))).toBeCloseTo(4);
    expect(Math.max(...zs(tagged))).toBeCloseTo(12);
    const xs = tagged.outer.map((p) => p[0]);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(8, 5);
    const plain = byId.get('node/2')!;
    expect(plain).toMatchObject({ kind: 'tree', heightM: DEFAULT_TREE_HEIGHT_M, heightSource: 'default' });
    expect(Math.min(...zs(plain))).toBeCloseTo(DEFAULT_TREE_HEIGHT_M - DEFAULT_CROWN_DIAMETER_M);
  });

  it('plants a tree row one crown diameter apart along its 30 m line', () => {
    const row = surrounds.landscaping.filter((f) => f.kind === 'tree_row');
    expect(row).toHaveLength(30 / DEFAULT_CROWN_DIAMETER_M + 1);
    const centre = (f: (typeof row)[number]) => f.outer.reduce((s, p) => s + p[1], 0) / f.outer.length;
    expect(centre(row[1]!) - centre(row[0]!)).toBeCloseTo(DEFAULT_CROWN_DIAMETER_M, 3);
  });

  it('cuts a wood to the circle and gives it the default canopy height', () => {
    const wood = byId.get('way/3')!;
    expect(wood).toMatchObject({ kind: 'wood', heightM: DEFAULT_WOOD_HEIGHT_M, heightSource: 'default' });
    for (const [x, y] of wood.outer) expect(Math.hypot(x, y)).toBeLessThanOrEqual(150 + 1e-6);
    expect(signedArea2(wood.outer) / 2).toBeLessThan(150 * 150 * Math.PI * 0.25);
    expect(signedArea2(wood.outer) / 2).toBeGreaterThan(1000);
  });

  it('keeps a forest multipolygon with its clearing, tagged height', () => {
    expect(byId.get('relation/9')).toMatchObject({ kind: 'wood', heightM: 20, heightSource: 'height' });
    const check = checkClosedMesh(byId.get('relation/9')!.mesh.positions, byId.get('relation/9')!.mesh.indices);
    // 60 × 60 m less the 20 × 20 m clearing, as a canopy 15 m deep.
    expect(check.volume).toBeCloseTo((3600 - 400) * 15, 0);
  });

  it('lays parks and grass as thin ground cover', () => {
    expect(byId.get('way/4')).toMatchObject({ kind: 'park', heightM: GROUND_COVER_M });
    expect(byId.get('way/5')).toMatchObject({ kind: 'grass', heightM: GROUND_COVER_M });
  });

  it('makes every feature a closed, outward-facing solid, marked role 2 in the merged mesh', () => {
    for (const f of surrounds.landscaping) expect(checkClosedMesh(f.mesh.positions, f.mesh.indices), f.id).toMatchObject({ closed: true, flippedEdges: 0 });
    const roles = new Set(surrounds.merged.role);
    expect([...roles].sort()).toEqual([0, 1, 2]);
  });

  it('splits the landscaping from the solid surroundings for a scenario, leaving out a tree on the study', () => {
    // A 10 m block where the untagged tree stands.
    const c = [
      [-35, -5],
      [-25, -5],
      [-25, 5],
      [-35, 5],
    ] as const;
    const quad = (a: readonly number[], b: readonly number[], cc: readonly number[], d: readonly number[]) => [...a, ...b, ...cc, ...a, ...cc, ...d];
    const bottom = c.map(([x, y]) => [x, y, 0]);
    const top = c.map(([x, y]) => [x, y, 20]);
    const study = Float32Array.from([
      ...quad(bottom[0]!, bottom[3]!, bottom[2]!, bottom[1]!),
      ...quad(top[0]!, top[1]!, top[2]!, top[3]!),
      ...[0, 1, 2, 3].flatMap((k) => quad(bottom[k]!, bottom[(k + 1) % 4]!, top[(k + 1) % 4]!, top[k]!)),
    ]);
    const m = surrounds.merged;
    const site = surroundsForSite(
      { positions: m.positions, indices: m.indices, role: m.role, building: m.building },
      surrounds.buildings,
      study,
      surrounds.landscaping,
    );
    expect(site.landscapingKept).toBe(surrounds.landscaping.length - 1);
    const crownTriangles = surrounds.landscaping.reduce((n, f) => n + f.mesh.indices.length / 3, 0) - byId.get('node/2')!.mesh.indices.length / 3;
    expect(site.landscaping.indices.length / 3).toBe(crownTriangles);
    expect(site.landscapingSoup.length / 9).toBe(crownTriangles);
    const buildingTriangles = surrounds.buildings[0]!.mesh.indices.length / 3;
    expect(site.buildingSoup.length / 9).toBe(buildingTriangles);
  });
});

describe('clipping to a convex polygon', () => {
  it('cuts a square to the half-plane of a larger square it overlaps', () => {
    const clip: Array<[number, number]> = [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
    ];
    const out = clipToConvex(
      [
        [5, 5],
        [15, 5],
        [15, 15],
        [5, 15],
      ],
      clip,
    );
    expect(signedArea2(out) / 2).toBeCloseTo(25);
  });
});
