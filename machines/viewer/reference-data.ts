/** The viewer's reference data as the screen reads it (GET /api/job-type/, /api/color-legend/, /api/data-criteria-graph-definition). */

/** GET /api/job-type/ rows, as far as the viewer reads them. */
export interface JobTypeRef {
  id: string;
  name: string;
  code: string;
  metrics: Array<{ metric: string; units: string; legends: string[]; fields: string[] }>;
}

/** GET /api/color-legend/?name=… */
export interface ColourLegend {
  name: string;
  version: string;
  kind: 'continuous' | 'classes';
  title: string;
  units: string;
  min?: number;
  max?: number;
  /** The scale keeps min–max whatever the values' own span (a difference map's ±L round zero); a range the user sets still wins. */
  fixedRange?: boolean;
  stops?: Array<{ value: number; colour: string }>;
  classes?: Array<{ value: number; label: string; colour: string; description?: string }>;
}

/** GET /api/data-criteria-graph-definition rows. */
export interface GraphDefinition {
  id: string;
  metrics: string[];
  kind: string;
  title: string;
  x: { label: string; units: string };
  y: { label: string; units: string };
}
