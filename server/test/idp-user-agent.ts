/**
 * A minimal browser for the local identity provider: follows the authorization URL through the
 * provider's redirects with a cookie jar, picks an account on its sign-in page, and returns the
 * callback URL the provider sends the browser back to (with code, state and iss).
 */
export async function signInAtIdp(authorizationUrl: string, sub: string): Promise<URL> {
  const origin = new URL(authorizationUrl).origin;
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  let url = new URL(authorizationUrl);
  let init: RequestInit = {};
  for (let step = 0; step < 12; step++) {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie: cookieHeader() } });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    init = {};
    if (res.status >= 300 && res.status < 400) {
      await res.arrayBuffer();
      const next = new URL(res.headers.get('location')!, url);
      if (next.origin !== origin) return next;
      url = next;
      continue;
    }
    const body = await res.text();
    if (res.status === 200 && url.pathname.startsWith('/interaction/')) {
      init = {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ sub }).toString(),
      };
      continue;
    }
    throw new Error(`identity provider answered ${res.status} at ${url.pathname}: ${body.slice(0, 300)}`);
  }
  throw new Error('too many redirects at the identity provider');
}
