/**
 * Zones of a study: named polygons on the plane (a plaza, an entrance, a terrace) with the use they
 * are meant for, which the viewer scores each result layer against. The polygon is in the scene's
 * metres, [[x, y], ...], open (the last point is not a repeat of the first) and simple: a polygon
 * that crosses itself has no well-defined inside, so it is refused with the field named.
 */
import { z } from '@hono/zod-openapi';
import { choice, text } from './common.ts';

// The intended uses live with the pure scoring (engine/zones/zone-uses.ts), which the viewer and the PDF share.
import { ZONE_USES } from '@canopy/engine/zones/zone-uses.ts';
export { ZONE_USES, ZONE_USE_LABELS, type ZoneUse } from '@canopy/engine/zones/zone-uses.ts';

export const ZONE_LIMITS = { name: 100, minPoints: 3, maxPoints: 500, maxCoordinateM: 1e6 } as const;

type Point = readonly [number, number];

function orientation(a: Point, b: Point, c: Point): number {
  const v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

function onSegment(a: Point, b: Point, p: Point): boolean {
  return Math.min(a[0], b[0]) <= p[0] && p[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= p[1] && p[1] <= Math.max(a[1], b[1]);
}

/** Whether segments ab and cd share any point (touching counts), by orientation tests. */
export function segmentsMeet(a: Point, b: Point, c: Point, d: Point): boolean {
  const o1 = orientation(a, b, c);
  const o2 = orientation(a, b, d);
  const o3 = orientation(c, d, a);
  const o4 = orientation(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  return (o1 === 0 && onSegment(a, b, c)) || (o2 === 0 && onSegment(a, b, d)) || (o3 === 0 && onSegment(c, d, a)) || (o4 === 0 && onSegment(c, d, b));
}

/**
 * Whether the closed ring crosses or touches itself: any two edges that are not neighbours meet, or
 * two neighbours overlap (a spike back along the same line), or a point repeats.
 */
export function selfIntersects(ring: readonly Point[]): boolean {
  const n = ring.length;
  const edge = (i: number): [Point, Point] => [ring[i]!, ring[(i + 1) % n]!];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const [a, b] = edge(i);
      const [c, d] = edge(j);
      const neighbours = j === i + 1 || (i === 0 && j === n - 1);
      if (!neighbours) {
        if (segmentsMeet(a, b, c, d)) return true;
        continue;
      }
      // neighbours share one end; they may not also run back over each other
      const shared = j === i + 1 ? b : a;
      const p = j === i + 1 ? a : b;
      const q = j === i + 1 ? d : c;
      if (orientation(p, shared, q) === 0 && (onSegment(p, shared, q) || onSegment(shared, q, p))) return true;
    }
  }
  return false;
}

const coordinate = z.number({ error: (issue) => (issue.input === undefined ? undefined : 'Each coordinate must be a finite number of metres.') });

export const PolygonSchema = z
  .array(z.array(coordinate).length(2, 'Each point is [x, y] in metres.'))
  .min(ZONE_LIMITS.minPoints, `A zone needs at least ${ZONE_LIMITS.minPoints} points.`)
  .max(ZONE_LIMITS.maxPoints, `A zone may have at most ${ZONE_LIMITS.maxPoints} points.`)
  .superRefine((points, ctx) => {
    const ring = points as unknown as Point[];
    if (
      ring.some(([x, y]) => !Number.isFinite(x) || !Number.isFinite(y) || Math.abs(x) > ZONE_LIMITS.maxCoordinateM || Math.abs(y) > ZONE_LIMITS.maxCoordinateM)
    ) {
      ctx.addIssue({ code: 'custom', message: 'Each coordinate must be a finite number of metres within 1000 km of the origin.' });
      return;
    }
    if (selfIntersects(ring)) ctx.addIssue({ code: 'custom', message: 'The zone’s outline crosses itself; draw it without crossing lines.' });
  })
  .openapi({
    description: 'The outline [[x, y], ...] in the scene’s metres, at least 3 points, not crossing itself',
    example: [
      [0, 0],
      [10, 0],
      [10, 8],
    ],
  });

export const ZoneSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    use: z.enum(ZONE_USES),
    polygon: z.array(z.tuple([z.number(), z.number()])),
    author: z.number().int().nullable().openapi({ description: 'The user who drew it (null once that user is gone)' }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Zone');

export const ZoneCreateSchema = z.object({ name: text(ZONE_LIMITS.name), use: choice(ZONE_USES), polygon: PolygonSchema }).openapi('ZoneCreate');

export const ZonePatchSchema = z
  .object({ name: text(ZONE_LIMITS.name).optional(), use: choice(ZONE_USES).optional(), polygon: PolygonSchema.optional() })
  .openapi('ZonePatch');

export type Zone = z.infer<typeof ZoneSchema>;
export type ZoneCreate = z.input<typeof ZoneCreateSchema>;
export type ZonePatch = z.input<typeof ZonePatchSchema>;
