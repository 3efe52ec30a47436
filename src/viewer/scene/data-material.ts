/**
 * The data-layer material: the scalar field is a vertex attribute (`value`), the colours come
 * from a 1D lookup texture indexed by (value − min) / (max − min). Changing the colour scale
 * therefore rewrites the texture and two uniforms; the vertex buffers stay untouched.
 * NaN marks "no data" (docs/results-format.md); it is detected from the float's exponent bits,
 * which no shader compiler can optimise away, and drawn in the no-data colour.
 * The same material serves instanced arrows (`value` is then a per-instance attribute).
 */
import { Color, DoubleSide, ShaderMaterial, type Texture } from 'three';

const vertexShader = /* glsl */ `
attribute float value;
uniform float uPointSize;
varying float vValue;
varying float vNoData;
void main() {
  bool noData = (floatBitsToUint(value) & 0x7f800000u) == 0x7f800000u;
  vNoData = noData ? 1.0 : 0.0;
  vValue = noData ? 0.0 : value;
  vec4 p = vec4(position, 1.0);
  #ifdef USE_INSTANCING
    p = instanceMatrix * p;
  #endif
  gl_Position = projectionMatrix * modelViewMatrix * p;
  gl_PointSize = uPointSize;
}
`;

const fragmentShader = /* glsl */ `
uniform sampler2D uLut;
uniform float uMin;
uniform float uMax;
uniform float uOpacity;
uniform vec3 uNoData;
varying float vValue;
varying float vNoData;
void main() {
  if (vNoData > 0.5) {
    gl_FragColor = vec4(uNoData, uOpacity);
  } else {
    float span = uMax - uMin;
    float t = span > 0.0 ? clamp((vValue - uMin) / span, 0.0, 1.0) : 0.0;
    gl_FragColor = vec4(texture2D(uLut, vec2(t, 0.5)).rgb, uOpacity);
  }
  #include <colorspace_fragment>
}
`;

export interface DataUniforms {
  [name: string]: { value: unknown };
  uLut: { value: Texture };
  uMin: { value: number };
  uMax: { value: number };
  uOpacity: { value: number };
  uNoData: { value: Color };
  uPointSize: { value: number };
}

export type DataMaterial = ShaderMaterial & { uniforms: DataUniforms };

export const NO_DATA_COLOUR = '#9a9a9a';

export function createDataMaterial(lut: Texture, range: { min: number; max: number }, opacity = 1): DataMaterial {
  const uniforms: DataUniforms = {
    uLut: { value: lut },
    uMin: { value: range.min },
    uMax: { value: range.max },
    uOpacity: { value: opacity },
    uNoData: { value: new Color(NO_DATA_COLOUR) },
    uPointSize: { value: 4 },
  };
  const material = new ShaderMaterial({
    uniforms,
    vertexShader,
    fragmentShader,
    side: DoubleSide,
    transparent: opacity < 1,
    // Results sit on presentation planes close to the ground: pull them forward a little.
    polygonOffset: true,
    polygonOffsetFactor: -1,
    polygonOffsetUnits: -1,
  });
  return material as DataMaterial;
}

/** Points the material at a new range (and opacity); no buffer is touched. */
export function setDataRange(material: DataMaterial, range: { min: number; max: number }, opacity: number): void {
  material.uniforms.uMin.value = range.min;
  material.uniforms.uMax.value = range.max;
  material.uniforms.uOpacity.value = opacity;
  const transparent = opacity < 1;
  if (material.transparent !== transparent) {
    material.transparent = transparent;
    material.needsUpdate = true;
  }
}
