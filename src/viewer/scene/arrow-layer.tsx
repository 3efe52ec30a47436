/**
 * An arrow layer drawn as one InstancedMesh (see arrows.ts), coloured by speed through its own
 * lookup texture and as long as its speed against the legend's top; like a data layer, a
 * colour-scale change only sets its uniforms (and, for a new top speed, the instance matrices),
 * from a subscription, with no re-render.
 */
import { memo, useEffect, useMemo } from 'react';
import { useThree } from '@react-three/fiber';
import type { InstancedMesh } from 'three';
import type { SceneLayer } from '../contracts.ts';
import { arrowColourValues, arrowLength, arrowLengthFractions, arrowMatrices, arrowVectors, createArrowMesh, unitArrowGeometry } from './arrows.ts';
import { createDataMaterial, setDataRange } from './data-material.ts';
import { applyLut, useColourScaleEffect, useLayerLut, useViewerScene } from './scene-context.ts';
import { finiteRange, unitOf, useLayerData } from './use-layer-data.ts';

interface Built {
  mesh: InstancedMesh;
  values: Float32Array;
  directions: Float32Array;
  length: number;
  fractions: Float32Array;
  unit: string | undefined;
  range: { min: number; max: number };
}

export const ArrowLayer = memo(function ArrowLayer({ layer }: { layer: SceneLayer }) {
  const { theme, registry, reportError, reportRange } = useViewerScene();
  const lut = useLayerLut();
  const invalidate = useThree((s) => s.invalidate);
  const data = useLayerData(layer);
  const material = useMemo(() => createDataMaterial(lut, { min: 0, max: 1 }), [lut]);
  const built = useMemo((): Built | { error: string } | null => {
    if (!data) return null;
    try {
      const { directions, magnitudes } = arrowVectors(data);
      // Coloured (and sized) by the speed when the file has it.
      const { field, values } = arrowColourValues(data, layer.field, magnitudes);
      const range = finiteRange(values);
      const length = arrowLength(data.positions);
      const fractions = arrowLengthFractions(values, range.max);
      const geometry = unitArrowGeometry();
      const mesh = createArrowMesh(geometry, material, data.positions, directions, values, length, fractions);
      geometry.dispose();
      mesh.userData = { layerId: layer.id };
      return { mesh, values, directions, length, fractions, unit: unitOf(data, field), range };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }, [data, layer.field, layer.id, material]);

  useEffect(() => {
    if (built && 'error' in built) reportError(layer.id, built.error);
  }, [built, layer.id, reportError]);

  useColourScaleEffect(
    layer.id,
    (scale) => {
      if (!built || 'error' in built) return;
      applyLut(lut, scale);
      const range = scale ?? built.range;
      setDataRange(material, range, theme.dataOpacity);
      // A full-length arrow is the top of the legend's range (its scale arrow): lengths follow a new top.
      if (built.mesh.userData.referenceSpeed !== range.max && data) {
        built.mesh.userData.referenceSpeed = range.max;
        arrowLengthFractions(built.values, range.max, built.fractions);
        arrowMatrices(data.positions, built.directions, built.length, built.mesh.instanceMatrix.array as Float32Array, built.fractions);
        built.mesh.instanceMatrix.needsUpdate = true;
      }
      invalidate();
    },
    [built, data, lut, material, theme.dataOpacity, invalidate],
  );

  useEffect(() => {
    if (built && !('error' in built)) reportRange(layer.id, built.range);
  }, [built, layer.id, reportRange]);

  useEffect(() => {
    if (!built || 'error' in built || !data) return;
    const object = built.mesh;
    registry.set({ id: layer.id, kind: 'arrows', object, positions: data.positions, values: built.values, unit: built.unit });
    return () => {
      registry.delete(layer.id, object);
      object.geometry.dispose();
    };
  }, [built, data, layer.id, registry]);

  useEffect(() => () => material.dispose(), [material]);

  if (!built || 'error' in built) return null;
  return (
    <group name={`layer:${layer.id}`} visible={layer.visible} userData={{ layerId: layer.id }}>
      <primitive object={built.mesh} />
    </group>
  );
});
