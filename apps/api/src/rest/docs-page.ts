// /api/docs: the OpenAPI description rendered on the server as one plain HTML page. It needs no
// script at all, so it works under the app's CSP (script-src 'self', no inline scripts) and with
// JavaScript off. Every text is escaped, though all of it comes from our own description.
import { PATHS } from '@linz/contract';
import type { OpenApiDocument } from './openapi.js';
import { TAGS } from './openapi-words.js';

type Schema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  additionalProperties?: boolean | Schema;
  $ref?: string;
};
type Parameter = { name: string; in: string; required: boolean; description?: string; schema: Schema };
type Answer = { description: string; content?: Record<string, { schema: Schema }> };
type Operation = {
  operationId: string;
  summary: string;
  tags: string[];
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, Answer>;
};

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
/** `code` in the description's Markdown-ish text becomes <code>. */
const prose = (s: string) => escape(s).replace(/`([^`]+)`/g, '<code>$1</code>');

/** Bounds and pattern of a scalar, in words. */
function constraints(s: Schema): string {
  const parts: string[] = [];
  const range = (low: unknown, high: unknown, unit: string) => {
    const lo = typeof low === 'number' ? low : undefined;
    const hi = typeof high === 'number' ? high : undefined;
    if (lo !== undefined && hi !== undefined) parts.push(`${lo}–${hi}${unit}`);
    else if (lo !== undefined) parts.push(`≥ ${lo}${unit}`);
    else if (hi !== undefined) parts.push(`≤ ${hi}${unit}`);
  };
  range(s.minLength, s.maxLength, ' chars');
  range(s.minimum, s.maximum, '');
  range(s.minItems, s.maxItems, ' items');
  if (typeof s.format === 'string') parts.push(s.format);
  if (typeof s.pattern === 'string') parts.push(`pattern ${s.pattern}`);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

/** A schema as a compact TypeScript-like type, indented for a <pre>. */
export function typeText(s: Schema, indent = ''): string {
  if (s.$ref) return s.$ref.split('/').pop() ?? s.$ref;
  if ('const' in s) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  const union = s.anyOf ?? s.oneOf;
  if (union) return union.map((u) => typeText(u, indent)).join(' | ');
  const type = Array.isArray(s.type) ? s.type.join(' | ') : s.type;
  if (type === 'array') return `${s.items ? typeText(s.items, indent) : 'unknown'}[]${constraints(s)}`;
  if (type === 'object') {
    const entries = Object.entries(s.properties ?? {});
    const extra = typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
    if (entries.length === 0) return extra ? `{ [key: string]: ${typeText(extra, indent)} }` : '{}';
    const inner = indent + '  ';
    const lines = entries.map(([k, v]) => `${inner}${k}${s.required?.includes(k) ? '' : '?'}: ${typeText(v, inner)}`);
    if (extra) lines.push(`${inner}[key: string]: ${typeText(extra, inner)}`);
    return `{\n${lines.join('\n')}\n${indent}}`;
  }
  return `${type ?? 'any'}${constraints(s)}`;
}

const schemaBlock = (s: Schema) => `<pre><code>${escape(typeText(s))}</code></pre>`;

function operationSection(path: string, method: string, op: Operation): string {
  const id = `op-${op.operationId}`;
  const out = [
    `<section aria-labelledby="${id}">`,
    `<h3 id="${id}"><code>${method.toUpperCase()} ${escape(path)}</code></h3>`,
    `<p>${prose(op.summary)} <span class="id">(operationId <code>${escape(op.operationId)}</code>)</span></p>`,
  ];
  if (op.security?.length)
    out.push('<p>Needs a staff bearer token (<code>Authorization: Bearer …</code>) or the /admin session cookie.</p>');
  if (op.parameters?.length) {
    out.push('<h4>Parameters</h4><table><thead><tr><th scope="col">Name</th><th scope="col">In</th>');
    out.push('<th scope="col">Required</th><th scope="col">Type</th></tr></thead><tbody>');
    for (const p of op.parameters) {
      out.push(
        `<tr><td><code>${escape(p.name)}</code></td><td>${escape(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td>` +
          `<td><code>${escape(typeText(p.schema))}</code></td></tr>`,
      );
    }
    out.push('</tbody></table>');
  }
  for (const [type, { schema }] of Object.entries(op.requestBody?.content ?? {})) {
    out.push(`<h4>Request body (<code>${escape(type)}</code>)</h4>`, schemaBlock(schema));
  }
  out.push('<h4>Answers</h4><table><thead><tr><th scope="col">Status</th><th scope="col">Meaning</th>');
  out.push('<th scope="col">Body</th></tr></thead><tbody>');
  for (const [status, answer] of Object.entries(op.responses)) {
    const body = Object.entries(answer.content ?? {})
      .map(([type, { schema }]) => `<code>${escape(type)}</code>${schema.$ref ? ` ${escape(typeText(schema))}` : ''}`)
      .join(', ');
    out.push(`<tr><td>${status}</td><td>${prose(answer.description)}</td><td>${body || '—'}</td></tr>`);
  }
  out.push('</tbody></table>');
  for (const [status, answer] of Object.entries(op.responses)) {
    for (const [type, { schema }] of Object.entries(answer.content ?? {})) {
      if (schema.$ref) continue;
      out.push(`<h4>Answer ${status} (<code>${escape(type)}</code>)</h4>`, schemaBlock(schema));
    }
  }
  out.push('</section>');
  return out.join('\n');
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1a1a1a;background:#fff}
main{max-width:60rem;margin:0 auto;padding:1rem}
pre{background:#f4f4f4;padding:.5rem;white-space:pre-wrap;overflow-wrap:anywhere}
code{font-family:ui-monospace,monospace;overflow-wrap:anywhere}
table{border-collapse:collapse;margin:.5rem 0;width:100%}
th,td{border:1px solid #999;padding:.25rem .5rem;text-align:left;vertical-align:top}
section>section{border-top:1px solid #999;margin-top:1.5rem}
.id{color:#444}
a{color:#0645ad}`;

/** The page for a document made by openApiDocument(). */
export function docsPage(doc: OpenApiDocument): string {
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op: op as Operation })),
  );
  const sections = (Object.keys(TAGS) as (keyof typeof TAGS)[]).map((tag) => {
    const mine = operations.filter((o) => o.op.tags.includes(tag));
    return { tag, id: `tag-${tag.replace(/\W+/g, '-')}`, mine };
  });
  const link = (o: (typeof operations)[number]) =>
    `<li><a href="#op-${o.op.operationId}">${o.method.toUpperCase()} ${escape(o.path)}</a></li>`;
  const nav = sections
    .filter((s) => s.mine.length > 0)
    .map((s) => `<li><a href="#${s.id}">${escape(s.tag)}</a><ul>${s.mine.map(link).join('')}</ul></li>`)
    .join('\n');
  const body = sections
    .filter((s) => s.mine.length > 0)
    .map((s) =>
      [
        `<section aria-labelledby="${s.id}"><h2 id="${s.id}">${escape(s.tag)}</h2><p>${prose(TAGS[s.tag])}</p>`,
        ...s.mine.map((o) => operationSection(o.path, o.method, o.op)),
        '</section>',
      ].join('\n'),
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.info.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escape(doc.info.title)}</h1>
<p>${prose(doc.info.description)}</p>
<p>The machine-readable description: <a href="${PATHS.openapi}">${PATHS.openapi}</a> (OpenAPI ${escape(doc.openapi)}).
Every error answers this JSON body:</p>
${schemaBlock(doc.components.schemas.ErrorBody)}
<nav aria-label="Operations"><h2>Operations</h2><ul>
${nav}
</ul></nav>
${body}
</main>
</body>
</html>
`;
}
