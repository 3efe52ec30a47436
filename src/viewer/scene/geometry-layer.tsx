/**
 * A geometry layer (buildings, surrounds, ground, planes…) coloured by its theme role: a fill
 * with the role's opacity and, when the theme draws them, edge lines in the stroke colour.
 */
import { memo, useEffect, useMemo, useRef } from 'react';
import { AdditiveBlending, DoubleSide, EdgesGeometry, NormalBlending, type Mesh, type Points } from 'three';
import type { SceneLayer } from '../contracts.ts';
import { meshGeometry } from './buffers.ts';
import { useViewerScene } from './scene-context.ts';
import { useLayerData } from './use-layer-data.ts';

/** Edges between faces meeting at more than this angle are drawn (flat roofs and walls, not mesh seams). */
const EDGE_ANGLE_DEG = 20;

export const GeometryLayer = memo(function GeometryLayer({ layer }: { layer: SceneLayer }) {
  const { theme, registry } = useViewerScene();
  const data = useLayerData(layer);
  const geometry = useMemo(() => (data ? meshGeometry(data) : null), [data]);
  const edges = useMemo(() => (geometry?.index ? new EdgesGeometry(geometry, EDGE_ANGLE_DEG) : null), [geometry]);
  const meshRef = useRef<Mesh | Points>(null);
  const style = theme.roles[layer.role ?? 'surround'];

  useEffect(() => {
    const object = meshRef.current;
    if (!object || !data) return;
    registry.set({ id: layer.id, kind: 'geometry', object, positions: data.positions, indices: data.indices });
    return () => registry.delete(layer.id, object);
  }, [registry, layer.id, data]);

  useEffect(() => () => geometry?.dispose(), [geometry]);
  useEffect(() => () => edges?.dispose(), [edges]);

  if (!geometry) return null;
  const transparent = style.fillOpacity < 1;
  return (
    <group name={`layer:${layer.id}`} visible={layer.visible} userData={{ layerId: layer.id }}>
      {geometry.index ? (
        <mesh ref={meshRef as React.Ref<Mesh>} geometry={geometry} userData={{ layerId: layer.id }} renderOrder={transparent ? 1 : 0}>
          <meshLambertMaterial
            color={style.fill}
            opacity={style.fillOpacity}
            transparent={transparent}
            depthWrite={!transparent}
            flatShading
            side={DoubleSide}
            polygonOffset
            polygonOffsetFactor={1}
            polygonOffsetUnits={1}
          />
        </mesh>
      ) : (
        <points ref={meshRef as React.Ref<Points>} geometry={geometry} userData={{ layerId: layer.id }}>
          <pointsMaterial color={style.fill} size={3} sizeAttenuation={false} />
        </points>
      )}
      {edges && style.stroke ? (
        <lineSegments geometry={edges} raycast={() => null} renderOrder={2}>
          <lineBasicMaterial
            color={style.stroke}
            transparent
            opacity={style.strokeOpacity}
            blending={theme.glowEdges ? AdditiveBlending : NormalBlending}
            depthWrite={false}
          />
        </lineSegments>
      ) : null}
    </group>
  );
});
