import { describe, expect, it } from 'vitest';
import { afterLoginPath, isPublicPath, loginUrl, matchRoute } from './route-table.ts';

const name = (path: string) => matchRoute(path)?.route.name ?? null;

describe('the route table', () => {
  it.each([
    ['/', 'root'],
    ['/company/admin', 'companyAdmin'],
    ['/projects', 'projectsContainer'],
    ['/projects/', 'projectList'],
    ['/projects/7', 'projectDetail'],
    ['/projects/7/', 'projectDetail'],
    ['/projects/7/report/3/', 'report'],
    ['/projects/7/wheel', 'wheel'],
    ['/projects/7/wheel/details', 'wheelTab'],
    ['/projects/7/viewer/2/configuration/5/Insights', 'viewerTab'],
    ['/projects/7/viewer/2/configuration/5', 'viewerConfiguration'],
    ['/projects/7/viewer/2/11', 'viewerSimulation'],
    ['/projects/7/share', 'projectTab'],
    ['/login/', 'login'],
    ['/password/reset/confirm/MQ/abc-123', 'resetPasswordConfirm'],
    ['/nowhere/at/all', null],
  ])('%s → %s', (path, expected) => {
    expect(name(path)).toBe(expected);
  });

  it('matches wheel, report and viewer before the settings tab route', () => {
    expect(matchRoute('/projects/7/wheel')?.route.name).toBe('wheel');
    expect(matchRoute('/projects/7/report/3')?.params).toEqual({ id: '7', report: '3' });
    expect(matchRoute('/projects/7/viewer/2/configuration/5/Viewer')?.params).toEqual({
      id: '7',
      study: '2',
      configuration: '5',
      tabName: 'Viewer',
    });
  });

  it('marks exactly the spec’s public routes as public', () => {
    for (const p of ['/otp-email', '/otp-login', '/login/', '/reset_password/', '/password/reset/confirm/a/b', '/signup']) {
      expect(isPublicPath(p), p).toBe(true);
    }
    for (const p of ['/', '/projects/', '/company/admin', '/unknown']) expect(isPublicPath(p), p).toBe(false);
  });

  it('builds the login URL with `from` and refuses to send users off-site afterwards', () => {
    expect(loginUrl('/projects/7?x=1')).toBe('/login/?from=%2Fprojects%2F7%3Fx%3D1');
    expect(afterLoginPath('/projects/7?x=1')).toBe('/projects/7?x=1');
    expect(afterLoginPath(null)).toBe('/projects/');
    expect(afterLoginPath('https://evil.example')).toBe('/projects/');
    expect(afterLoginPath('//evil.example/x')).toBe('/projects/');
    expect(afterLoginPath('/login/')).toBe('/projects/');
  });
});
