// The manual against the tree: the README stays a front door (at most 150 lines), every relative
// link in README.md and docs/ leads to a file (and to a heading there, when it names one), and
// architecture.md's "What is where" names only paths that exist and every folder of the source
// roots; the settings reference lists exactly the variables config.ts reads. Reads files only:
// no server, no database.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** Every markdown file of the manual, relative to the repository root. */
function manualFiles(): string[] {
  const found = ['README.md'];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.md')) found.push(rel);
    }
  };
  walk('docs');
  return found;
}

/** The text without fenced code blocks and inline code, where a `[x](y)` is an example, not a link. */
const prose = (markdown: string) => markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');

/** Link targets: markdown links and images, and src/href of inline HTML. */
function targets(markdown: string): string[] {
  const text = prose(markdown);
  const markdownLinks = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? '');
  const htmlLinks = [...text.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
  return [...markdownLinks, ...htmlLinks];
}

/** The anchors GitHub makes of a page's headings (github-slugger's rule, with -1, -2 … for repeats). */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading = ''] of prose(markdown).matchAll(/^#{1,6}\s+(.*?)\s*#*\s*$/gm)) {
    const base = heading
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

describe('the manual', () => {
  it('keeps the README at 150 lines or fewer', () => {
    const lines = read('README.md').replace(/\n$/, '').split('\n').length;
    expect(lines).toBeLessThanOrEqual(150);
  });

  it('has a relative link only where a file (and the heading it names) exists', () => {
    const broken: string[] = [];
    const files = manualFiles();
    expect(files).toContain('docs/architecture.md');
    for (const file of files) {
      const markdown = read(file);
      for (const target of targets(markdown)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: …
        const [rawPath = '', anchor] = target.split('#');
        const linked =
          rawPath === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(rawPath)));
        if (linked.startsWith('..') || !existsSync(path.join(root, linked))) {
          broken.push(`${file}: ${target} (no ${linked})`);
          continue;
        }
        if (anchor && linked.endsWith('.md') && !anchors(read(linked)).has(anchor)) {
          broken.push(`${file}: ${target} (no heading #${anchor} in ${linked})`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('lists every environment variable config.ts reads in the settings reference, and no other', () => {
    const env = /const Env = z\.object\(\{([\s\S]*?)\n\}\);/.exec(read('apps/api/src/config.ts'))?.[1] ?? '';
    const inConfig = new Set([...env.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1] ?? ''));
    const documented = new Set(
      [...read('docs/reference/settings.md').matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((m) => m[1] ?? ''),
    );
    expect(inConfig.size).toBeGreaterThan(10);
    // Both lists at once: what to add to the reference and what to take out of it.
    expect({
      undocumented: [...inConfig].filter((name) => !documented.has(name)),
      notInConfig: [...documented].filter((name) => !inConfig.has(name)),
    }).toEqual({ undocumented: [], notInConfig: [] });
  });

  describe('architecture.md\'s "What is where"', () => {
    const architecture = read('docs/architecture.md');
    const section = /^## What is where\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(architecture)?.[1] ?? '';
    /** Every repository path the section names in code spans, without a trailing slash. */
    const named = [...section.matchAll(/`((?:apps|packages|deploy|scripts|docs)\/[^`\s]*)`/g)]
      .map((m) => (m[1] ?? '').replace(/\/$/, ''))
      .filter((p) => !/[*{<]/.test(p)); // a pattern such as packages/*/src, not a path

    it('names only paths that exist', () => {
      expect(named.length).toBeGreaterThan(20);
      expect(named.filter((p) => !existsSync(path.join(root, p)))).toEqual([]);
    });

    it('names every folder of apps/api/src, apps/web/src and packages/*/src', () => {
      const folders = (dir: string) =>
        readdirSync(path.join(root, dir), { withFileTypes: true })
          .filter((e) => e.isDirectory())
          .map((e) => `${dir}/${e.name}`);
      const packageSources = folders('packages')
        .map((p) => `${p}/src`)
        .filter((src) => existsSync(path.join(root, src)) && statSync(path.join(root, src)).isDirectory());
      const required = [
        ...folders('apps/api/src'),
        ...folders('apps/web/src'),
        ...packageSources,
        ...packageSources.flatMap(folders),
      ];
      expect(required).toContain('apps/api/src/domain');
      expect(required.filter((folder) => !named.includes(folder))).toEqual([]);
    });

    it('names every file of the domain, its use cases included', () => {
      const dir = 'apps/api/src/domain';
      const files = readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
        .map((e) => path.posix.join(dir, path.relative(path.join(root, dir), path.join(e.parentPath, e.name))));
      expect(files.length).toBeGreaterThan(40);
      expect(files.filter((file) => !named.includes(file))).toEqual([]);
    });
  });
});
