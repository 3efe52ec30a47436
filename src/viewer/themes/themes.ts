/**
 * Viewer themes (SPEC §3): for the background and every geometry role, a fill colour, a stroke
 * (edge) colour and their opacities, plus the icon the theme picker shows. The second viewer of a
 * split view picks its own. 'tron' is the hidden 1980s computer-film style: black space, faint
 * dark-blue solids and glowing cyan edges (the screen unlocks it with a keyboard sequence).
 */
import type { ThemeName, ThemeRole } from '../contracts.ts';

export interface RoleStyle {
  /** #rrggbb */
  fill: string;
  /** 0 (invisible) to 1 (opaque). */
  fillOpacity: number;
  /** Edge lines; null draws no edges. */
  stroke: string | null;
  strokeOpacity: number;
}

export interface ViewerTheme {
  name: ThemeName;
  label: string;
  /** Icon name for the theme picker (the screen maps it to its icon set). */
  icon: string;
  /** Not listed in the picker until unlocked. */
  hidden: boolean;
  background: { fill: string; opacity: number };
  roles: Record<ThemeRole, RoleStyle>;
  /** Opacity of data layers (results drawn on presentation planes). */
  dataOpacity: number;
  /** Strength of the scene lights (0 = flat unlit colours). */
  lighting: number;
  /** Edges drawn additively so they read as glowing lines. */
  glowEdges: boolean;
}

export const THEME_ROLES: readonly ThemeRole[] = [
  'study_existing',
  'study_proposed',
  'study_future',
  'surround',
  'landscaping',
  'ground_inner',
  'ground_outer',
  'terrain',
  'mitigation_v1',
  'mitigation_v2',
  'presentation_plane',
  'usage_plane',
  'overlay',
];

const style = (fill: string, fillOpacity: number, stroke: string | null = null, strokeOpacity = 1): RoleStyle => ({ fill, fillOpacity, stroke, strokeOpacity });

const defaultRoles: Record<ThemeRole, RoleStyle> = {
  study_existing: style('#b8b8b8', 1, '#5a5a5a', 0.6),
  study_proposed: style('#e9e4d8', 1, '#6b6455', 0.7),
  study_future: style('#c9d6e8', 0.85, '#4d6483', 0.7),
  surround: style('#d4d4d4', 1, '#8a8a8a', 0.5),
  landscaping: style('#8fbf7f', 1, '#5f8a52', 0.4),
  ground_inner: style('#cfcbbf', 1),
  ground_outer: style('#e2dfd6', 1),
  terrain: style('#c7c1ad', 1, '#9b947c', 0.3),
  mitigation_v1: style('#6aaed6', 0.9, '#2b6a94', 0.8),
  mitigation_v2: style('#9e9ac8', 0.9, '#5e57a0', 0.8),
  presentation_plane: style('#f0f0f0', 0.5, '#a0a0a0', 0.5),
  usage_plane: style('#f4d58d', 0.5, '#b89a4e', 0.6),
  overlay: style('#ff7f0e', 0.8, '#b35806', 1),
};

const withRoles = (base: Record<ThemeRole, RoleStyle>, changes: Partial<Record<ThemeRole, Partial<RoleStyle>>>): Record<ThemeRole, RoleStyle> =>
  Object.fromEntries(THEME_ROLES.map((role) => [role, { ...base[role], ...changes[role] }])) as Record<ThemeRole, RoleStyle>;

export const THEMES: Record<ThemeName, ViewerTheme> = {
  default: {
    name: 'default',
    label: 'Default',
    icon: 'cube',
    hidden: false,
    background: { fill: '#dfe6ec', opacity: 1 },
    roles: defaultRoles,
    dataOpacity: 1,
    lighting: 1,
    glowEdges: false,
  },
  light: {
    name: 'light',
    label: 'Light',
    icon: 'sun',
    hidden: false,
    background: { fill: '#ffffff', opacity: 1 },
    roles: withRoles(defaultRoles, {
      study_existing: { fill: '#f2f2f2', stroke: '#9a9a9a' },
      study_proposed: { fill: '#ffffff', stroke: '#808080' },
      surround: { fill: '#f7f7f7', stroke: '#b0b0b0' },
      ground_inner: { fill: '#f0eee8' },
      ground_outer: { fill: '#f8f7f3' },
    }),
    dataOpacity: 1,
    lighting: 1.1,
    glowEdges: false,
  },
  translucent: {
    name: 'translucent',
    label: 'Translucent',
    icon: 'layers',
    hidden: false,
    background: { fill: '#eef2f5', opacity: 1 },
    roles: withRoles(defaultRoles, {
      study_existing: { fillOpacity: 0.35 },
      study_proposed: { fillOpacity: 0.35 },
      study_future: { fillOpacity: 0.3 },
      surround: { fillOpacity: 0.25 },
      landscaping: { fillOpacity: 0.4 },
      terrain: { fillOpacity: 0.5 },
      mitigation_v1: { fillOpacity: 0.4 },
      mitigation_v2: { fillOpacity: 0.4 },
    }),
    dataOpacity: 1,
    lighting: 1,
    glowEdges: false,
  },
  geometry: {
    name: 'geometry',
    label: 'Geometry',
    icon: 'box-outline',
    hidden: false,
    background: { fill: '#ffffff', opacity: 1 },
    roles: withRoles(
      defaultRoles,
      Object.fromEntries(THEME_ROLES.map((role) => [role, { fill: '#ffffff', fillOpacity: 1, stroke: '#222222', strokeOpacity: 1 }])),
    ),
    dataOpacity: 1,
    lighting: 0.6,
    glowEdges: false,
  },
  dark: {
    name: 'dark',
    label: 'Dark',
    icon: 'moon',
    hidden: false,
    background: { fill: '#1b1f24', opacity: 1 },
    roles: withRoles(defaultRoles, {
      study_existing: { fill: '#4a4f57', stroke: '#8a919c' },
      study_proposed: { fill: '#6b717b', stroke: '#b5bcc7' },
      study_future: { fill: '#3d5270', stroke: '#7f9bc2' },
      surround: { fill: '#3a3e44', stroke: '#6a7079' },
      landscaping: { fill: '#2f5130', stroke: '#4f7a50' },
      ground_inner: { fill: '#2a2d31' },
      ground_outer: { fill: '#232629' },
      terrain: { fill: '#34332e', stroke: '#55534a' },
      presentation_plane: { fill: '#555a61', stroke: '#7a8089' },
      usage_plane: { fill: '#6d5c2e', stroke: '#a38a45' },
    }),
    dataOpacity: 1,
    lighting: 0.9,
    glowEdges: false,
  },
  tron: {
    name: 'tron',
    label: 'Grid',
    icon: 'grid',
    hidden: true,
    background: { fill: '#000000', opacity: 1 },
    roles: withRoles(
      defaultRoles,
      Object.fromEntries(THEME_ROLES.map((role) => [role, { fill: '#001018', fillOpacity: 0.85, stroke: '#00e5ff', strokeOpacity: 1 }])),
    ),
    dataOpacity: 0.9,
    lighting: 0.3,
    glowEdges: true,
  },
};

export const THEME_NAMES = Object.keys(THEMES) as ThemeName[];

export function themeFor(name: ThemeName): ViewerTheme {
  return THEMES[name] ?? THEMES.default;
}
