/** Test data for the project list machines. */
import type { ProjectSummary } from './project-list.types.ts';

export function project(id: number, extra: Partial<ProjectSummary> = {}): ProjectSummary {
  return {
    id,
    name: `Project ${id}`,
    location: 'Toronto',
    latitude: 43.65,
    longitude: -79.38,
    reference_id: `REF-${id}`,
    company_id: 1,
    is_demo: false,
    is_favorite: false,
    fetch_met: false,
    met_error: null,
    surrounds_error: null,
    generate_surrounds: false,
    created: '2025-01-01T00:00:00Z',
    updated: '2025-01-01T00:00:00Z',
    studies: [{ id: id * 10, name: 'Study 1' }],
    ...extra,
  };
}
