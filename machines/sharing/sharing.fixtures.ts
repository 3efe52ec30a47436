/** Test data for the sharing machines and screens. */
import type { Notification, ProjectShare } from '@canopy/contract/sharing.ts';

export function share(id: number, extra: Partial<ProjectShare> = {}): ProjectShare {
  return {
    id,
    project_id: 100 + id,
    project_name: `Tower ${id}`,
    user: { id: 2, username: 'bea', name: 'Bea', email: 'bea@example.test', company_name: null },
    share_status: 'pending',
    access_level: 'view',
    shared_by: { id: 1, username: 'ada', name: 'Ada Lovelace' },
    created: '2025-01-01T00:00:00Z',
    updated: '2025-01-01T00:00:00Z',
    ...extra,
  };
}

export function notification(id: number): Notification {
  return {
    id,
    kind: 'project_shared',
    message: `Ada shared Tower ${id} with you`,
    project_id: 100 + id,
    project_share_id: id,
    actor: { id: 1, username: 'ada', name: 'Ada Lovelace' },
    created: '2025-01-01T00:00:00Z',
  };
}
