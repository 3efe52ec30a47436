import { Document, WebIO } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { fieldAttributeName, readResultGlb, ResultGlbError, writeResultGlb, type ResultMeshInput } from './glb.ts';

const metadata = {
  analysis: 'wind-comfort',
  metric: 'comfort-class',
  units: 'class',
  legend: { name: 'lawson-lddc', version: '1' },
  season: { name: 'Summer', months: [6, 7, 8] },
  timeWindow: { name: 'Daytime', window: '07:00-23:00' },
  criterion: { id: 'lawson-lddc', name: 'Lawson LDDC (City of London)' },
  provenance: {
    engine: 'canopy-engine',
    version: '0.1.0',
    weatherSource: 'EPW: Chicago Ohare Intl Ap, TMY3, WMO 725300',
    years: 'TMY3 (1973-2005)',
    heightConvention: 'γ = U(1.5 m) / U_met(10 m, open country)',
    directionsDeg: [0, 90, 180, 270],
  },
  solverNote: 'extra keys are kept',
};

/** A 2 × 2 grid of points 1 m apart, split into two triangles. */
const grid: ResultMeshInput = {
  positions: Float32Array.from([0, 0, 1.5, 1, 0, 1.5, 0, 1, 1.5, 1, 1, 1.5]),
  indices: Uint32Array.from([0, 1, 2, 1, 3, 2]),
  fields: {
    comfortClass: Float32Array.from([0, 1, 2, 4]),
    exceedance_4ms: Float32Array.from([0.01, 0.04, 0.2, Number.NaN]),
  },
  metadata,
};

async function rejection(promise: Promise<unknown>): Promise<ResultGlbError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ResultGlbError) return error;
    throw error;
  }
  throw new Error('expected a ResultGlbError');
}

describe('writeResultGlb / readResultGlb round trip', () => {
  it('gives back positions, indices, fields and metadata', async () => {
    const bytes = await writeResultGlb(grid);
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe('glTF');
    const back = await readResultGlb(bytes);
    expect(back.positions).toEqual(grid.positions);
    expect(back.indices).toEqual(grid.indices);
    expect(Object.keys(back.fields).sort()).toEqual(['comfortClass', 'exceedance_4ms']);
    expect(back.fields.comfortClass).toEqual(grid.fields.comfortClass);
    expect(back.fields.exceedance_4ms).toEqual(grid.fields.exceedance_4ms);
    expect(back.metadata).toEqual(metadata);
  });

  it('writes points when there are no indices', async () => {
    const back = await readResultGlb(await writeResultGlb({ ...grid, indices: undefined }));
    expect(back.indices).toBeUndefined();
    expect(back.positions.length).toBe(12);
  });

  it('follows glTF: custom _UPPER_SNAKE float attributes, metadata in asset.extras, a Y-up node', async () => {
    const document = await new WebIO().readBinary(await writeResultGlb(grid));
    const primitive = document.getRoot().listMeshes()[0].listPrimitives()[0];
    expect(primitive.listSemantics().sort()).toEqual(['POSITION', '_COMFORT_CLASS', '_EXCEEDANCE_4MS']);
    expect(primitive.getAttribute('_COMFORT_CLASS')?.getComponentType()).toBe(5126); // FLOAT
    expect(primitive.getAttribute('POSITION')?.getMax([])).toEqual([1, 1, 1.5]);
    const extras = document.getRoot().getAsset().extras as { canopy: { formatVersion: number; fields: unknown[] } };
    expect(extras.canopy.formatVersion).toBe(1);
    expect(extras.canopy.fields).toEqual([
      { name: 'comfortClass', attribute: '_COMFORT_CLASS' },
      { name: 'exceedance_4ms', attribute: '_EXCEEDANCE_4MS' },
    ]);
    const node = document.getRoot().listNodes()[0];
    const [x, , , w] = node.getRotation();
    expect([x, w]).toEqual([-Math.SQRT1_2, Math.SQRT1_2]);
  });

  it('maps field names to attribute names', () => {
    expect(fieldAttributeName('speedRatio')).toBe('_SPEED_RATIO');
    expect(fieldAttributeName('utci')).toBe('_UTCI');
    expect(fieldAttributeName('pctSunlit2')).toBe('_PCT_SUNLIT2');
    expect(() => fieldAttributeName('1bad')).toThrow(ResultGlbError);
    expect(() => fieldAttributeName('has space')).toThrow(ResultGlbError);
  });
});

describe('writeResultGlb rejects bad input', () => {
  it.each([
    ['positions not triples', { ...grid, positions: Float32Array.from([0, 0]) }, 'positions must be'],
    ['non-finite position', { ...grid, positions: Float32Array.from([0, 0, Number.NaN]), indices: undefined, fields: {} }, 'not finite'],
    ['index out of range', { ...grid, indices: Uint32Array.from([0, 1, 9]) }, 'beyond the 4 vertices'],
    ['short field', { ...grid, fields: { a: new Float32Array(3) } }, "field 'a' must be a Float32Array of 4 values"],
    ['clashing names', { ...grid, fields: { speedRatio: new Float32Array(4), speed_ratio: new Float32Array(4) } }, 'already uses'],
  ] as const)('%s', async (_, input, message) => {
    expect((await rejection(writeResultGlb(input as ResultMeshInput))).message).toContain(message);
  });

  it('names the missing metadata key', async () => {
    const { units: _units, ...withoutUnits } = metadata;
    const error = await rejection(writeResultGlb({ ...grid, metadata: withoutUnits as unknown as ResultMeshInput['metadata'] }));
    expect(error.message).toMatch(/^invalid result metadata:/);
    expect(error.message).toContain('units');
  });
});

describe('readResultGlb rejects bad bytes with a clear error', () => {
  it('truncated file', async () => {
    const bytes = await writeResultGlb(grid);
    const error = await rejection(readResultGlb(bytes.subarray(0, bytes.length - 10)));
    expect(error.message).toMatch(/^truncated GLB: the header declares \d+ bytes but only \d+ are present$/);
    expect((await rejection(readResultGlb(bytes.subarray(0, 30)))).message).toMatch(/^truncated GLB/);
  });

  it('non-GLB bytes', async () => {
    expect((await rejection(readResultGlb(new TextEncoder().encode('{"asset":{"version":"2.0"}} not binary')))).message).toBe(
      'not a GLB file: it does not start with "glTF"',
    );
    expect((await rejection(readResultGlb(new Uint8Array(4)))).message).toMatch(/shorter than a GLB header/);
  });

  it('a valid GLB that is not a Canopy result', async () => {
    const document = new Document();
    document.createBuffer();
    const plain = await new WebIO().writeBinary(document);
    expect((await rejection(readResultGlb(plain))).message).toMatch(/^not a Canopy result: asset\.extras\.canopy/);
  });

  it('a corrupted JSON chunk', async () => {
    const bytes = (await writeResultGlb(grid)).slice();
    bytes[22] = 0x7b; // break the JSON inside an otherwise well-formed container
    bytes[23] = 0x7b;
    expect((await rejection(readResultGlb(bytes))).message).toMatch(/^not a readable GLB:/);
  });
});

describe('line primitives (streamlines)', () => {
  // Two polylines: 0-1-2 and 3-4, i.e. segments (0,1), (1,2), (3,4).
  const lines: ResultMeshInput = {
    positions: Float32Array.from([0, 0, 2, 5, 0, 2, 10, 1, 2, 0, 10, 2, 5, 11, 3]),
    lines: Uint32Array.from([0, 1, 1, 2, 3, 4]),
    fields: { speedRatio: Float32Array.from([0.8, 1.1, 1.3, 0.5, 0.6]) },
    metadata: { analysis: 'wind-streamlines', metric: 'speed-ratio', units: '', provenance: { engine: 'canopy', version: '1' } },
  };

  it('round-trips segments as glTF mode LINES, without triangle indices', async () => {
    const bytes = await writeResultGlb(lines);
    const primitive = (await new WebIO().readBinary(bytes)).getRoot().listMeshes()[0].listPrimitives()[0];
    expect(primitive.getMode()).toBe(1); // LINES
    const back = await readResultGlb(bytes);
    expect(back.lines).toEqual(lines.lines);
    expect(back.indices).toBeUndefined();
    expect(back.fields.speedRatio).toEqual(lines.fields.speedRatio);
  });

  it('leaves triangle meshes as they were (no lines key)', async () => {
    expect('lines' in (await readResultGlb(await writeResultGlb(grid)))).toBe(false);
  });

  it('refuses odd segment lists, vertices out of range, and lines with triangles', async () => {
    expect((await rejection(writeResultGlb({ ...lines, lines: Uint32Array.from([0, 1, 2]) }))).message).toBe('lines must be a Uint32Array of segments (pairs)');
    expect((await rejection(writeResultGlb({ ...lines, lines: Uint32Array.from([0, 5]) }))).message).toBe(
      'line index 1 refers to vertex 5, beyond the 5 vertices',
    );
    expect((await rejection(writeResultGlb({ ...lines, indices: Uint32Array.from([0, 1, 2]) }))).message).toMatch(/not both/);
  });
});
