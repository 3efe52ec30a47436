/**
 * The seams between the viewer's parts, written first so the 3D scene (src/viewer/scene), the
 * viewer screen (src/screens/viewer) and the insights/images/reports modes (src/screens/insights)
 * can be built side by side. Renderer-neutral: nothing here imports three.js, so the insights
 * code and the scene-view JSON stay independent of the renderer.
 *
 * Coordinates are site coordinates: x east, y north (+Y = true north), z up, metres.
 */

/** The theme names of SPEC §3; 'tron' is the hidden 1980s computer-film style. */
export type ThemeName = 'default' | 'light' | 'translucent' | 'geometry' | 'dark' | 'tron';

/** What a geometry layer is, for the theme's fill/stroke colours. */
export type ThemeRole =
  | 'study_existing'
  | 'study_proposed'
  | 'study_future'
  | 'surround'
  | 'landscaping'
  | 'ground_inner'
  | 'ground_outer'
  | 'terrain'
  | 'mitigation_v1'
  | 'mitigation_v2'
  | 'presentation_plane'
  | 'usage_plane'
  | 'overlay';

export type SceneLayerKind = 'geometry' | 'data' | 'volumetric' | 'arrows';

/** One drawable layer: a GLB in the results format (docs/results-format.md). */
export interface SceneLayer {
  /** Stable key: the asset id as a string, or a layer set's identifier. */
  id: string;
  kind: SceneLayerKind;
  /** Where the GLB is fetched from (an authorised API path); the scene calls ViewerCanvasProps.loadAsset with it. */
  url: string;
  visible: boolean;
  /** Geometry layers: the theme role that colours them. */
  role?: ThemeRole;
  /** Data and arrow layers: the scalar field to colour by (a field name of the GLB, e.g. "speedRatio"). */
  field?: string;
  /** Human label (already abbreviated for narrow places by the caller). */
  label?: string;
}

/**
 * Faces (and edges) to draw highlighted over the model: the offending triangles of a geometry
 * validation finding, already cut out of the uploaded file as a triangle soup.
 */
export interface FindingHighlight {
  /** Stable key: the finding's id (and ':related' for the other side of a two-asset finding). */
  id: string;
  /** xyz × 3 per triangle, site metres. */
  triangles: Float32Array;
  /** xyz × 2 per edge (open or non-manifold edges), site metres. */
  edges?: Float32Array;
  tone: 'error' | 'warning' | 'info' | 'related';
  /** The finding the user picked: drawn stronger than the others. */
  selected?: boolean;
}

/** Lines drawn over the model (a wind tunnel's edges, a study area's outline): neither picked nor part of fit. */
export interface SceneOutline {
  id: string;
  /** xyz × 2 per segment, site metres. */
  segments: Float32Array;
  /** #rrggbb */
  colour: string;
  /** A name drawn beside the outline (a zone's), facing the camera, at `labelAt` in site metres. */
  label?: { text: string; at: [number, number, number] };
}

/** A colour scale: continuous (interpolated stops) or discrete classes (comfort categories). */
export interface ColourScale {
  min: number;
  max: number;
  /** Colours as #rrggbb, spread evenly from min to max (continuous) or one per class (discrete). */
  colours: string[];
  discrete: boolean;
  /** Class labels for a discrete scale (same length as colours). */
  classLabels?: string[];
  unit?: string;
  /** Legend name from GET /api/color-legend/, when the scale came from one. */
  legendName?: string;
  /** The layer's human name (its legend's title, or the label table's), for legends and figures. */
  title?: string;
  /** Round values the legend marks along a continuous scale (within min–max). */
  ticks?: number[];
  /** The scene layer this scale colours (each data layer has its own). */
  layerId?: string;
  /** An arrow layer's scale: its legend shows a scale arrow (a full-length arrow is `max`, in `unit`). */
  glyph?: 'arrow';
}

export interface CameraState {
  position: [number, number, number];
  target: [number, number, number];
  up: [number, number, number];
  /** Vertical field of view in degrees (perspective). */
  fov: number;
}

/** The result of a ray query under the pointer or at a point of the canvas. */
export interface ProbeResult {
  point: [number, number, number];
  layerId: string;
  /** The data layer's value at the point (interpolated), when a data layer was hit. */
  value?: number;
  unit?: string;
}

/** Imperative access to a mounted viewer canvas (React ref). */
export interface ViewerHandle {
  fitToView(): void;
  getCamera(): CameraState;
  setCamera(camera: CameraState): void;
  /** Ray query at client (CSS pixel) coordinates; null when nothing is hit. */
  pick(clientX: number, clientY: number): ProbeResult | null;
  /** Projects a site point to CSS pixels relative to the canvas (for overlays: pins, drawings). */
  project(point: [number, number, number]): { x: number; y: number; visible: boolean } | null;
  /** PNG of the current frame (rendered on demand), with the legend drawn in when asked. */
  captureImage(options?: { withLegend?: boolean }): Promise<Blob>;
  /** The canvas element (for sizes and overlays). */
  canvas(): HTMLCanvasElement | null;
}

/**
 * Post-processing over the 3D view: ambient occlusion, an outline round the
 * hovered layer and the findings shown, and antialiasing. All off draws the scene straight, aliased.
 */
export interface ViewerEffects {
  ambientOcclusion: boolean;
  outline: boolean;
  antialias: boolean;
}

export interface ViewerCanvasProps {
  layers: SceneLayer[];
  /** The scale of the layer the panels follow: the legend drawn into screenshots. */
  colourScale: ColourScale | null;
  /**
   * Each data, volumetric and arrow layer's own scale, by layer id: two layers shown together are
   * each drawn with their own colours and range. A layer not listed uses `colourScale`.
   */
  layerScales?: Readonly<Record<string, ColourScale>>;
  /** A data or arrow layer's finite value span, once its file is read (for its default range). */
  onLayerRange?(layerId: string, range: [number, number]): void;
  theme: ThemeName;
  /** Fetches a layer's GLB bytes (the screen passes the API client's authorised fetch). */
  loadAsset(url: string): Promise<ArrayBuffer>;
  /** Initial or restored camera; changing it moves the camera. */
  camera?: CameraState;
  onCameraChange?(camera: CameraState): void;
  /** Value under the pointer (data panel); null when the pointer leaves the model. */
  onProbe?(probe: ProbeResult | null): void;
  /** Click on the model (pins, four-point plot). */
  onPick?(probe: ProbeResult): void;
  showNorthArrow?: boolean;
  /** Reference origin point of the site, drawn as a marker. */
  originPoint?: [number, number, number];
  /** Layer load failures (the screen shows SPEC §8's toast). */
  onLayerError?(layerId: string, message: string): void;
  /** Validation findings drawn over the model (not layers: not picked, not part of fit). */
  highlights?: readonly FindingHighlight[];
  /** Lines over the model (the scenario preview's wind tunnel and study area). */
  outlines?: readonly SceneOutline[];
  /** Post-processing effects; antialiasing alone when absent (the canvas has no multisampling of its own). */
  effects?: ViewerEffects;
}

/**
 * What the insights, images and reports modes need from the viewer screen: the canvas handle
 * and the current view state, and a way to restore a saved one. The viewer screen provides it.
 */
export interface ViewState {
  camera: CameraState;
  /** Visible layer ids, in draw order. */
  layers: string[];
  /** The layer-filter selections (SPEC §9's dimensions) by dimension name. */
  filters: Record<string, string | null>;
  colourScale: ColourScale | null;
  /** Every shown data layer's own scale, by layer id (a pin on another layer reads its own classes); not saved. */
  layerScales?: Readonly<Record<string, ColourScale>>;
  theme: ThemeName;
  simulationId: number | null;
}

export interface ViewerBridge {
  handle(): ViewerHandle | null;
  viewState(): ViewState;
  /** Applies a saved view (camera, layers, filters, colour scale, theme). */
  restore(view: ViewState): void;
}

/** Props every mode panel of the viewer (Insights, Images, Reports) receives from the viewer screen. */
export interface ViewerModeProps {
  projectId: number;
  studyId: number;
  configurationId: number;
  viewer: ViewerBridge;
}
