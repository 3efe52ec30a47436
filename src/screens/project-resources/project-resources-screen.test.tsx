/**
 * The resources tab with fake services: an EPW uploaded through the shared uploader becomes a
 * station whose wind rose, monthly charts and coverage are drawn; a failed fetch shows SPEC §8's
 * message; an OSM upload becomes buildings on the site map.
 */
import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SendInput, SenderEvent, StoredUpload } from '@machines/upload/upload.types.ts';
import { fetchResult, metSource, projectSurrounds, SPEC_MET_FAILURE, summary, surrounds } from '@machines/weather/fixtures.ts';
import type { MetSource } from '@machines/weather/weather.types.ts';
import type { SummaryRequest } from '@machines/weather/weather-summary.machine.ts';
import type { GenerateRequest } from '@machines/weather/site.machine.ts';
import type { ServerError } from '@machines/shared/actors.ts';
import { ToastContext } from '../../app/contexts.ts';
import { PermissionsContext } from '../../app/permissions-context.ts';
import { bindPermissionsLogic } from '../../services/permissions-services.ts';
import { bindUploadLogic, type UploadServices } from '../../services/upload-services.ts';
import { bindResourcesLogic, type ResourcesServices } from '../../services/weather-services.ts';
import { UploadLogicContext } from '../../ui/file-uploader/upload-logic-context.ts';
import { ResourcesLogicContext } from './resources-logic-context.ts';
import { ProjectResourcesScreen } from './project-resources-screen.tsx';
import { describeRose } from './wind-rose-chart.tsx';

const stored = (id: number, filename: string, format: string): StoredUpload => ({
  id,
  uuid: `u${id}`,
  filename,
  size: 1000,
  content_type: 'text/plain',
  format,
  uploaded_at: '2026-02-03T10:00:00Z',
  download_url: `/api/project/5/uploads/${id}/download/`,
});

/** Who may change project 5 and fetch its weather, unless `held` says otherwise. */
const EDITOR = ['projects.change_project', 'projects.fetch-MET-manually'];

function setup(overrides: Partial<ResourcesServices> = {}, held: string[] = EDITOR) {
  const files: StoredUpload[] = [];
  const senders: Array<{ input: SendInput; report: (e: SenderEvent) => void }> = [];
  let nextId = 30;
  const uploadServices: UploadServices = {
    requestUploadUrl: async () => ({ container_url: '/blobs/project-assets', uuid: `u${nextId}`, sas_token: 'sig=x' }),
    findUpload: async (input) => {
      const record = stored(++nextId, input.blobName, input.blobName.endsWith('.epw') ? 'epw' : 'osm-xml');
      files.unshift(record);
      return record;
    },
    listUploads: async () => [...files],
    send: (input, report) => {
      senders.push({ input, report });
      return () => {};
    },
  };
  const calls: string[] = [];
  const sources: MetSource[] = [];
  const services: ResourcesServices = {
    listSources: async () => [...sources],
    addMetSource: async (_projectId, uploadId) => {
      calls.push(`add ${uploadId}`);
      const source = metSource(1, { upload_id: uploadId, name: 'Chicago Ohare Intl Ap, IL, USA' });
      sources.push(source);
      return source;
    },
    fetchMetData: async () => fetchResult(metSource(2, { origin: 'library', distance_km: 27.4 })),
    loadSummary: async (r: SummaryRequest) => {
      calls.push(`summary ${r.metId} ${r.season} ${r.time}`);
      return summary(r.metId, r.season, r.time);
    },
    downloadCsv: async () => 'timestamp\n',
    loadSurrounds: async () => projectSurrounds(null, [41.88, -87.63]),
    generateSurrounds: async (r: GenerateRequest) => {
      calls.push(`generate ${r.upload_id} r=${r.radius_m}`);
      return surrounds({
        source_upload_id: r.upload_id,
        radius_m: r.radius_m!,
        building_count: 2,
        footprints: [...surrounds().footprints, { ...surrounds().footprints[0]!, height_m: 45, height_source: 'height', name: 'Tower' }],
      });
    },
    fetchOsmSurrounds: async (r) => {
      calls.push(`fetch osm r=${r.radius_m}`);
      return surrounds({ source_upload_id: null, source_format: 'overpass', radius_m: r.radius_m, building_count: 1 });
    },
    ...overrides,
  };
  render(
    <PermissionsContext.Provider logic={bindPermissionsLogic(async () => ({ global: [], projects: { '5': held } }))}>
      <UploadLogicContext.Provider value={bindUploadLogic(uploadServices)}>
        <ResourcesLogicContext.Provider value={bindResourcesLogic(services)}>
          <ToastContext.Provider>
            <ProjectResourcesScreen projectId={5} />
          </ToastContext.Provider>
        </ResourcesLogicContext.Provider>
      </UploadLogicContext.Provider>
    </PermissionsContext.Provider>,
  );
  return { senders, calls };
}

describe('the resources tab', () => {
  it('imports an uploaded EPW and draws its wind rose, monthly charts and coverage; filters reload', async () => {
    const { senders, calls } = setup();
    expect(await screen.findByText(/This project has no weather yet/)).toBeInTheDocument();
    const [epwInput] = await screen.findAllByTestId('file-input');
    await userEvent.upload(epwInput!, new File(['LOCATION,Chicago'], 'chicago.epw'));
    await waitFor(() => expect(senders).toHaveLength(1));
    act(() => senders[0]!.report({ type: 'upload.sent' }));
    const stations = await screen.findByRole('list', { name: 'Weather stations' });
    expect(within(stations).getByText('Chicago Ohare Intl Ap, IL, USA')).toBeInTheDocument();
    const rose = await screen.findByTestId('wind-rose');
    expect(rose).toHaveAttribute('role', 'img');
    expect(rose.getAttribute('aria-label')).toBe(describeRose(summary('x').wind_rose));
    expect(rose.querySelectorAll('[data-sector]')).toHaveLength(16);
    expect(screen.getByTestId('temperature-chart')).toBeInTheDocument();
    expect(screen.getByTestId('coverage-chart').getAttribute('aria-label')).toContain('100.0 % of 8760 hours complete');
    expect(calls).toEqual(['add 31', `summary ${metSource(1).met_id} all 00:00-24:00`]);

    await userEvent.selectOptions(screen.getByLabelText('Season'), 'winter');
    await userEvent.selectOptions(screen.getByLabelText('Time of day'), '07:00-19:00');
    await waitFor(() => expect(calls.at(-1)).toBe(`summary ${metSource(1).met_id} winter 07:00-19:00`));
  });

  it('shows a project the user may only read (the demo) without ways to add weather or surroundings the server would refuse', async () => {
    const { calls } = setup({}, []);
    expect(
      await screen.findByText('This project has no weather station of its own: its scenarios use the library station nearest the site.'),
    ).toBeInTheDocument();
    expect(screen.getByText('You can view this project’s resources but not change them.')).toBeInTheDocument();
    expect(await screen.findByTestId('site-map')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fetch nearest station' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fetch the buildings from OpenStreetMap' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set origin' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('file-input')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('offers the upload but not the fetch to whoever may change the project without fetching weather', async () => {
    setup({}, ['projects.change_project']);
    expect(await screen.findByText(/This project has no weather yet/)).toBeInTheDocument();
    expect(await screen.findAllByTestId('file-input')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Fetch nearest station' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fetch the buildings from OpenStreetMap' })).toBeInTheDocument();
  });

  it("shows SPEC §8's message and the reason when fetching the nearest station fails", async () => {
    const failure: ServerError = {
      kind: 'http',
      status: 503,
      detail: SPEC_MET_FAILURE,
      fields: {},
      body: { detail: SPEC_MET_FAILURE, reason: 'no suitable station within 1000 km', skipped: [] },
    };
    setup({ fetchMetData: async () => Promise.reject(failure) });
    await userEvent.click(await screen.findByRole('button', { name: 'Fetch nearest station' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SPEC_MET_FAILURE);
    expect(alert).toHaveTextContent('Reason: no suitable station within 1000 km.');
  });

  it('says "no weather near here" in words when nothing suitable is near the site: what was looked at, how far, why, and what to do', async () => {
    const body = {
      detail: 'No suitable weather was found near this project’s site.',
      reason: 'no suitable station within 1000 km',
      retryable: false,
      online_provider: 'PVGIS (EU JRC)',
      skipped: [
        {
          name: 'PVGIS (EU JRC) typical year',
          wmo: '',
          distance_km: 0,
          reason: 'PVGIS (EU JRC) has no data for this site: Location over the sea. Please, select another location',
        },
        { name: 'Chicago Ohare Intl Ap, IL, USA', wmo: '725300', distance_km: 6420.5, reason: 'farther than the 1000 km a station may be from the site' },
      ],
    };
    const failure: ServerError = { kind: 'http', status: 422, detail: body.detail, fields: {}, body };
    setup({ fetchMetData: async () => Promise.reject(failure) });
    await userEvent.click(await screen.findByRole('button', { name: 'Fetch nearest station' }));
    const notice = await screen.findByRole('region', { name: 'No weather near here' });
    // A finding, not an error: no alert, and no retry text.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(notice).not.toHaveTextContent(/try again/i);
    expect(notice).toHaveTextContent('Nothing near this site is suitable weather, and fetching again will not change that.');
    const looked = within(notice).getByRole('list', { name: 'Weather looked at and passed over' });
    expect(
      within(looked)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'PVGIS (EU JRC) typical year, at the site: PVGIS (EU JRC) has no data for this site: Location over the sea. Please, select another location.',
      'Chicago Ohare Intl Ap, IL, USA (WMO 725300), 6,420.5 km away: farther than the 1000 km a station may be from the site.',
    ]);
    const offers = within(notice).getByRole('list', { name: 'Other ways to get weather' });
    expect(offers).toHaveTextContent('Upload an EPW weather file for the site in the box below');
    expect(offers).toHaveTextContent('PVGIS (EU JRC) gives a typical year for any point on land');
  });

  it('says what an administrator can do when the online provider is switched off', async () => {
    const body = {
      detail: 'No suitable weather was found near this project’s site.',
      reason: 'no suitable station within 1000 km',
      retryable: false,
      online_provider: null,
      skipped: [],
    };
    setup({ fetchMetData: async () => Promise.reject({ kind: 'http', status: 422, detail: body.detail, fields: {}, body } satisfies ServerError) });
    await userEvent.click(await screen.findByRole('button', { name: 'Fetch nearest station' }));
    const notice = await screen.findByRole('region', { name: 'No weather near here' });
    expect(within(notice).getByRole('list', { name: 'Other ways to get weather' })).toHaveTextContent(
      'The online weather provider (PVGIS, for any point on land) is switched off on this server. An administrator can turn it on (WEATHER_PVGIS_URL)',
    );
  });

  it('shows a station from the online provider with its distance and where its data come from', async () => {
    const source = 'PVGIS typical year (EU JRC, ISO 15927-4); wind from ERA5 reanalysis at 10 m; PVGIS © European Union';
    setup({
      fetchMetData: async () => ({
        ...fetchResult(metSource(4, { origin: 'provider', wmo: '', distance_km: 0, name: 'PVGIS typical year at 51.507° N, 0.128° W', source })),
        provider: 'pvgis',
        skipped: [],
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Fetch nearest station' }));
    const stations = await screen.findByRole('list', { name: 'Weather stations' });
    const item = within(stations).getByText('PVGIS typical year at 51.507° N, 0.128° W').closest('li')!;
    expect(item).toHaveTextContent('online provider · 0 km from the project');
    expect(item).toHaveTextContent(`Source: ${source}`);
    expect(item).not.toHaveTextContent('WMO');
  });

  it('shows a fetched station with its distance', async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Fetch nearest station' }));
    const stations = await screen.findByRole('list', { name: 'Weather stations' });
    expect(within(stations).getByText(/27\.4 km from the project/)).toBeInTheDocument();
    expect(await screen.findByText(/Nearer stations passed over \(1\)/)).toBeInTheDocument();
  });

  it('says the surroundings asked for at creation were not fetched, and why, until fetching again makes them', async () => {
    const why =
      'The surroundings could not be fetched from OpenStreetMap: The OpenStreetMap server (overpass-api.de) could not be reached. Fetch them again from the Surroundings panel in Resources, or upload an .osm extract of the area there.';
    setup({ loadSurrounds: async () => projectSurrounds(null, [51.5, -0.12], why) });
    const note = await screen.findByRole('note', { name: 'Surroundings not fetched' });
    expect(note).toHaveTextContent(why);
    await userEvent.click(screen.getByRole('button', { name: 'Fetch the buildings from OpenStreetMap' }));
    await waitFor(() => expect(screen.queryByRole('note', { name: 'Surroundings not fetched' })).not.toBeInTheDocument());
    expect(screen.getByText(/1 buildings within 300 m/)).toBeInTheDocument();
  });

  it('turns an uploaded OSM extract into buildings on the site map', async () => {
    const { senders, calls } = setup();
    const map = await screen.findByTestId('site-map');
    expect(map.getAttribute('aria-label')).toContain('no surrounding buildings yet');
    await userEvent.selectOptions(screen.getByLabelText('Radius'), '500');
    const [, osmInput] = screen.getAllByTestId('file-input');
    await userEvent.upload(osmInput!, new File(['<osm/>'], 'site.osm'));
    await waitFor(() => expect(senders).toHaveLength(1));
    act(() => senders[0]!.report({ type: 'upload.sent' }));
    await waitFor(() => expect(screen.getAllByTestId('site-building')).toHaveLength(2));
    expect(calls).toContain('generate 31 r=500');
    expect(screen.getByTestId('site-map').getAttribute('aria-label')).toBe('Site map: 2 surrounding buildings within 500 m, the tallest 45 m.');
    const resources = screen.getByRole('table', { name: 'Project resources' });
    await waitFor(() => expect(within(resources).getByText('Surroundings source (map data in use)')).toBeInTheDocument());
  });
});
