/**
 * Insight categories and pin-type templates: reference data shipped with the code (like the
 * criteria and job types), so every install has the same keys and ids and an insight's `category`
 * or a pin type's `template_id` always resolves. Listed in docs/insights.md; ids are never reused.
 */
import type { InsightCategory, PinTypeTemplate } from '@canopy/contract/insights.ts';

export const INSIGHT_CATEGORIES: readonly InsightCategory[] = [
  {
    id: 1,
    key: 'pedestrian-wind-comfort',
    name: 'Pedestrian wind comfort',
    description: 'Comfort and safety at ground level, terraces and balconies.',
    sort_order: 0,
  },
  { id: 2, key: 'wind-safety', name: 'Wind safety', description: 'Locations exceeding a safety threshold and their causes.', sort_order: 1 },
  { id: 3, key: 'thermal-comfort', name: 'Thermal comfort', description: 'Outdoor thermal comfort (UTCI, SPMV*) by season and time of day.', sort_order: 2 },
  { id: 4, key: 'solar', name: 'Solar access', description: 'Sun hours, sun-lit share and shadow impact.', sort_order: 3 },
  { id: 5, key: 'wind-loads', name: 'Wind loads', description: 'Directional wind, façade pressures and structural loading.', sort_order: 4 },
  { id: 6, key: 'mitigation', name: 'Mitigation', description: 'Proposed measures (screens, canopies, landscaping) and their effect.', sort_order: 5 },
  { id: 7, key: 'general', name: 'General', description: 'Observations that fit no other category.', sort_order: 6 },
];

export const PIN_TYPE_TEMPLATES: readonly PinTypeTemplate[] = [
  { id: 1, key: 'observation', name: 'Observation', description: 'Something worth pointing out.', colour: '#1f6feb', icon: 'info', sort_order: 0 },
  {
    id: 2,
    key: 'concern',
    name: 'Concern',
    description: 'A location that fails the criterion or needs attention.',
    colour: '#d1242f',
    icon: 'warning',
    sort_order: 1,
  },
  { id: 3, key: 'mitigation', name: 'Mitigation', description: 'Where a mitigation measure is proposed.', colour: '#1a7f37', icon: 'shield', sort_order: 2 },
  {
    id: 4,
    key: 'entrance',
    name: 'Entrance',
    description: 'A building entrance (needs standing or sitting comfort).',
    colour: '#8250df',
    icon: 'door',
    sort_order: 3,
  },
  { id: 5, key: 'amenity', name: 'Amenity space', description: 'Terraces, seating, play areas.', colour: '#bf8700', icon: 'bench', sort_order: 4 },
  { id: 6, key: 'measurement', name: 'Measurement', description: 'A probed value at a point of the model.', colour: '#57606a', icon: 'ruler', sort_order: 5 },
];

export function categoryByKey(key: string): InsightCategory | undefined {
  return INSIGHT_CATEGORIES.find((c) => c.key === key);
}

export function pinTypeTemplate(id: number): PinTypeTemplate | undefined {
  return PIN_TYPE_TEMPLATES.find((t) => t.id === id);
}
