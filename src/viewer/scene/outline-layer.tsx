/**
 * Outlines drawn over the scene as plain lines (the wind tunnel's edges, a study area's circle):
 * not layers, so neither picked nor part of "fit to view", and depth-tested so buildings in front
 * hide them like any edge.
 */
import { memo, useEffect, useMemo } from 'react';
import { useThree } from '@react-three/fiber';
import { CanvasTexture, SRGBColorSpace } from 'three';
import type { SceneOutline } from '../contracts.ts';
import { highlightGeometry } from './findings-layer.tsx';

/** Label text is drawn this many CSS pixels high, whatever the distance (the sprite does not shrink with it). */
const LABEL_PX = 14;

/** The label's text on a canvas, as a texture; null where the browser has no 2D canvas (tests). */
function labelTexture(text: string, colour: string): { texture: CanvasTexture; aspect: number } | null {
  const canvas = typeof document === 'undefined' ? null : document.createElement('canvas');
  const context = canvas?.getContext?.('2d');
  if (!canvas || !context) return null;
  const scale = 4;
  const font = `600 ${LABEL_PX * scale}px system-ui, sans-serif`;
  context.font = font;
  const width = Math.ceil(context.measureText(text).width + 12 * scale);
  const height = Math.ceil(LABEL_PX * scale * 1.6);
  canvas.width = width;
  canvas.height = height;
  context.font = font;
  // a pale plate behind the text keeps it legible over any colour of the map below
  context.fillStyle = 'rgba(255,255,255,0.85)';
  context.fillRect(0, 0, width, height);
  context.fillStyle = colour;
  context.textBaseline = 'middle';
  context.fillText(text, 6 * scale, height / 2);
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  return { texture, aspect: width / height };
}

function OutlineLabel({ text, at, colour }: { text: string; at: [number, number, number]; colour: string }) {
  const size = useThree((s) => s.size);
  const label = useMemo(() => labelTexture(text, colour), [text, colour]);
  useEffect(() => () => label?.texture.dispose(), [label]);
  if (!label) return null;
  // sizeAttenuation off: the sprite's scale is a share of the view's height
  const h = (LABEL_PX * 1.6) / Math.max(1, size.height);
  return (
    <sprite position={at} scale={[h * label.aspect, h, 1]} center={[0, 0]} raycast={() => null} renderOrder={3}>
      <spriteMaterial map={label.texture} sizeAttenuation={false} depthTest={false} transparent />
    </sprite>
  );
}

const Outline = memo(function Outline({ outline }: { outline: SceneOutline }) {
  const geometry = useMemo(() => (outline.segments.length >= 6 ? highlightGeometry(outline.segments) : null), [outline.segments]);
  useEffect(() => () => geometry?.dispose(), [geometry]);
  if (!geometry) return null;
  return (
    <group name={`outline:${outline.id}`}>
      <lineSegments geometry={geometry} raycast={() => null} renderOrder={2}>
        <lineBasicMaterial color={outline.colour} />
      </lineSegments>
      {outline.label ? <OutlineLabel text={outline.label.text} at={outline.label.at} colour={outline.colour} /> : null}
    </group>
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
