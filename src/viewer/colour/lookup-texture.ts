/**
 * The 1D lookup texture (256×1 RGBA) a data layer's shader samples: changing the colour scale
 * rewrites these 1 KB of texels (only when the colours change: a new range is two uniforms
 * alone) in the texture's own array, never a vertex buffer, and never a new texture or program.
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
  texture.userData.lutKey = lutKey(scale);
  texture.needsUpdate = true;
  return texture;
}

/**
 * Rewrites an existing lookup texture in place (same texture object and array, new texels, one
 * 1 KB re-upload). Returns false, touching nothing, when the colours and kind are unchanged.
 */
export function updateLookupTexture(texture: DataTexture, scale: Pick<ColourScale, 'colours' | 'discrete'>): boolean {
  const key = lutKey(scale);
  if (texture.userData.lutKey === key) return false;
  lutPixels(scale, LUT_SIZE, texture.image.data as Uint8Array);
  applyFilter(texture, scale.discrete);
  texture.userData.lutKey = key;
  texture.needsUpdate = true;
  return true;
}

function lutKey(scale: Pick<ColourScale, 'colours' | 'discrete'>): string {
  return `${scale.discrete ? 'discrete' : 'continuous'}:${scale.colours.join(',')}`;
}

function applyFilter(texture: DataTexture, discrete: boolean): void {
  const filter = discrete ? NearestFilter : LinearFilter;
  texture.magFilter = filter;
  texture.minFilter = filter;
}
