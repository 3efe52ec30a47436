import { describe, expect, it } from 'vitest';
import { LinearFilter, NearestFilter } from 'three';
import type { ColourScale } from '../contracts.ts';
import { lookupTexture, LUT_SIZE, updateLookupTexture } from './lookup-texture.ts';
import { CIVIDIS, VIRIDIS } from './palettes.ts';
import { colourAt, colourAtPosition, lutPixels, parseHex, scalePosition } from './scale.ts';

const texel = (pixels: Uint8Array, i: number) => [pixels[i * 4], pixels[i * 4 + 1], pixels[i * 4 + 2]];

describe('colour scales', () => {
  const continuous: ColourScale = { min: 0, max: 10, colours: ['#000000', '#ffffff'], discrete: false };
  const classes: ColourScale = { min: 0, max: 4, colours: ['#2c7bb6', '#abd9e9', '#ffffbf', '#fdae61', '#d7191c'], discrete: true };

  it('interpolates continuous scales between evenly spread stops', () => {
    expect(colourAt(continuous, 0)).toEqual([0, 0, 0]);
    expect(colourAt(continuous, 10)).toEqual([255, 255, 255]);
    expect(colourAt(continuous, 5)).toEqual([127.5, 127.5, 127.5]);
    // clamped outside the range
    expect(colourAt(continuous, -3)).toEqual([0, 0, 0]);
    expect(colourAt(continuous, 99)).toEqual([255, 255, 255]);
    expect(colourAt(continuous, Number.NaN)).toBeNull();
  });

  it('gives discrete classes hard edges: class index k picks colour k', () => {
    for (let k = 0; k < 5; k++) expect(colourAt(classes, k)).toEqual(parseHex(classes.colours[k]));
    // just either side of the 0/1 class edge (0.8 with five classes over 0–4)
    expect(colourAt(classes, 0.79)).toEqual(parseHex('#2c7bb6'));
    expect(colourAt(classes, 0.81)).toEqual(parseHex('#abd9e9'));
  });

  it('builds a 256×1 lookup table: a ramp for continuous scales, steps for discrete ones', () => {
    const ramp = lutPixels(continuous);
    expect(ramp).toHaveLength(LUT_SIZE * 4);
    expect(texel(ramp, 0)).toEqual([0, 0, 0]);
    expect(texel(ramp, 255)).toEqual([255, 255, 255]);
    expect(texel(ramp, 128)[0]).toBe(128); // (128.5 / 256) · 255 ≈ 128
    for (let i = 1; i < 256; i++) expect(ramp[i * 4]).toBeGreaterThanOrEqual(ramp[(i - 1) * 4]);

    const steps = lutPixels(classes);
    const distinct = new Set(Array.from({ length: 256 }, (_, i) => texel(steps, i).join(',')));
    expect(distinct.size).toBe(5);
    // the texel a class index samples (t = k / 4) holds that class's colour
    for (let k = 0; k < 5; k++) expect(texel(steps, Math.min(255, Math.floor((k / 4) * 256)))).toEqual(parseHex(classes.colours[k]));
  });

  it('samples discrete tables with nearest filtering and continuous ones linearly, rewriting in place', () => {
    const texture = lookupTexture(continuous);
    expect(texture.image.width).toBe(256);
    expect(texture.image.height).toBe(1);
    expect(texture.magFilter).toBe(LinearFilter);
    const data = texture.image.data;
    const version = texture.version;
    updateLookupTexture(texture, classes);
    expect(texture.image.data).toBe(data);
    expect(texture.version).toBeGreaterThan(version);
    expect(texture.magFilter).toBe(NearestFilter);
    expect(texel(texture.image.data as Uint8Array, 0)).toEqual(parseHex('#2c7bb6'));
  });

  it('rewrites the texels only when the colours change: a new range alone leaves the texture alone', () => {
    const texture = lookupTexture(continuous);
    const version = texture.version;
    const newRange: ColourScale = { ...continuous, min: 3, max: 7, colours: [...continuous.colours] };
    expect(updateLookupTexture(texture, newRange)).toBe(false);
    expect(texture.version).toBe(version);
    expect(updateLookupTexture(texture, { ...continuous, discrete: true })).toBe(true);
    expect(texture.version).toBe(version + 1);
  });

  it('tabulates exactly the colours colourAtPosition gives at the texel centres', () => {
    for (const scale of [continuous, classes, { ...continuous, colours: VIRIDIS }, { ...continuous, colours: ['#123456'] }, { ...continuous, colours: [] }]) {
      const pixels = lutPixels(scale, 64);
      for (let i = 0; i < 64; i++) expect(texel(pixels, i)).toEqual(colourAtPosition(scale, (i + 0.5) / 64).map(Math.round));
    }
    // written into the array it is given
    const out = new Uint8Array(256 * 4);
    expect(lutPixels(classes, 256, out)).toBe(out);
  });

  it('maps a degenerate range to the first colour', () => {
    expect(scalePosition({ min: 3, max: 3 }, 7)).toBe(0);
  });

  it('default palettes are the published colour-blind-safe samples', () => {
    expect(VIRIDIS[0]).toBe('#440154');
    expect(VIRIDIS.at(-1)).toBe('#fde725');
    expect(CIVIDIS[0]).toBe('#00224e');
    for (const c of [...VIRIDIS, ...CIVIDIS]) expect(() => parseHex(c)).not.toThrow();
  });
});
