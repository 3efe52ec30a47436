/** The import's allow-list decides every column of every table the archive carries, and no other. */
import { describe, expect, it } from 'vitest';
import { ALLOW_LIST } from './allow-list.ts';
import { TABLES, columnsOf } from './tables.ts';

describe('the import allow-list', () => {
  it('has exactly one rule for each column of each table an archive carries', () => {
    for (const spec of TABLES) {
      const columns = columnsOf(spec).map(({ column }) => column.name);
      expect({ table: spec.name, columns: Object.keys(ALLOW_LIST[spec.name]).sort() }).toEqual({ table: spec.name, columns: [...columns].sort() });
    }
    expect(Object.keys(ALLOW_LIST).sort()).toEqual(TABLES.map((s) => s.name).sort());
  });

  it('never reads what the server decides: ownership, demo flag, job links, subscription links', () => {
    expect(ALLOW_LIST.projects).toMatchObject({ company_id: 'server', created_by: 'server', is_demo: 'server', met_error: 'server' });
    expect(ALLOW_LIST.geometry_validations.job_id).toBe('ref');
    expect(TABLES.find((s) => s.name === 'geometry_validations')!.refs.jobId).toBe('drop');
    expect(TABLES.find((s) => s.name === 'scenario_approvals')!.refs).toMatchObject({ subscriptionId: 'drop', usageId: 'drop' });
  });
});
