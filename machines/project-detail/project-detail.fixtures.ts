/** Test data for the project detail and settings machines and screens. */
import type { Project } from './project-detail.types.ts';

export function fullProject(id: number, extra: Partial<Project> = {}): Project {
  return {
    id,
    name: `Harbour Tower ${id}`,
    location: 'Toronto, ON',
    latitude: 43.6426,
    longitude: -79.3871,
    reference_id: `NW-${id}`,
    company_id: 1,
    is_demo: false,
    is_favorite: false,
    fetch_met: false,
    met_error: null,
    surrounds_error: null,
    generate_surrounds: false,
    created: '2025-03-01T12:00:00Z',
    updated: '2025-03-02T12:00:00Z',
    studies: [
      {
        id: id * 10,
        name: 'Study 1',
        created: '2025-03-01T12:00:00Z',
        insights: [],
        study_images: [],
        reports: [],
        simulation_labels: [],
        IsRWDIProject: false,
        reviewed_by: null,
      },
    ],
    met_sources: [],
    parameter_sets: [],
    project_files: [],
    surrounds: null,
    created_by: { id: 1, username: 'ada', name: 'Ada Smith' },
    can_change: true,
    ...extra,
  };
}
