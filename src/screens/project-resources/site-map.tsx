/**
 * The project resource map / surrounds geolocator's picture (SPEC §2): a 2D map the app draws
 * itself — no online tiles — from the surrounds' footprints (local metres, x east, y north = true
 * north up), the radius they were clipped to, the project origin, an origin the user is about to
 * apply, and the weather stations (drawn at the map's edge with their bearing and distance when
 * they lie outside it). Clicking the map picks a new origin; the latitude/longitude fields beside
 * it do the same from the keyboard.
 */
import type { MouseEvent } from 'react';
import { scaleLinear } from 'd3-scale';
import type { LatLon, MetSource, Surrounds } from '@machines/weather/weather.types.ts';
import { localProjection } from '@canopy/engine/geometry/osm/projection.ts';
import { compassName, heightColor } from './chart-colors.ts';
import * as css from './project-resources.css.ts';

type Footprint = Surrounds['footprints'][number];

export interface SiteMapProps {
  /** The map's centre: the surrounds' origin, else the chosen origin. */
  centre: LatLon;
  radiusM: number;
  surrounds: Surrounds | null;
  /** The origin the next generation will use, when it differs from the centre. */
  pendingOrigin: LatLon | null;
  stations: MetSource[];
  /** A click on the map picks the origin; absent on a project the user may not change. */
  onPick?(origin: LatLon): void;
}

function ringPath(ring: ReadonlyArray<readonly [number, number]>): string {
  return `M${ring.map(([x, y]) => `${x.toFixed(1)},${(-y).toFixed(1)}`).join('L')}Z`;
}

function footprintPath(f: Footprint): string {
  return [f.outer, ...f.holes].map(ringPath).join('');
}

/** A round length near a third of the map's half-width, for the scale bar: d3's last tick at or below it. */
function scaleLength(halfWidth: number): number {
  const target = halfWidth / 2.5;
  return scaleLinear().domain([0, target]).ticks(2).at(-1) || target;
}

const HEIGHT_SOURCE: Record<Footprint['height_source'], string> = {
  height: 'height tag',
  levels: 'building:levels × 3 m',
  default: 'assumed for its building type (no height tags)',
};

export function describeSite(surrounds: Surrounds | null, radiusM: number): string {
  if (!surrounds) return `Site map: no surrounding buildings yet; radius ${radiusM} m.`;
  const tallest = surrounds.footprints.reduce((h, f) => Math.max(h, f.height_m), 0);
  return `Site map: ${surrounds.building_count} surrounding buildings within ${surrounds.radius_m} m, the tallest ${tallest} m.`;
}

export function SiteMap({ centre, radiusM, surrounds, pendingOrigin, stations, onPick }: SiteMapProps) {
  const projection = localProjection(centre.latitude, centre.longitude);
  const half = Math.max(radiusM, surrounds?.radius_m ?? 0, 50) * 1.25;
  const edge = half * 0.88;
  const scale = scaleLength(half);
  const pending = pendingOrigin ? projection.toLocal([pendingOrigin.longitude, pendingOrigin.latitude]) : null;

  const pick = (event: MouseEvent<SVGSVGElement>) => {
    if (!onPick) return;
    const svg = event.currentTarget;
    const matrix = svg.getScreenCTM();
    if (!matrix) return;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    const [longitude, latitude] = projection.toLonLat([point.x, -point.y]);
    onPick({ latitude: Math.round(latitude * 1e6) / 1e6, longitude: Math.round(longitude * 1e6) / 1e6 });
  };

  return (
    <div className={css.mapFrame}>
      <svg
        viewBox={`${-half} ${-half} ${2 * half} ${2 * half}`}
        className={css.map}
        role="img"
        aria-label={describeSite(surrounds, radiusM)}
        data-testid="site-map"
        onClick={pick}
      >
        <circle cx={0} cy={0} r={radiusM} className={css.mapGround} />
        <circle cx={0} cy={0} r={radiusM} className={css.mapRadius} vectorEffect="non-scaling-stroke" />
        {surrounds?.footprints.map((f, k) => (
          <path
            key={k}
            d={footprintPath(f)}
            fill={heightColor(f.height_m)}
            fillRule="evenodd"
            className={css.mapBuilding}
            vectorEffect="non-scaling-stroke"
            data-testid="site-building"
          >
            <title>{`${f.name || 'Building'}: ${f.height_m} m (${HEIGHT_SOURCE[f.height_source]})${f.holes.length ? `, ${f.holes.length} courtyard${f.holes.length > 1 ? 's' : ''}` : ''}`}</title>
          </path>
        ))}
        <g className={css.mapOrigin} vectorEffect="non-scaling-stroke">
          <title>Origin of the surroundings</title>
          <line x1={-half / 25} x2={half / 25} y1={0} y2={0} vectorEffect="non-scaling-stroke" />
          <line y1={-half / 25} y2={half / 25} x1={0} x2={0} vectorEffect="non-scaling-stroke" />
        </g>
        {pending && Math.hypot(pending[0], pending[1]) > 0.01 ? (
          <circle cx={pending[0]} cy={-pending[1]} r={half / 30} className={css.mapPending} vectorEffect="non-scaling-stroke" data-testid="pending-origin">
            <title>New origin (apply it by generating again)</title>
          </circle>
        ) : null}
        {stations.map((station) => {
          const [x, y] = projection.toLocal([station.longitude, station.latitude]);
          const distanceKm = station.distance_km ?? Math.hypot(x, y) / 1000;
          const bearing = (Math.atan2(x, y) * 180) / Math.PI;
          const inside = Math.abs(x) < edge && Math.abs(y) < edge;
          const f = inside ? 1 : edge / Math.max(Math.abs(x), Math.abs(y));
          const [px, py] = [x * f, -y * f];
          return (
            <g key={station.id} data-testid="site-station">
              <circle cx={px} cy={py} r={half / 45} className={css.mapStation} vectorEffect="non-scaling-stroke" />
              <text
                x={px}
                y={py - half / 30}
                textAnchor={px > half / 3 ? 'end' : px < -half / 3 ? 'start' : 'middle'}
                className={css.mapLabel}
                style={{ fontSize: half / 22 }}
              >
                {`${station.name.split(',')[0]} · ${distanceKm.toFixed(1)} km ${inside ? '' : compassName(bearing)}`.trim()}
              </text>
            </g>
          );
        })}
        <g transform={`translate(${half * 0.82} ${-half * 0.8})`} aria-hidden="true">
          <path d={`M0,${-half / 14} L${half / 40},${half / 40} L0,0 L${-half / 40},${half / 40} Z`} fill="currentColor" />
          <text y={-half / 12} textAnchor="middle" className={css.mapLabel} style={{ fontSize: half / 18 }}>
            N
          </text>
        </g>
        <g transform={`translate(${-half * 0.92} ${half * 0.9})`}>
          <line x1={0} x2={scale} y1={0} y2={0} className={css.mapScale} vectorEffect="non-scaling-stroke" />
          <text x={scale / 2} y={-half / 40} textAnchor="middle" className={css.mapLabel} style={{ fontSize: half / 22 }}>
            {scale >= 1000 ? `${scale / 1000} km` : `${scale} m`}
          </text>
        </g>
      </svg>
    </div>
  );
}
