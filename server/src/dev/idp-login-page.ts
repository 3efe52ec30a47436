/** The local identity provider's sign-in page: one button per configured account, no password. */
import type { DevAccount } from './idp.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export function renderLoginPage(uid: string, clientId: string, accounts: DevAccount[]): string {
  const action = `/interaction/${encodeURIComponent(uid)}`;
  const buttons = accounts
    .map((a) => {
      const label = `${[a.given_name, a.family_name].filter(Boolean).join(' ') || a.sub} — ${a.email}${a.email_verified ? '' : ' (unverified)'}`;
      return `<li><button type="submit" name="sub" value="${escapeHtml(a.sub)}">${escapeHtml(label)}</button></li>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Local identity provider — sign in</title>
<style>body{font:16px system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem}li{margin:.5rem 0;list-style:none}button{font:inherit;padding:.5rem 1rem;width:100%;text-align:left}</style>
</head>
<body>
<h1>Local identity provider</h1>
<p>Development only. Choose who to sign in to <strong>${escapeHtml(clientId)}</strong> as:</p>
<form method="post" action="${action}">
<ul>
${buttons}
</ul>
<button type="submit" name="cancel" value="1">Cancel</button>
</form>
</body>
</html>`;
}
