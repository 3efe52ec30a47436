/**
 * Outlines drawn over the scene as plain lines (the wind tunnel's edges, a study area's circle):
 * not layers, so neither picked nor part of "fit to view", and depth-tested so buildings in front
 * hide them like any edge.
 */
import { memo, useEffect, useMemo } from 'react';
import { useThree } from '@react-three/fiber';
import type { SceneOutline } from '../contracts.ts';
import { highlightGeometry } from './findings-layer.tsx';

const Outline = memo(function Outline({ outline }: { outline: SceneOutline }) {
  const geometry = useMemo(() => (outline.segments.length >= 6 ? highlightGeometry(outline.segments) : null), [outline.segments]);
  useEffect(() => () => geometry?.dispose(), [geometry]);
  if (!geometry) return null;
  return (
    <lineSegments name={`outline:${outline.id}`} geometry={geometry} raycast={() => null} renderOrder={2}>
      <lineBasicMaterial color={outline.colour} />
    </lineSegments>
  );
});

export function OutlineLayer({ outlines }: { outlines: readonly SceneOutline[] }) {
  const invalidate = useThree((s) => s.invalidate);
  // The canvas renders on demand: an outline coming, changing or going is a reason to draw again.
  useEffect(() => {
    invalidate();
    return () => invalidate();
  }, [outlines, invalidate]);
  return (
    <group name="outlines">
      {outlines.map((o) => (
        <Outline key={o.id} outline={o} />
      ))}
    </group>
  );
}
