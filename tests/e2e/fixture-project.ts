/**
 * A project whose results are the labelled viewer TEST FIXTURES (tests/fixtures/viewer-results.ts),
 * built entirely over HTTP the way an external solver would deliver results: create a project,
 * upload STL geometry through the signed upload URL, create a CFD scenario (which Canopy does not
 * compute, so it waits for external results), upload the fixture GLBs and register them with
 * `POST /api/ingestassets/simulationresults`. Fast and deterministic, unlike the demo's engine run.
 */
import { viewerFixtureResults } from '../fixtures/viewer-results.ts';
import { readResultGlb, writeResultGlb } from '@canopy/engine/results/glb.ts';
import { writeBinaryStl } from '@canopy/engine/geometry/stl/writer.ts';

export interface FixtureProject {
  projectId: number;
  studyId: number;
  configurationId: number;
  simulationId: number;
  assets: Array<{ id: number; layer_type: string; metric: string | null; geometry_type: string | null; filename: string }>;
}

type Call = <T>(path: string, init?: { method?: string; body?: unknown }) => Promise<T>;

function caller(baseUrl: string, token: string): Call {
  return async <T>(path: string, init: { method?: string; body?: unknown } = {}) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

/** PUTs one file to the signed upload URL (Azure's contract) and returns the upload's id. */
async function upload(call: Call, projectId: number, filename: string, bytes: Uint8Array): Promise<number> {
  const grant = await call<{ container_url: string; uuid: string; sas_token: string }>(`/api/project/${projectId}/asset-upload-url`);
  const put = await fetch(`${grant.container_url}/${grant.uuid}/${filename}?${grant.sas_token}`, {
    method: 'PUT',
    headers: { 'x-ms-blob-type': 'BlockBlob' },
    body: Buffer.from(bytes),
  });
  if (put.status !== 201) throw new Error(`upload ${filename}: ${put.status} ${await put.text()}`);
  const page = await call<{ results: Array<{ id: number; filename: string }> }>(`/api/project/${projectId}/uploads?uuid=${grant.uuid}`);
  const found = page.results.find((u) => u.filename === filename);
  if (!found) throw new Error(`upload ${filename} is not listed`);
  return found.id;
}

/** A fixture GLB's triangles as a binary STL (the scenario's geometry files are STL). */
async function asStl(glb: Uint8Array, name: string): Promise<Uint8Array> {
  const mesh = await readResultGlb(glb);
  const indices = mesh.indices ?? Uint32Array.from({ length: mesh.positions.length / 3 }, (_, i) => i);
  const soup = new Float32Array(indices.length * 3);
  indices.forEach((v, i) => soup.set(mesh.positions.subarray(v * 3, v * 3 + 3), i * 3));
  return writeBinaryStl(soup, name);
}

export async function createFixtureProject(baseUrl: string, token: string, name: string): Promise<FixtureProject> {
  const call = caller(baseUrl, token);
  const project = await call<{ id: number }>('/api/project/', { method: 'POST', body: { name, location: 'Toronto, ON', latitude: 43.64, longitude: -79.38 } });
  const studyId = (await call<{ studies: Array<{ id: number }> }>(`/api/project/${project.id}/`)).studies[0]!.id;
  const layers = await viewerFixtureResults();
  const byFile = new Map(layers.map((l) => [l.asset.filename, l]));

  const study = await upload(call, project.id, 'study.stl', await asStl(byFile.get('study-proposed.glb')!.glb, 'study'));
  const ground = await upload(call, project.id, 'ground.stl', await asStl(byFile.get('ground.glb')!.glb, 'ground'));
  const plane = await upload(call, project.id, 'plane.stl', await asStl(byFile.get('speed-ratio.0.glb')!.glb, 'plane'));
  const configuration = await call<{ id: number }>(`/api/project/${project.id}/configuration/`, {
    method: 'POST',
    body: {
      name: 'Fixture CFD',
      engine: 'CFD',
      analyses: [{ analysis_type: 'pedestrian_wind_comfort', metrics: ['lawson-lddc'] }],
      geometry: { study: [study], ground: [ground], presentation_planes: [plane] },
      seasons: ['summer', 'winter'],
      times: ['07:00-23:00'],
      wind_directions: 8,
      terms_accepted: true,
    },
  });

  const results = [];
  for (const { asset, glb } of layers) {
    const uploadId = await upload(call, project.id, asset.filename, glb);
    // The registration names the file by its upload; absent fields are left out, not null.
    const fields = Object.entries(asset).filter(([key, value]) => key !== 'filename' && value !== null && value !== undefined);
    results.push({ upload_id: uploadId, ...Object.fromEntries(fields) });
  }
  const simulation = await call<{ id: number; assets: FixtureProject['assets'] }>('/api/ingestassets/simulationresults', {
    method: 'POST',
    body: { project_id: project.id, configuration_id: configuration.id, category: 'external-cfd', results },
  });
  return { projectId: project.id, studyId, configurationId: configuration.id, simulationId: simulation.id, assets: simulation.assets };
}

/**
 * A second scenario of the fixture project's study ("design option B"): the same geometry files,
 * and one fixture layer with every value changed by `change`, registered the same way. A
 * difference map between the two scenarios then has a known value at every point.
 */
export async function addFixtureScenario(
  baseUrl: string,
  token: string,
  projectId: number,
  name: string,
  layer: { filename: string; change: (value: number) => number },
): Promise<{ configurationId: number; simulationId: number }> {
  const call = caller(baseUrl, token);
  const layers = await viewerFixtureResults();
  const byFile = new Map(layers.map((l) => [l.asset.filename, l]));
  const study = await upload(call, projectId, 'study.stl', await asStl(byFile.get('study-proposed.glb')!.glb, 'study'));
  const ground = await upload(call, projectId, 'ground.stl', await asStl(byFile.get('ground.glb')!.glb, 'ground'));
  const plane = await upload(call, projectId, 'plane.stl', await asStl(byFile.get('speed-ratio.0.glb')!.glb, 'plane'));
  const configuration = await call<{ id: number }>(`/api/project/${projectId}/configuration/`, {
    method: 'POST',
    body: {
      name,
      engine: 'CFD',
      analyses: [{ analysis_type: 'pedestrian_wind_comfort', metrics: ['lawson-lddc'] }],
      geometry: { study: [study], ground: [ground], presentation_planes: [plane] },
      seasons: ['summer', 'winter'],
      times: ['07:00-23:00'],
      wind_directions: 8,
      terms_accepted: true,
    },
  });
  const source = byFile.get(layer.filename);
  if (!source) throw new Error(`no fixture layer ${layer.filename}`);
  const mesh = await readResultGlb(source.glb);
  const fields = Object.fromEntries(Object.entries(mesh.fields).map(([key, values]) => [key, values.map(layer.change)]));
  const glb = await writeResultGlb({ ...mesh, fields });
  const uploadId = await upload(call, projectId, layer.filename, glb);
  const registered = Object.entries(source.asset).filter(([key, value]) => key !== 'filename' && value !== null && value !== undefined);
  const simulation = await call<{ id: number }>('/api/ingestassets/simulationresults', {
    method: 'POST',
    body: {
      project_id: projectId,
      configuration_id: configuration.id,
      category: 'external-cfd',
      results: [{ upload_id: uploadId, ...Object.fromEntries(registered) }],
    },
  });
  return { configurationId: configuration.id, simulationId: simulation.id };
}
