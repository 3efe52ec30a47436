/**
 * Pointer probing on the canvas: the value under the pointer at most once per animation frame
 * (onProbe), and a click that did not drag the camera (onPick). Only set up when the screen
 * listens, so an idle viewer does no ray queries at all.
 */
import { useEffect, type RefObject } from 'react';
import type { ViewerCanvasProps, ViewerHandle } from '../contracts.ts';

/** Pointer travel (CSS px) below which a press-release counts as a click, not an orbit. */
const CLICK_SLOP_PX = 4;

export function usePointerProbe(element: HTMLCanvasElement, handle: ViewerHandle, props: RefObject<Pick<ViewerCanvasProps, 'onProbe' | 'onPick'>>): void {
  useEffect(() => {
    let frame = 0;
    let last: { x: number; y: number } | null = null;
    let down: { x: number; y: number } | null = null;
    const raf =
      typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (cb: FrameRequestCallback) => setTimeout(() => cb(0), 16) as unknown as number;
    const caf = typeof cancelAnimationFrame === 'function' ? cancelAnimationFrame : (id: number) => clearTimeout(id);

    const move = (event: PointerEvent) => {
      if (!props.current?.onProbe) return;
      last = { x: event.clientX, y: event.clientY };
      if (frame) return;
      frame = raf(() => {
        frame = 0;
        if (last) props.current?.onProbe?.(handle.pick(last.x, last.y));
      });
    };
    const leave = () => {
      last = null;
      props.current?.onProbe?.(null);
    };
    const press = (event: PointerEvent) => {
      down = event.button === 0 ? { x: event.clientX, y: event.clientY } : null;
    };
    const release = (event: PointerEvent) => {
      const start = down;
      down = null;
      if (!start || !props.current?.onPick) return;
      if (Math.hypot(event.clientX - start.x, event.clientY - start.y) > CLICK_SLOP_PX) return;
      const hit = handle.pick(event.clientX, event.clientY);
      if (hit) props.current.onPick(hit);
    };
    element.addEventListener('pointermove', move);
    element.addEventListener('pointerleave', leave);
    element.addEventListener('pointerdown', press);
    element.addEventListener('pointerup', release);
    return () => {
      if (frame) caf(frame);
      element.removeEventListener('pointermove', move);
      element.removeEventListener('pointerleave', leave);
      element.removeEventListener('pointerdown', press);
      element.removeEventListener('pointerup', release);
    };
  }, [element, handle, props]);
}
