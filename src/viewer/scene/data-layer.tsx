/**
 * A data layer: a presentation-plane mesh (or points, or the line segments of a line layer such as
 * the CFD's streamlines, drawn as LineSegments) whose scalar field is coloured in the
 * shader through the viewer's lookup texture. The BufferGeometry is built once per file and
 * field; a colour-scale change only sets the material's uniforms, from a subscription to the
 * viewer's colour-scale store (the component does not re-render; the texture itself is shared
 * and rewritten by the scene).
 */
import { memo, useEffect, useMemo, useRef } from 'react';
import { useThree } from '@react-three/fiber';
import type { LineSegments, Mesh, Points } from 'three';
import type { SceneLayer } from '../contracts.ts';
import { meshGeometry } from './buffers.ts';
import { createDataMaterial, setDataRange } from './data-material.ts';
import { useColourScaleEffect, useViewerScene } from './scene-context.ts';
import { fieldOf, finiteRange, unitOf, useLayerData } from './use-layer-data.ts';

export const DataLayer = memo(function DataLayer({ layer }: { layer: SceneLayer }) {
  const { lut, theme, registry } = useViewerScene();
  const invalidate = useThree((s) => s.invalidate);
  const data = useLayerData(layer);
  const field = data ? fieldOf(data, layer.field) : undefined;
  const values = data && field ? data.fields[field] : undefined;
  const geometry = useMemo(() => (data ? meshGeometry(data, values ?? new Float32Array(data.positions.length / 3).fill(Number.NaN)) : null), [data, values]);
  const ownRange = useMemo(() => finiteRange(values), [values]);
  const material = useMemo(() => createDataMaterial(lut, ownRange), [lut]); // eslint-disable-line react-hooks/exhaustive-deps -- range is set below
  const objectRef = useRef<Mesh | Points | LineSegments>(null);
  // The file's unit; a probe shows the colour scale's unit instead when the scale names one.
  const unit = data ? unitOf(data, field) : undefined;

  // Colour scale → uniforms, outside React (no re-render on a scale change).
  useColourScaleEffect(
    (scale) => {
      setDataRange(material, scale ?? ownRange, theme.dataOpacity);
      invalidate();
    },
    [material, ownRange, theme.dataOpacity, invalidate],
  );

  useEffect(() => {
    const object = objectRef.current;
    if (!object || !data) return;
    registry.set({ id: layer.id, kind: 'data', object, positions: data.positions, indices: data.indices, lines: data.lines, values, unit });
    return () => registry.delete(layer.id, object);
  }, [registry, layer.id, data, values, unit]);

  useEffect(() => () => geometry?.dispose(), [geometry]);
  useEffect(() => () => material.dispose(), [material]);

  if (!geometry) return null;
  return (
    <group name={`layer:${layer.id}`} visible={layer.visible} userData={{ layerId: layer.id }}>
      {data?.lines ? (
        <lineSegments ref={objectRef as React.Ref<LineSegments>} geometry={geometry} material={material} userData={{ layerId: layer.id }} />
      ) : geometry.index ? (
        <mesh ref={objectRef as React.Ref<Mesh>} geometry={geometry} material={material} userData={{ layerId: layer.id }} />
      ) : (
        <points ref={objectRef as React.Ref<Points>} geometry={geometry} material={material} userData={{ layerId: layer.id }} />
      )}
    </group>
  );
});
