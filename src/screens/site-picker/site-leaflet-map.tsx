/**
 * The map itself (Leaflet through react-leaflet): the operator's raster tiles with their
 * attribution, the site marker (drag it, or click the map to move it), the study area as a circle,
 * and the surroundings' footprints. Tile loads and errors go to the machine, which decides whether
 * the tile server can be reached. Leaflet's own arrow-key panning is off: the arrow keys move the
 * site (site-picker.tsx).
 */
import { useEffect, useMemo } from 'react';
import { Circle, MapContainer, Marker, Polygon, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { divIcon, type LatLngExpression } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { LatLon, MapSettings } from '@machines/site-map/site-map.machine.ts';
import { localProjection } from '@canopy/engine/geometry/osm/projection.ts';
import type { SiteFootprints } from './site-picker.tsx';
import * as css from './site-picker.css.ts';

export interface SiteLeafletMapProps {
  settings: MapSettings;
  position: LatLon | null;
  radiusM: number | null;
  footprints: SiteFootprints | null;
  onClick(position: LatLon): void;
  onDrag(position: LatLon): void;
  onTileLoad(): void;
  onTileError(): void;
}

const WORLD: LatLngExpression = [20, 0];
const SITE_ZOOM = 16;

/** Keeps the site in view when it moves from outside the map (a search result, typed coordinates). */
function FollowSite({ position }: { position: LatLon | null }) {
  const map = useMap();
  useEffect(() => {
    if (!position) return;
    const point: LatLngExpression = [position.latitude, position.longitude];
    if (!map.getBounds().contains(point) || map.getZoom() < 10) map.setView(point, Math.max(map.getZoom(), SITE_ZOOM));
  }, [map, position]);
  return null;
}

function ClickToPlace({ onClick }: { onClick(position: LatLon): void }) {
  useMapEvents({ click: (event) => onClick({ latitude: event.latlng.lat, longitude: event.latlng.lng }) });
  return null;
}

export function SiteLeafletMap({ settings, position, radiusM, footprints, onClick, onDrag, onTileLoad, onTileError }: SiteLeafletMapProps) {
  const icon = useMemo(() => divIcon({ className: css.pin, html: '<span></span>', iconSize: [18, 18], iconAnchor: [9, 22] }), []);
  const polygons = useMemo(() => {
    if (!footprints) return [];
    const projection = localProjection(footprints.origin.latitude, footprints.origin.longitude);
    return footprints.footprints.map((f) =>
      f.outer.map(([x, y]) => {
        const [longitude, latitude] = projection.toLonLat([x, y]);
        return [latitude, longitude] as [number, number];
      }),
    );
  }, [footprints]);

  return (
    <MapContainer
      className={css.mapCanvas}
      center={position ? [position.latitude, position.longitude] : WORLD}
      zoom={position ? SITE_ZOOM : 2}
      keyboard={false}
      scrollWheelZoom={false}
      attributionControl
    >
      <TileLayer url={settings.tile_url} attribution={settings.tile_attribution} eventHandlers={{ tileload: onTileLoad, tileerror: onTileError }} />
      {polygons.map((ring, k) => (
        <Polygon key={k} positions={ring} pathOptions={{ color: '#5a6762', weight: 1, fillColor: '#8a9691', fillOpacity: 0.6 }} />
      ))}
      {position && radiusM ? (
        <Circle
          center={[position.latitude, position.longitude]}
          radius={radiusM}
          pathOptions={{ color: '#1f7a57', weight: 2, fill: false, dashArray: '6 4' }}
        />
      ) : null}
      {position ? (
        <Marker
          position={[position.latitude, position.longitude]}
          icon={icon}
          draggable
          keyboard={false}
          title="Site"
          eventHandlers={{
            dragend: (event) => {
              const at = (event.target as { getLatLng(): { lat: number; lng: number } }).getLatLng();
              onDrag({ latitude: at.lat, longitude: at.lng });
            },
          }}
        />
      ) : null}
      <ClickToPlace onClick={onClick} />
      <FollowSite position={position} />
    </MapContainer>
  );
}
