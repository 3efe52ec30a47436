/** The share UI and the public page, by role and text, over in-memory fake share-link services. */
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Insight, Report } from '@canopy/contract/insights.ts';
import type { SharedContent, SharedLinkInfo, ShareLink } from '@canopy/contract/share-links.ts';
import type { ServerError } from '@machines/shared/actors.ts';
import type { ShareTarget } from '@machines/share-links/share-links.machine.ts';
import { ShareLinksServicesContext, type ShareLinksServices } from '../../services/share-links-services.ts';
import { ShareLinksPanel } from './share-links-panel.tsx';
import { SharedPage } from './shared-page.tsx';
import { serialiseSceneView } from '../../insights/scene-view-json.ts';
import { asset } from '../viewer/viewer-test-kit.tsx';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const fieldError = (field: string, message: string): ServerError => ({ kind: 'http', status: 400, detail: null, fields: { [field]: [message] }, body: null });
const notFound: ServerError = { kind: 'http', status: 404, detail: 'Not found.', fields: {}, body: null };

function fakeServices(links: ShareLink[] = []) {
  const calls: string[] = [];
  let next = 100;
  const services: ShareLinksServices = {
    list: async (target: ShareTarget) => {
      calls.push(`list ${target.kind} ${target.id}`);
      return links;
    },
    create: async (target, link) => {
      calls.push(`create ${target.kind} ${target.id} ${link.expiresAt} ${link.password ?? '-'} ${link.frameAncestors.join(' ') || '-'}`);
      if (link.password && link.password.length < 8) throw fieldError('password', 'Ensure this field has at least 8 characters.');
      const id = next++;
      const made: ShareLink = {
        id,
        study_id: 1,
        insight_id: target.kind === 'insight' ? target.id : null,
        report_id: target.kind === 'report' ? target.id : null,
        expires_at: link.expiresAt,
        has_password: Boolean(link.password),
        frame_ancestors: link.frameAncestors,
        last_used_at: null,
        created_at: NOW.toISOString(),
        created_by: null,
      };
      return { ...made, token: `token-${id}`, url: `/shared/token-${id}` };
    },
    revoke: async (_target, linkId) => {
      calls.push(`revoke ${linkId}`);
    },
    updateSites: async (_target, linkId, frameAncestors) => {
      calls.push(`sites ${linkId} ${frameAncestors.join(' ') || '-'}`);
      const bad = frameAncestors.findIndex((site) => !/^https?:\/\//.test(site));
      if (bad >= 0) throw fieldError(`frame_ancestors.${bad}`, 'Enter an origin such as https://example.com.');
      return { ...links.find((l) => l.id === linkId)!, frame_ancestors: frameAncestors };
    },
    info: async () => ({ kind: 'insight', requires_password: false, expires_at: NOW.toISOString() }),
    open: async () => {
      throw notFound;
    },
  };
  return { services, calls };
}

function renderWith(services: ShareLinksServices, node: React.ReactNode) {
  return render(<ShareLinksServicesContext.Provider value={services}>{node}</ShareLinksServicesContext.Provider>);
}

const used: ShareLink = {
  id: 7,
  study_id: 1,
  insight_id: 3,
  report_id: null,
  expires_at: '2026-12-05T12:00:00.000Z',
  has_password: true,
  frame_ancestors: [],
  last_used_at: '2026-11-28T09:00:00.000Z',
  created_at: '2026-11-20T00:00:00.000Z',
  created_by: null,
};

describe('share links panel', () => {
  it('lists the live links with their last use, makes one with a password and shows its address once', async () => {
    const { services, calls } = fakeServices([used]);
    renderWith(services, <ShareLinksPanel target={{ projectId: 7, kind: 'insight', id: 3 }} now={() => NOW} />);
    const list = await screen.findByRole('list', { name: 'Live links' });
    expect(within(list).getByText(/Expires Dec 5, 2026 · password · last opened 3 hours ago/)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Expires after'), '30');
    await userEvent.type(screen.getByLabelText('Password (optional)'), 'plaza-is-windy');
    await userEvent.type(screen.getByLabelText('Sites that may embed it (optional)'), 'https://client.example, https://intranet.example');
    await userEvent.click(screen.getByRole('button', { name: 'Create link' }));
    const made = await screen.findByRole('status', { name: 'New link' });
    expect(within(made).getByText(`${window.location.origin}/shared/token-100`)).toBeInTheDocument();
    expect(within(made).getByLabelText('Embed snippet')).toHaveTextContent(`<iframe src="${window.location.origin}/embed/token-100" title="Canopy insight"`);
    expect(calls).toContain(`create insight 3 2026-12-28T12:00:00.000Z plaza-is-windy https://client.example https://intranet.example`);
    expect(
      within(screen.getByRole('list', { name: 'Live links' })).getByText(
        /Expires Dec 28, 2026 · password · never opened · embeddable in https:\/\/client\.example, https:\/\/intranet\.example/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Share link created.')).toBeInTheDocument();
    await userEvent.click(within(made).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('status', { name: 'New link' })).not.toBeInTheDocument();
  });

  it("shows the server's field error next to the password", async () => {
    const { services } = fakeServices();
    renderWith(services, <ShareLinksPanel target={{ projectId: 7, kind: 'report', id: 4 }} now={() => NOW} />);
    expect(await screen.findByText('No live links.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Password (optional)'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('Ensure this field has at least 8 characters.')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'New link' })).not.toBeInTheDocument();
  });

  it("changes a live link's embedding sites, showing the server's field error on the site", async () => {
    const { services, calls } = fakeServices([used]);
    renderWith(services, <ShareLinksPanel target={{ projectId: 7, kind: 'insight', id: 3 }} now={() => NOW} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Embedding sites' }));
    const form = screen.getByRole('form', { name: /^Embedding sites of the link that expires/ });
    const field = within(form).getByLabelText('Sites that may embed it (none: it cannot be embedded)');
    await userEvent.type(field, 'client.example');
    await userEvent.click(within(form).getByRole('button', { name: 'Save sites' }));
    expect(await within(form).findByText('Enter an origin such as https://example.com.')).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, 'https://client.example, https://*.client.example');
    await userEvent.click(within(form).getByRole('button', { name: 'Save sites' }));
    expect(await screen.findByText('Embedding sites saved.')).toBeInTheDocument();
    expect(calls).toContain('sites 7 https://client.example https://*.client.example');
    expect(screen.queryByRole('form', { name: /^Embedding sites of/ })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Live links' })).getByText(/embeddable in https:\/\/client.example, https:\/\/\*.client.example/),
    ).toBeInTheDocument();
  });

  it('revokes a link after confirmation', async () => {
    const { services, calls } = fakeServices([used]);
    renderWith(services, <ShareLinksPanel target={{ projectId: 7, kind: 'insight', id: 3 }} now={() => NOW} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke share link?' });
    expect(within(dialog).getByText(/will stop working at once/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Share link revoked.')).toBeInTheDocument();
    expect(calls).toContain('revoke 7');
    expect(screen.getByText('No live links.')).toBeInTheDocument();
  });
});

const sharedInsight: Insight = {
  id: 3,
  study_id: 1,
  sort_order: 0,
  insight_status: 'Published',
  category: null,
  title: 'Plaza is windy in winter',
  text: 'The north-west corner exceeds the sitting criterion.',
  created_by: null,
  created_at: '',
  updated_at: '',
  sceneview_set: [],
  imageview_set: [{ id: 9, insight: { id: 3 }, study_image_id: 5, scene_view_id: null, caption: 'Ground level, winter', sort_order: 0 }],
  pins: [],
  pin_types: [],
};

function publicServices(info: SharedLinkInfo | ServerError, open: (password: string | null) => SharedContent | ServerError) {
  const { services } = fakeServices();
  services.info = async () => {
    if ('kind' in info && 'status' in info) throw info;
    return info as SharedLinkInfo;
  };
  services.open = async (_token, password) => {
    const answer = open(password);
    if ('status' in answer) throw answer;
    return answer;
  };
  return services;
}

describe('shared page', () => {
  const content: SharedContent = {
    kind: 'insight',
    expires_at: '2026-12-31T00:00:00.000Z',
    access: '123.sig',
    insights: [sharedInsight],
    report: null,
    layers: [],
  };

  it('asks for the password, says when it is wrong, then shows the insight read-only with its image', async () => {
    const services = publicServices({ kind: 'insight', requires_password: true, expires_at: content.expires_at }, (password) =>
      password === 'plaza-is-windy' ? content : fieldError('password', 'The password is incorrect.'),
    );
    renderWith(services, <SharedPage token="tok" />);
    expect(await screen.findByRole('heading', { name: 'This insight is protected' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Password'), 'plaza-is-calm');
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('The password is incorrect.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'plaza-is-windy');
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const article = await screen.findByRole('article', { name: 'Shared insight' });
    expect(within(article).getByRole('heading', { name: 'Plaza is windy in winter' })).toBeInTheDocument();
    expect(within(article).getByText(/Read-only · shared until Dec 31, 2026/)).toBeInTheDocument();
    expect(within(article).getByRole('img', { name: 'Ground level, winter' })).toHaveAttribute('src', '/api/shared/tok/study-image/5/file?access=123.sig');
    expect(screen.queryByRole('button', { name: /edit|delete|save/i })).not.toBeInTheDocument();
  });

  it('shows a report with its views', async () => {
    const report: Report = {
      id: 4,
      study_id: 1,
      title: 'Wind comfort summary',
      report_status: 'Published',
      page_size: 'A4',
      cover: { project: 'Harbour Tower', location: 'Toronto', author: 'Ada', version: '1', date: '2026-11-23' },
      report_views: [{ id: 1, report: { id: 4 }, insight: { id: 3 }, image_view: sharedInsight.imageview_set[0]!, caption: 'Figure 1', sort_order: 0 }],
      created_at: '',
      updated_at: '',
    };
    const services = publicServices({ kind: 'report', requires_password: false, expires_at: content.expires_at }, () => ({
      ...content,
      kind: 'report',
      access: null,
      report,
    }));
    renderWith(services, <SharedPage token="tok" />);
    const article = await screen.findByRole('article', { name: 'Shared report' });
    expect(within(article).getByRole('heading', { name: 'Wind comfort summary' })).toBeInTheDocument();
    expect(within(article).getByRole('heading', { name: 'Plaza is windy in winter' })).toBeInTheDocument();
    expect(within(article).getByRole('img', { name: 'Figure 1' })).toHaveAttribute('src', '/api/shared/tok/study-image/5/file');
  });

  it("shows the insight's saved scene views in a read-only 3D viewer, one at a time, with the saved legend and filters", async () => {
    const camera = {
      position: [10, -40, 30] as [number, number, number],
      target: [0, 0, 0] as [number, number, number],
      up: [0, 0, 1] as [number, number, number],
      fov: 40,
    };
    const scale = { min: 0, max: 8, colours: ['#000000', '#ffffff'], discrete: false, title: 'Wind speed', unit: 'm/s', layerId: '102' };
    const saved = (id: number, name: string, theme: 'dark' | 'light') => ({
      id,
      insight: { id: 3 },
      name,
      sort_order: 0,
      camera_position: null,
      camera: null,
      layer_selection: [],
      simulation_id: 5,
      asset_id: 102,
      legend: null,
      study_image_id: null,
      view_json: serialiseSceneView(
        { camera, layers: ['102'], filters: { season_filter: 'Winter' }, colourScale: scale, theme, simulationId: 5 },
        { shapes: [] },
        [],
      ) as never,
      drawings: [],
    });
    const insight: Insight = { ...sharedInsight, sceneview_set: [saved(30, 'Plaza, winter', 'dark'), saved(31, 'Plaza, summer', 'light')] };
    const layer = asset(5, { id: 102, layer_type: 'data', metric: 'wind_speed' });
    renderWith(
      publicServices({ kind: 'insight', requires_password: false, expires_at: content.expires_at }, () => ({
        ...content,
        insights: [insight],
        layers: [layer],
      })),
      <SharedPage token="tok" />,
    );
    const scene = await screen.findByRole('region', { name: '3D view: Plaza, winter' });
    // jsdom has no WebGL: the canvas says so, and the page around it still works
    expect(await within(scene).findByRole('img', { name: '3D view unavailable' })).toBeInTheDocument();
    expect(within(scene).getByRole('figure', { name: 'Legend: Wind speed (m/s)' })).toBeInTheDocument();
    expect(within(scene).getByText('Filters: Season: Winter')).toBeInTheDocument();
    const choices = screen.getByRole('group', { name: 'Views in 3D' });
    expect(within(choices).getByRole('button', { name: 'Plaza, winter' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(choices).getByRole('button', { name: 'Plaza, summer' }));
    expect(await screen.findByRole('region', { name: '3D view: Plaza, summer' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '3D view: Plaza, winter' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /edit|delete|save/i })).not.toBeInTheDocument();
  });

  it('shows no 3D viewer when no scene view was saved', async () => {
    renderWith(
      publicServices({ kind: 'insight', requires_password: false, expires_at: content.expires_at }, () => content),
      <SharedPage token="tok" />,
    );
    await screen.findByRole('article', { name: 'Shared insight' });
    expect(screen.queryByRole('region', { name: /^3D view/ })).not.toBeInTheDocument();
  });

  it('says only that a dead link is not available', async () => {
    renderWith(
      publicServices(notFound, () => content),
      <SharedPage token="tok" />,
    );
    expect(await screen.findByRole('heading', { name: 'This link is not available' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Plaza is windy in winter')).not.toBeInTheDocument());
  });
});
