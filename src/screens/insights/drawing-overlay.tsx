/**
 * The drawing tool's SVG overlay over the viewer canvas: committed shapes, the shape
 * being drawn, the text box, and the insight's pins at ViewerHandle.project(point). It is portalled
 * into the canvas's container, so it sits exactly over the 3D view; it takes pointer input only
 * while drawing or placing a pin, and turns pointer positions into canvas-normalised points for
 * the viewer-modes machine.
 */
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { createPortal } from 'react-dom';
import type { DraftShape, NormPoint } from '@machines/viewer-modes/viewer-modes.types.ts';
import type { ViewerHandle } from '../../viewer/contracts.ts';
import type { DrawingDoc, Shape } from '../../insights/drawing.ts';
import type { PinMark } from '../../insights/scene-view-json.ts';
import { pinGlyph } from './pin-icons.ts';

export interface OverlayProps {
  handle: ViewerHandle | null;
  drawing: DrawingDoc;
  draft: DraftShape | null;
  drag: { shapeId: string; from: NormPoint; to: NormPoint } | null;
  selectedId: string | null;
  pins: PinMark[];
  /** Pointer input: 'draw' (drawing mode), 'pin' (placing a pin), or none. */
  capture: 'draw' | 'pin' | null;
  typingAt: NormPoint | null;
  onPointerDown(point: NormPoint, shapeId: string | null): void;
  onPointerMove(point: NormPoint): void;
  onPointerUp(point: NormPoint): void;
  onPinClick(clientX: number, clientY: number): void;
  onTextCommit(text: string): void;
  onTextCancel(): void;
}

interface Size {
  w: number;
  h: number;
}

function useProjected(handle: ViewerHandle | null, points: [number, number, number][]): ({ x: number; y: number } | null)[] {
  const [projected, setProjected] = useState<({ x: number; y: number } | null)[]>([]);
  const key = JSON.stringify(points);
  useEffect(() => {
    // The camera moves without telling the overlay; re-project ten times a second and only re-render on change.
    const update = () => {
      const next = points.map((p) => {
        const s = handle?.project(p);
        return s && s.visible ? { x: Math.round(s.x * 10) / 10, y: Math.round(s.y * 10) / 10 } : null;
      });
      setProjected((prev) => (JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
    };
    update();
    const timer = setInterval(update, 100);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [handle, key]);
  return projected;
}

function shapePath(shape: Pick<Shape, 'kind' | 'points'>, size: Size): { d: string; arrowHead?: string } {
  const pts = shape.points.map(([x, y]) => [x * size.w, y * size.h] as const);
  const [a, b] = [pts[0]!, pts.at(-1)!];
  switch (shape.kind) {
    case 'freehand':
      return { d: pts.map(([x, y], i) => `${i ? 'L' : 'M'}${x.toFixed(1)} ${y.toFixed(1)}`).join(' ') };
    case 'line':
      return { d: `M${a[0]} ${a[1]} L${b[0]} ${b[1]}` };
    case 'arrow': {
      const angle = Math.atan2(b[1] - a[1], b[0] - a[0]);
      const len = 14;
      const h1 = [b[0] - len * Math.cos(angle - 0.45), b[1] - len * Math.sin(angle - 0.45)];
      const h2 = [b[0] - len * Math.cos(angle + 0.45), b[1] - len * Math.sin(angle + 0.45)];
      return { d: `M${a[0]} ${a[1]} L${b[0]} ${b[1]}`, arrowHead: `M${h1[0]} ${h1[1]} L${b[0]} ${b[1]} L${h2[0]} ${h2[1]}` };
    }
    case 'rectangle':
      return { d: `M${a[0]} ${a[1]} H${b[0]} V${b[1]} H${a[0]} Z` };
    case 'ellipse': {
      const cx = (a[0] + b[0]) / 2;
      const cy = (a[1] + b[1]) / 2;
      const rx = Math.abs(b[0] - a[0]) / 2;
      const ry = Math.abs(b[1] - a[1]) / 2;
      return { d: `M${cx - rx} ${cy} A${rx} ${ry} 0 1 0 ${cx + rx} ${cy} A${rx} ${ry} 0 1 0 ${cx - rx} ${cy} Z` };
    }
    case 'text':
      return { d: '' };
  }
}

function ShapeView({
  shape,
  size,
  selected,
  offset,
}: {
  shape: Shape | (DraftShape & { id: string; colour: string; width: number; text?: string });
  size: Size;
  selected: boolean;
  offset?: NormPoint;
}) {
  const moved = offset ? { ...shape, points: shape.points.map((p) => [p[0] + offset[0], p[1] + offset[1]] as NormPoint) } : shape;
  const label = `${shape.kind}${shape.text ? `: ${shape.text}` : ''}`;
  if (shape.kind === 'text') {
    const [x, y] = moved.points[0]!;
    return (
      <text
        data-shape-id={shape.id}
        aria-label={label}
        x={x * size.w}
        y={y * size.h}
        fill={shape.colour}
        fontSize={12 + shape.width * 2}
        fontWeight={600}
        stroke={selected ? '#1b6ef3' : 'none'}
        strokeWidth={selected ? 0.6 : 0}
      >
        {shape.text}
      </text>
    );
  }
  const { d, arrowHead } = shapePath(moved, size);
  return (
    <g data-shape-id={shape.id} aria-label={label} role="img">
      {selected ? <path d={d} stroke="#1b6ef3" strokeWidth={shape.width + 6} strokeOpacity={0.35} fill="none" /> : null}
      <path d={d} stroke={shape.colour} strokeWidth={shape.width} fill="none" strokeLinecap="round" strokeLinejoin="round" />
      {arrowHead ? <path d={arrowHead} stroke={shape.colour} strokeWidth={shape.width} fill="none" strokeLinecap="round" /> : null}
    </g>
  );
}

export function DrawingOverlay(props: OverlayProps) {
  const { handle, drawing, draft, drag, selectedId, pins, capture, typingAt } = props;
  const canvas = handle?.canvas() ?? null;
  const host = canvas?.parentElement ?? null;
  const svgRef = useRef<SVGSVGElement>(null);
  const [size, setSize] = useState<Size>({ w: canvas?.clientWidth || 1, h: canvas?.clientHeight || 1 });
  const [text, setText] = useState('');

  useEffect(() => {
    if (!canvas) return;
    const measure = () => setSize({ w: canvas.clientWidth || 1, h: canvas.clientHeight || 1 });
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(canvas);
    return () => observer?.disconnect();
  }, [canvas]);

  // Anchored shapes follow the model: their points are re-projected from the site points.
  const anchored = drawing.shapes.flatMap((s) => s.anchors ?? []);
  const anchoredScreen = useProjected(handle, anchored);
  const pinScreen = useProjected(
    handle,
    pins.map((p) => p.position),
  );
  let cursor = 0;
  const shapes = drawing.shapes.map((s) => {
    if (!s.anchors) return s;
    const projected = s.anchors.map(() => anchoredScreen[cursor++] ?? null);
    return projected.every(Boolean) ? { ...s, points: projected.map((p) => [p!.x / size.w, p!.y / size.h] as NormPoint) } : s;
  });

  const norm = (e: ReactPointerEvent): NormPoint => {
    const r = svgRef.current!.getBoundingClientRect();
    return [(e.clientX - r.left) / (r.width || 1), (e.clientY - r.top) / (r.height || 1)];
  };

  if (!host) return null;
  return createPortal(
    <svg
      ref={svgRef}
      role="application"
      aria-label="Drawing overlay"
      data-capture={capture ?? 'none'}
      width={size.w}
      height={size.h}
      style={{
        position: 'absolute',
        inset: 0,
        width: '100%',
        height: '100%',
        zIndex: 2,
        pointerEvents: capture ? 'all' : 'none',
        cursor: capture === 'draw' ? 'crosshair' : capture === 'pin' ? 'copy' : 'default',
        touchAction: 'none',
      }}
      onPointerDown={(e) => {
        if (!capture) return;
        e.preventDefault();
        if (capture === 'pin') return props.onPinClick(e.clientX, e.clientY);
        (e.target as Element).setPointerCapture?.(e.pointerId);
        const id = (e.target as Element).closest('[data-shape-id]')?.getAttribute('data-shape-id') ?? null;
        props.onPointerDown(norm(e), id);
      }}
      onPointerMove={(e) => capture === 'draw' && props.onPointerMove(norm(e))}
      onPointerUp={(e) => capture === 'draw' && props.onPointerUp(norm(e))}
    >
      {shapes.map((s) => (
        <ShapeView
          key={s.id}
          shape={s}
          size={size}
          selected={s.id === selectedId}
          offset={drag?.shapeId === s.id ? [drag.to[0] - drag.from[0], drag.to[1] - drag.from[1]] : undefined}
        />
      ))}
      {draft && draft.kind !== 'text' ? (
        <ShapeView shape={{ ...draft, id: 'draft', colour: draft.style.colour, width: draft.style.width }} size={size} selected={false} />
      ) : null}
      {pins.map((p, i) =>
        pinScreen[i] ? (
          <g key={i} transform={`translate(${pinScreen[i]!.x} ${pinScreen[i]!.y})`} aria-label={`Pin ${p.title || p.icon}`} role="img">
            <path d="M0 0 L-7 -14 A8 8 0 1 1 7 -14 Z" fill={p.colour} stroke="#fff" strokeWidth={1.5} />
            <text y={-13} textAnchor="middle" fontSize={9} fill="#fff" fontWeight={700}>
              {pinGlyph(p.icon)}
            </text>
            {p.title ? (
              <text x={10} y={-14} fontSize={11} fill="#111" stroke="#fff" strokeWidth={3} paintOrder="stroke">
                {p.title}
              </text>
            ) : null}
          </g>
        ) : null,
      )}
      {typingAt ? (
        <foreignObject x={typingAt[0] * size.w} y={typingAt[1] * size.h - 14} width={220} height={32}>
          <input
            aria-label="Drawing text"
            autoFocus
            value={text}
            onChange={(e) => setText(e.target.value)}
            onPointerDown={(e) => e.stopPropagation()}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                props.onTextCommit(text);
                setText('');
              } else if (e.key === 'Escape') {
                setText('');
                props.onTextCancel();
              }
              e.stopPropagation();
            }}
          />
        </foreignObject>
      ) : null}
    </svg>,
    host,
  );
}
