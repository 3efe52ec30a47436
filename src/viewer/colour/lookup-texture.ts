/**
 * The 1D lookup texture (256×1 RGBA) a data layer's shader samples: changing the colour scale
 * rewrites these 1 KB of texels and two uniforms, never a vertex buffer.
 */
import { ClampToEdgeWrapping, DataTexture, LinearFilter, NearestFilter, RGBAFormat, SRGBColorSpace, UnsignedByteType } from 'three';
import type { ColourScale } from '../contracts.ts';
import { lutPixels } from './scale.ts';

export const LUT_SIZE = 256;

/** A new lookup texture for the scale. Discrete scales sample the nearest texel (hard class edges). */
export function lookupTexture(scale: Pick<ColourScale, 'colours' | 'discrete'>): DataTexture {
  const texture = new DataTexture(lutPixels(scale, LUT_SIZE), LUT_SIZE, 1, RGBAFormat, UnsignedByteType);
  texture.wrapS = ClampToEdgeWrapping;
  texture.wrapT = ClampToEdgeWrapping;
  texture.colorSpace = SRGBColorSpace;
  texture.generateMipmaps = false;
  applyFilter(texture, scale.discrete);
  texture.needsUpdate = true;
  return texture;
}

/** Rewrites an existing lookup texture in place (same texture object, new texels). */
export function updateLookupTexture(texture: DataTexture, scale: Pick<ColourScale, 'colours' | 'discrete'>): void {
  (texture.image.data as Uint8Array).set(lutPixels(scale, LUT_SIZE));
  applyFilter(texture, scale.discrete);
  texture.needsUpdate = true;
}

function applyFilter(texture: DataTexture, discrete: boolean): void {
  const filter = discrete ? NearestFilter : LinearFilter;
  texture.magFilter = filter;
  texture.minFilter = filter;
}
