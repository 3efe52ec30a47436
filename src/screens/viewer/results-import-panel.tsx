/**
 * Results import (viewer Settings mode): GLB, STL and CSV points uploaded through the
 * shared uploader, then appended to the selected simulation (PUT /api/ingestassets/appendresults);
 * CSV points are interpolated onto the chosen presentation plane. The server's answer names the
 * file and the problem; the imported files are listed, with the simulation's ingested results.
 */
import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { Asset, Simulation } from '@canopy/contract/viewer.ts';
import { DEFAULT_MAX_BYTES } from '@machines/upload/file-rules.ts';
import type { ImportKind } from '@machines/viewer/results-import.machine.ts';
import { extensionOf } from '@machines/viewer/results-import.machine.ts';
import { describeAsset } from './scene-layers.ts';
import { FileUploader } from '../../ui/file-uploader/file-uploader.tsx';
import { useUploads } from '../../ui/file-uploader/use-uploads.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import type { ViewerLogic } from '../../services/viewer-services.ts';
import { simulationLabel } from './layer-panel.tsx';
import * as css from './viewer.css.ts';

const RULES = { maxBytes: DEFAULT_MAX_BYTES, accept: ['.glb', '.stl', '.csv'] };

/** Results that came in by ingestion (their metadata has no engine job). */
const isIngested = (asset: Asset) => {
  const m = asset.metadata as Record<string, unknown>;
  return !!m.provenance && !m.job;
};

export interface ResultsImportPanelProps {
  logic: ViewerLogic;
  projectId: number;
  simulation: Simulation | null;
  /** Presentation planes of the project's simulations, for CSV points. */
  planes: readonly Asset[];
  planeId: number | null;
  onPlane(id: number | null): void;
  onImported(simulation: Simulation): void;
}

export function ResultsImportPanel({ logic, projectId, simulation, planes, planeId, onPlane, onImported }: ResultsImportPanelProps) {
  const uploads = useUploads();
  const importer = useActorRef(logic.resultsImport, { input: { projectId } });
  const pending = useSelector(importer, (s) => s.context.pending);
  const appended = useSelector(importer, (s) => s.context.appended);
  const error = useSelector(importer, (s) => s.context.error);
  const importing = useSelector(importer, (s) => s.matches('importing'));
  useEffect(() => {
    const sub = uploads.on('upload.done', (event) => importer.send({ type: 'file.uploaded', uploadId: event.upload.id, filename: event.upload.filename }));
    return () => sub.unsubscribe();
  }, [uploads, importer]);
  useEffect(() => {
    const sub = importer.on('imported', (event) => onImported(event.simulation));
    return () => sub.unsubscribe();
  }, [importer, onImported]);
  const hasCsv = pending.some((f) => extensionOf(f.filename) === 'csv');
  const ingested = (simulation?.assets ?? []).filter(isIngested);

  return (
    <section className={css.section} aria-label="Results import">
      <h3 className={css.sectionTitle}>Import results</h3>
      <p className={css.muted}>
        {simulation ? `Into ${simulationLabel(simulation)}. ` : 'Select a simulation first. '}GLB results (docs/results-format.md), STL geometry, or CSV points
        (x,y,z,value).
      </p>
      <FileUploader uploads={uploads} target={{ projectId, kind: 'asset' }} rules={RULES} label="Drop GLB, STL or CSV result files here" />
      {pending.length ? (
        <ul className={css.list} aria-label="Files to import">
          {pending.map((file) => (
            <li key={file.uploadId} className={css.section}>
              <div className={css.layerRow}>
                <strong className={css.grow}>{file.filename}</strong>
                <Button
                  size="sm"
                  tone="ghost"
                  aria-label={`Leave out ${file.filename}`}
                  onClick={() => importer.send({ type: 'file.remove', uploadId: file.uploadId })}
                >
                  Leave out
                </Button>
              </div>
              <div className={css.row}>
                {extensionOf(file.filename) === 'glb' ? (
                  <SelectField
                    id={`import-kind-${file.uploadId}`}
                    label="Layer"
                    value={file.kind}
                    onValueChange={(v) => importer.send({ type: 'file.set', uploadId: file.uploadId, changes: { kind: v as ImportKind } })}
                    options={[
                      { value: 'data', label: 'Data' },
                      { value: 'geometry', label: 'Geometry' },
                    ]}
                  />
                ) : null}
                {extensionOf(file.filename) !== 'stl' ? (
                  <label>
                    <span className={css.muted}>Metric</span>
                    <input
                      id={`import-metric-${file.uploadId}`}
                      value={file.metric}
                      onChange={(e) => importer.send({ type: 'file.set', uploadId: file.uploadId, changes: { metric: e.target.value } })}
                    />
                  </label>
                ) : null}
                {extensionOf(file.filename) === 'csv' ? (
                  <label>
                    <span className={css.muted}>Units</span>
                    <input
                      id={`import-units-${file.uploadId}`}
                      value={file.units}
                      onChange={(e) => importer.send({ type: 'file.set', uploadId: file.uploadId, changes: { units: e.target.value } })}
                    />
                  </label>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {hasCsv ? (
        <SelectField
          id="import-plane"
          label="Presentation plane for CSV points"
          value={planeId === null ? '' : String(planeId)}
          placeholder="Choose a plane…"
          onValueChange={(v) => onPlane(v ? Number(v) : null)}
          options={planes.map((p) => ({ value: String(p.id), label: `${describeAsset(p)} (#${p.id})` }))}
        />
      ) : null}
      {error ? (
        <p className={css.alert} role="alert">
          {error}
        </p>
      ) : null}
      <Button
        tone="primary"
        disabled={importing || pending.length === 0}
        onClick={() => importer.send({ type: 'import', simulationId: simulation?.id ?? null, planeAssetId: planeId })}
      >
        {importing ? 'Importing…' : `Import ${pending.length || ''} file${pending.length === 1 ? '' : 's'}`.replace('  ', ' ')}
      </Button>
      <section className={css.section} aria-label="Appended results">
        <h3 className={css.sectionTitle}>Appended results</h3>
        {appended.length === 0 && ingested.length === 0 ? <p className={css.muted}>No results imported into this simulation yet.</p> : null}
        <ul className={css.list}>
          {ingested.map((asset) => (
            <li key={asset.id} className={css.layerRow}>
              <span className={css.grow}>{asset.filename}</span>
              <span className={css.muted}>{describeAsset(asset)}</span>
            </li>
          ))}
          {appended
            .filter((name) => !ingested.some((a) => a.filename === name || a.filename === name.replace(/\.(stl|csv)$/i, '.glb')))
            .map((name) => (
              <li key={name} className={css.layerRow}>
                {name}
              </li>
            ))}
        </ul>
      </section>
      {planes.length === 0 && hasCsv ? <p className={css.muted}>This scenario has no presentation plane to put CSV points on.</p> : null}
    </section>
  );
}
