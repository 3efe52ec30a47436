/**
 * A data layer: a presentation-plane mesh (or points, or the line segments of a line layer such as
 * the CFD's streamlines, drawn as LineSegments) whose scalar field is coloured in the
 * shader through the layer's own lookup texture. The BufferGeometry is built once per file and
 * field; a colour-scale change only sets the material's uniforms and rewrites its texture in place,
 * from a subscription to the layer's scale in the viewer's colour-scale store (no re-render).
 */
import { memo, useEffect, useMemo, useRef } from 'react';
import { useThree } from '@react-three/fiber';
import type { LineSegments, Mesh, Points } from 'three';
import type { SceneLayer } from '../contracts.ts';
import { meshGeometry } from './buffers.ts';
import { createDataMaterial, setDataRange } from './data-material.ts';
import { applyLut, useColourScaleEffect, useLayerLut, useViewerScene } from './scene-context.ts';
import { fieldOf, finiteRange, unitOf, useLayerData } from './use-layer-data.ts';

export const DataLayer = memo(function DataLayer({ layer }: { layer: SceneLayer }) {
  const { theme, registry, reportRange } = useViewerScene();
  const lut = useLayerLut();
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
    layer.id,
    (scale) => {
      applyLut(lut, scale);
      setDataRange(material, scale ?? ownRange, theme.dataOpacity);
      invalidate();
    },
    [lut, material, ownRange, theme.dataOpacity, invalidate],
  );

  // The screen's default range for this layer spans its own values.
  useEffect(() => {
    if (values) reportRange(layer.id, ownRange);
  }, [reportRange, layer.id, values, ownRange]);

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
