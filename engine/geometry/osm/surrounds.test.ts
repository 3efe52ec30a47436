/**
 * The hand-written extract tests/fixtures/site.osm (around 41.88 N, 87.63 W): a 20 × 30 m tower with
 * height=45, a 16 × 16 m block with building:levels=4 only, a 40 × 40 m courtyard block (multipolygon
 * with a 15 × 15 m inner way, height "18 m"), an untagged-height building, plus things to leave out
 * (building=no, an open way, a road).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkClosedMesh } from './mesh-check.ts';
import { DEFAULT_HEIGHT_M, LEVEL_HEIGHT_M, buildingHeight, parseHeightTag } from './height.ts';
import { parseOsmXml } from './osm-xml.ts';
import { parseGeoJson } from './geojson.ts';
import { BURY_DEPTH_M, OsmParseError, detectMapFormat, surroundsFromMapData } from './surrounds.ts';
import { signedArea2 } from './rings.ts';

const extract = readFileSync(new URL('../../../tests/fixtures/site.osm', import.meta.url), 'utf8');
const origin = { originLatitudeDeg: 41.88, originLongitudeDeg: -87.63 };

function extent(points: ReadonlyArray<readonly [number, number]>) {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return [Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)];
}

describe('surrounds from the hand-written OSM extract', () => {
  const surrounds = surroundsFromMapData(extract, { ...origin, radiusM: 300 });
  const byId = new Map(surrounds.buildings.map((b) => [b.id, b]));

  it('keeps the four buildings, with heights from height, levels, or the default', () => {
    expect([...byId.keys()].sort()).toEqual(['relation/200', 'way/100', 'way/101', 'way/104']);
    expect(byId.get('way/100')).toMatchObject({ heightM: 45, heightSource: 'height', name: 'Tower & Annex' });
    expect(byId.get('way/101')).toMatchObject({ heightM: 4 * LEVEL_HEIGHT_M, heightSource: 'levels' });
    expect(byId.get('relation/200')).toMatchObject({ heightM: 18, heightSource: 'height', name: 'Courtyard Block' });
    expect(byId.get('way/104')).toMatchObject({ heightM: DEFAULT_HEIGHT_M, heightSource: 'default' });
  });

  it('says what it left out and why', () => {
    expect(surrounds.warnings).toEqual(['way 106: a building outline must be a closed way (first node = last node); left out']);
  });

  it('projects to local metres with true north = +Y (the tower is 20 m east–west, 30 m north–south)', () => {
    const [dx, dy] = extent(byId.get('way/100')!.outer);
    expect(dx).toBeCloseTo(20, 0);
    expect(dy).toBeCloseTo(30, 0);
    const [cx, cy] = [byId.get('way/100')!.outer.reduce((s, p) => s + p[0], 0) / 4, byId.get('way/100')!.outer.reduce((s, p) => s + p[1], 0) / 4];
    expect(cx).toBeCloseTo(-50, 0);
    expect(cy).toBeCloseTo(35, 0);
  });

  it('keeps the courtyard as a hole: 40 × 40 m less 15 × 15 m', () => {
    const block = byId.get('relation/200')!;
    expect(block.holes).toHaveLength(1);
    const area = (signedArea2(block.outer) + signedArea2(block.holes[0]!)) / 2;
    expect(area).toBeCloseTo(1600 - 225, -1);
  });

  it('extrudes every building to a closed, outward-facing solid reaching 1 m into the ground', () => {
    for (const building of surrounds.buildings) {
      const check = checkClosedMesh(building.mesh.positions, building.mesh.indices);
      expect(check, building.id).toMatchObject({ closed: true, openEdges: 0, flippedEdges: 0 });
      const zs = building.mesh.positions.filter((_, k) => k % 3 === 2);
      expect(Math.min(...zs)).toBe(-BURY_DEPTH_M);
      expect(Math.max(...zs)).toBe(building.heightM);
    }
    const block = byId.get('relation/200')!;
    const blockVolume = checkClosedMesh(block.mesh.positions, block.mesh.indices).volume;
    expect(blockVolume).toBeCloseTo((1600 - 225) * (18 + BURY_DEPTH_M), -2);
  });

  it('adds a closed ground slab and merges everything into one closed mesh with roles', () => {
    expect(checkClosedMesh(surrounds.ground.positions, surrounds.ground.indices).closed).toBe(true);
    expect(surrounds.groundRadiusM).toBeGreaterThanOrEqual(300);
    const merged = surrounds.merged;
    expect(checkClosedMesh(merged.positions, merged.indices).closed).toBe(true);
    expect(new Set(merged.role)).toEqual(new Set([0, 1]));
    expect(Math.max(...merged.building)).toBe(3);
  });

  it('clips to the radius by footprint centroid', () => {
    const near = surroundsFromMapData(extract, { ...origin, radiusM: 50 });
    // Tower centroid ≈ 61 m away, levels block ≈ 54 m, courtyard ≈ 60 m, plain ≈ 74 m.
    expect(near.buildings).toHaveLength(0);
    const wider = surroundsFromMapData(extract, { ...origin, radiusM: 58 });
    expect(wider.buildings.map((b) => b.id)).toEqual(['way/101']);
  });

  it('assembles a multipolygon ring split over two ways, one of them reversed', () => {
    const osm = `<osm>
      <node id="1" lat="0" lon="0"/><node id="2" lat="0" lon="0.0003"/><node id="3" lat="0.0003" lon="0.0003"/><node id="4" lat="0.0003" lon="0"/>
      <way id="10"><nd ref="1"/><nd ref="2"/><nd ref="3"/></way>
      <way id="11"><nd ref="1"/><nd ref="4"/><nd ref="3"/></way>
      <relation id="5"><member type="way" ref="10" role="outer"/><member type="way" ref="11" role="outer"/>
        <tag k="type" v="multipolygon"/><tag k="building" v="yes"/></relation>
    </osm>`;
    const { footprints, warnings } = parseOsmXml(osm);
    expect(warnings).toEqual([]);
    expect(footprints).toHaveLength(1);
    expect(footprints[0]!.outer).toHaveLength(4);
    const built = surroundsFromMapData(osm, { originLatitudeDeg: 0, originLongitudeDeg: 0, radiusM: 100 });
    expect(built.buildings).toHaveLength(1);
  });

  it('refuses malformed XML with a clear message', () => {
    const broken = extract.replace('</way>', '</wya>');
    expect(() => surroundsFromMapData(broken, origin)).toThrow(OsmParseError);
    expect(() => surroundsFromMapData(broken, origin)).toThrow(
      /The OSM file is not well-formed XML: malformed XML at line \d+, column \d+: the end tag <\/wya> does not match the open <way>/,
    );
    expect(() => surroundsFromMapData('<gpx></gpx>', origin)).toThrow('the root element is <gpx>, an OSM extract starts with <osm>');
    expect(() => surroundsFromMapData('hello', origin)).toThrow('neither OSM XML');
  });
});

describe('GeoJSON footprints', () => {
  const feature = (properties: Record<string, unknown>, coordinates: number[][][]) => ({
    type: 'Feature',
    properties,
    geometry: { type: 'Polygon', coordinates },
  });
  const square = (lon: number, lat: number, d: number) => [
    [
      [lon, lat],
      [lon + d, lat],
      [lon + d, lat + d],
      [lon, lat + d],
      [lon, lat],
    ],
  ];

  it('reads building polygons with holes and heights, skipping non-buildings', () => {
    const withHole = [...square(-87.63, 41.88, 0.0004), ...square(-87.6299, 41.8801, 0.0001).map((r) => [...r].reverse())];
    const text = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        feature({ building: 'yes', height: 30 }, withHole),
        feature({ building: 'yes', 'building:levels': '2' }, square(-87.631, 41.88, 0.0002)),
        feature({ landuse: 'grass' }, square(-87.632, 41.88, 0.0002)),
      ],
    });
    expect(detectMapFormat(text)).toBe('geojson');
    const { footprints } = parseGeoJson(text);
    expect(footprints).toHaveLength(2);
    const built = surroundsFromMapData(text, { ...origin, radiusM: 500 });
    expect(built.buildings.map((b) => [b.heightM, b.holes.length])).toEqual([
      [30, 1],
      [6, 0],
    ]);
    for (const b of built.buildings) expect(checkClosedMesh(b.mesh.positions, b.mesh.indices).closed).toBe(true);
  });

  it('refuses projected coordinates and broken JSON clearly', () => {
    expect(
      () =>
        parseGeoJson(
          '{"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [[[440000, 4636000], [440010, 4636000], [440010, 4636010], [440000, 4636000]]]}}',
        ).footprints,
    ).not.toThrow();
    expect(
      parseGeoJson(
        '{"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [[[440000, 4636000], [440010, 4636000], [440010, 4636010], [440000, 4636000]]]}}',
      ).warnings[0],
    ).toContain('not a WGS84 longitude/latitude');
    expect(() => parseGeoJson('{"type": "FeatureCollection", "features": [')).toThrow('The GeoJSON file is not valid JSON');
  });
});

describe('building heights from tags', () => {
  it.each([
    ['12', 12],
    ['12 m', 12],
    ['12.5m', 12.5],
    ['40 ft', 40 * 0.3048],
    ['10\'6"', 10 * 0.3048 + 6 * 0.0254],
    ['tall', null],
    ['-3', null],
    ['5000', null],
  ])('height=%j → %s m', (tag, metres) => {
    const value = parseHeightTag(tag);
    if (metres === null) expect(value).toBeNull();
    else expect(value).toBeCloseTo(metres, 6);
  });

  it('falls back from height to levels (with roof levels) to the default', () => {
    expect(buildingHeight({ height: 'tall', 'building:levels': '5' })).toEqual({ heightM: 15, source: 'levels' });
    expect(buildingHeight({ 'building:levels': '5', 'roof:levels': '1' })).toEqual({ heightM: 18, source: 'levels' });
    // Untagged: a default by building type (two storeys for a house, one for a garage), else three.
    expect(buildingHeight({ building: 'house' })).toEqual({ heightM: 2 * LEVEL_HEIGHT_M, source: 'default' });
    expect(buildingHeight({ building: 'garage' })).toEqual({ heightM: LEVEL_HEIGHT_M, source: 'default' });
    expect(buildingHeight({ building: 'yes' })).toEqual({ heightM: DEFAULT_HEIGHT_M, source: 'default' });
    expect(buildingHeight({ building: 'house', 'building:levels': '3' })).toEqual({ heightM: 9, source: 'levels' });
    expect(buildingHeight({ building: 'yes' })).toEqual({ heightM: DEFAULT_HEIGHT_M, source: 'default' });
  });
});
