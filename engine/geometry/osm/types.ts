/** Shared shapes of the OSM/GeoJSON → surrounds pipeline. */

/** [longitude, latitude] in degrees (WGS84), the order GeoJSON uses. */
export type LonLat = readonly [number, number];
/** [x, y] in local metres: x east, y north (true north = +Y). */
export type Point2 = readonly [number, number];

/** A building outline as read from the data, before projection. */
export interface GeoFootprint {
  /** "way/123", "relation/45", "feature/3". */
  id: string;
  tags: Readonly<Record<string, string>>;
  /** Rings without the closing duplicate of the first point. */
  outer: LonLat[];
  holes: LonLat[][];
}

/** Why something in the input was left out; collected, not thrown, so one bad way does not lose the rest. */
export type Warnings = string[];

export class OsmParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OsmParseError';
  }
}
