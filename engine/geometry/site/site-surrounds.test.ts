/** Surroundings for a site, on the hand-written extract tests/fixtures/site.osm (see osm/surrounds.test.ts). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { boxSoup } from '../mesh/test-meshes.ts';
import { surroundsFromMapData } from '../osm/surrounds.ts';
import { surroundsForSite } from './site-surrounds.ts';

const extract = readFileSync(new URL('../../../tests/fixtures/site.osm', import.meta.url), 'utf8');
const surrounds = surroundsFromMapData(extract, { originLatitudeDeg: 41.88, originLongitudeDeg: -87.63, radiusM: 300 });
const mesh = surrounds.merged;
const towerIndex = surrounds.buildings.findIndex((b) => b.id === 'way/100');

describe('surroundsForSite', () => {
  it('leaves out the mapped building the study stands on (the tower, centred at −50, 35) and keeps the rest', () => {
    const study = boxSoup(-54, 30, 0, -46, 40, 60); // inside the tower's 20 × 30 m footprint
    const site = surroundsForSite(mesh, surrounds.buildings, study);
    expect(site.removed).toEqual([towerIndex]);
    expect(site.kept).toBe(surrounds.buildings.length - 1);
    expect(site.indices.length).toBe(mesh.indices.length - surrounds.buildings[towerIndex]!.mesh.indices.length);
    // Nothing of the tower is left: no vertex 45 m up (the tower is the only building that tall).
    const zs = Array.from({ length: site.positions.length / 3 }, (_, i) => site.positions[i * 3 + 2]!);
    expect(Math.max(...zs)).toBeLessThan(45);
    expect(site.indices.every((i) => i < site.positions.length / 3)).toBe(true);
  });

  it('also leaves out a footprint that lies wholly inside a larger study (footprint corners inside the study solid)', () => {
    const study = boxSoup(-80, 0, -1, -20, 70, 10); // swallows the tower whole: no study vertex inside its outline
    expect(surroundsForSite(mesh, surrounds.buildings, study).removed).toContain(towerIndex);
  });

  it('keeps everything when the study stands on open ground, and splits ground from buildings', () => {
    const site = surroundsForSite(mesh, surrounds.buildings, boxSoup(200, -200, 0, 210, -190, 20));
    expect(site.removed).toEqual([]);
    expect(site.indices.length).toBe(mesh.indices.length);
    const groundTriangles = surrounds.ground.indices.length / 3;
    expect(site.groundSoup.length / 9).toBe(groundTriangles);
    expect(site.buildingSoup.length / 9).toBe(mesh.indices.length / 3 - groundTriangles);
  });
});
