/**
 * The project resource map's list (SPEC §2): every file the project holds and the role it plays —
 * weather (an EPW a station was imported from), the map data the surroundings were generated from,
 * geometry for scenarios (STL/GLB; roles — ground, study, surrounds… — are chosen per scenario), or
 * other project files — plus the generated surroundings themselves.
 */
import { useContext, useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { selectListedUploads, selectListLoading } from '@machines/upload/upload.selectors.ts';
import { formatBytes } from '@machines/upload/file-rules.ts';
import type { MetSource, Surrounds } from '@machines/weather/weather.types.ts';
import type { StoredUpload } from '@machines/upload/upload.types.ts';
import { UploadLogicContext } from '../../ui/file-uploader/upload-logic-context.ts';
import * as css from './project-resources.css.ts';

export function roleOf(upload: StoredUpload, sources: readonly MetSource[], surrounds: Surrounds | null): string {
  if (surrounds?.source_upload_id === upload.id) return 'Surroundings source (map data in use)';
  if (sources.some((s) => s.upload_id === upload.id)) return 'Weather (imported station)';
  switch (upload.format) {
    case 'epw':
      return 'Weather file (not imported)';
    case 'osm-xml':
    case 'geojson':
      return 'Map data';
    case 'stl-binary':
    case 'stl-ascii':
      return 'Geometry (role chosen per scenario)';
    case 'glb':
      return 'Geometry or results';
    default:
      return 'Project file';
  }
}

export function ResourceList({ projectId, sources, surrounds }: { projectId: number; sources: MetSource[]; surrounds: Surrounds | null }) {
  const logic = useContext(UploadLogicContext);
  const list = useActorRef(logic.uploadList, { input: { projectId } });
  const files = useSelector(list, selectListedUploads);
  const loading = useSelector(list, selectListLoading);
  // New stations and surroundings arrive from uploads: refresh the list when either changes.
  useEffect(() => list.send({ type: 'list.reload' }), [list, sources.length, surrounds?.id, surrounds?.created_at]);

  return (
    <div className={css.card} role="group" aria-label="Project resources">
      <h3 className={css.subTitle}>Files and their roles</h3>
      {loading && files.length === 0 ? <p className={css.muted}>Loading files…</p> : null}
      <table className={css.table} aria-label="Project resources">
        <thead>
          <tr>
            <th className={css.headCell}>File</th>
            <th className={css.headCell}>Role</th>
            <th className={css.headCell}>Size</th>
          </tr>
        </thead>
        <tbody>
          {surrounds ? (
            <tr>
              <td className={css.cell}>surrounds.glb (generated)</td>
              <td className={css.cell}>Surroundings: {surrounds.building_count} buildings + ground</td>
              <td className={css.cell}>{surrounds.triangle_count} triangles</td>
            </tr>
          ) : null}
          {files.map((file) => (
            <tr key={file.id}>
              <td className={css.cell}>{file.filename}</td>
              <td className={css.cell}>{roleOf(file, sources, surrounds)}</td>
              <td className={css.cell}>{formatBytes(file.size)}</td>
            </tr>
          ))}
          {!surrounds && files.length === 0 && !loading ? (
            <tr>
              <td className={css.cell} colSpan={3}>
                No files yet.
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
