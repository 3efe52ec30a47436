/**
 * Geometry validation findings over the model ("the viewer highlights the offending
 * faces"): each finding's triangles as a flat, unlit fill in its severity's colour, pulled towards
 * the camera with a polygon offset so it sits on the very faces it marks, and its open or
 * non-manifold edges as lines. Not registered with the scene registry: highlights are neither
 * picked nor part of "fit to view".
 */
import { memo, useEffect, useMemo } from 'react';
import { useThree } from '@react-three/fiber';
import { BufferAttribute, BufferGeometry, DoubleSide } from 'three';
import type { FindingHighlight } from '../contracts.ts';
import { HIGHLIGHT_COLOURS } from './highlight-colours.ts';

/** A non-indexed geometry of a triangle soup or line list (xyz per vertex), with its bounds. */
export function highlightGeometry(positions: Float32Array): BufferGeometry {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(positions, 3));
  geometry.computeBoundingBox();
  geometry.computeBoundingSphere();
  return geometry;
}

const Highlight = memo(function Highlight({ highlight }: { highlight: FindingHighlight }) {
  const faces = useMemo(() => (highlight.triangles.length >= 9 ? highlightGeometry(highlight.triangles) : null), [highlight.triangles]);
  const edges = useMemo(() => (highlight.edges && highlight.edges.length >= 6 ? highlightGeometry(highlight.edges) : null), [highlight.edges]);
  useEffect(() => () => faces?.dispose(), [faces]);
  useEffect(() => () => edges?.dispose(), [edges]);
  const colour = HIGHLIGHT_COLOURS[highlight.tone];
  const opacity = highlight.selected ? 0.95 : 0.6;
  return (
    <group name={`finding:${highlight.id}`}>
      {faces ? (
        <mesh geometry={faces} raycast={() => null} renderOrder={3}>
          <meshBasicMaterial
            color={colour}
            transparent
            opacity={opacity}
            side={DoubleSide}
            depthWrite={false}
            polygonOffset
            polygonOffsetFactor={-2}
            polygonOffsetUnits={-4}
          />
        </mesh>
      ) : null}
      {edges ? (
        <lineSegments geometry={edges} raycast={() => null} renderOrder={4}>
          {/* Edges show through faces in front of them: a hole is often on a hidden side. */}
          <lineBasicMaterial color={colour} transparent opacity={highlight.selected ? 1 : 0.8} depthTest={false} />
        </lineSegments>
      ) : null}
    </group>
  );
});

export function FindingsLayer({ highlights }: { highlights: readonly FindingHighlight[] }) {
  const invalidate = useThree((s) => s.invalidate);
  // The canvas renders on demand: highlights coming, changing or going are a reason to draw again.
  useEffect(() => {
    invalidate();
    return () => invalidate();
  }, [highlights, invalidate]);
  return (
    <group name="validation-findings">
      {highlights.map((h) => (
        <Highlight key={h.id} highlight={h} />
      ))}
    </group>
  );
}
