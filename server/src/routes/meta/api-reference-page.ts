/**
 * A static, script-free API reference rendered on the server from the OpenAPI document, so it
 * works offline and under the strict CSP (no CDN-hosted Swagger UI).
 */
interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Array<{ name: string; in: string; required?: boolean; description?: string }>;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string }>;
  'x-access'?: string;
}

interface Document {
  info: { title: string; version: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function renderApiReference(document: unknown): string {
  const doc = document as Document;
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'Other';
      const params = (op.parameters ?? []).map((p) => `<li><code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ', required' : ''})</li>`).join('');
      const body = op.requestBody?.content
        ? `<details><summary>Request body</summary><pre>${escapeHtml(JSON.stringify(Object.values(op.requestBody.content)[0]?.schema ?? {}, null, 2))}</pre></details>`
        : '';
      const responses = Object.entries(op.responses ?? {})
        .map(([status, r]) => `<li><code>${status}</code> ${escapeHtml(r.description ?? '')}</li>`)
        .join('');
      const html = `<section class="op" id="${escapeHtml(method + path)}">
  <h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
  <p>${escapeHtml(op.summary ?? '')}${op['x-access'] ? ` <span class="access">access: ${escapeHtml(op['x-access'])}</span>` : ''}</p>
  ${params ? `<ul>${params}</ul>` : ''}${body}<ul>${responses}</ul>
</section>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const sections = [...byTag.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, ops]) => `<h2 id="${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${ops.join('\n')}`)
    .join('\n');
  const toc = [...byTag.keys()]
    .sort()
    .map((t) => `<a href="#${escapeHtml(t)}">${escapeHtml(t)}</a>`)
    .join(' · ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(doc.info.title)} reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b2421}
code,pre{font-family:ui-monospace,monospace;font-size:13px}pre{background:#f3f5f4;padding:.75rem;overflow:auto}
.op{border-top:1px solid #dde3e0;padding:.5rem 0}.m{display:inline-block;min-width:4.5rem;font-size:12px;padding:2px 6px;border-radius:4px;color:#fff;background:#4a5a54}
.get{background:#2f6f9f}.post{background:#2e7d4f}.put,.patch{background:#a36a14}.delete{background:#a33a3a}.access{color:#5b6b65;font-size:13px}
</style></head><body>
<h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1>
<p>${escapeHtml(doc.info.description ?? '')}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a></p>
<nav>${toc}</nav>
${sections}
</body></html>`;
}
