import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { DEMO } from '../../scripts/demo-remove/demo';
import { ROOT } from '../utils/paths';

/** The user documentation: the README and the guides. */
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The text outside fenced blocks and inline code, where a link is a link. */
function prose(markdown: string): string {
  return markdown.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's heading anchors: lowercase, punctuation dropped, spaces as hyphens, repeats numbered. */
function headingSlugs(markdown: string): Set<string> {
  const slugs = new Set<string>();
  const seen = new Map<string, number>();
  const withoutFences = markdown.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '');
  for (const [, text] of withoutFences.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    slugs.add(count === 0 ? base : `${base}-${count}`);
  }
  return slugs;
}

/** Relative links (`[text](target)`, images too) of a page; absolute URLs are not checked here. */
function relativeLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1])
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

const DEMO_PATHS = [...DEMO.folders, ...DEMO.files];

/** What is wrong with one link of `page`, or undefined when it resolves. */
function linkProblem(page: string, target: string): string | undefined {
  const [path, anchor] = target.split('#', 2);
  const file = path === '' ? join(ROOT, page) : join(ROOT, dirname(page), decodeURIComponent(path));
  const inRepo = relative(ROOT, file);
  if (DEMO_PATHS.some((demo) => inRepo === demo || inRepo.startsWith(`${demo}/`)))
    return `${target}: points into the demo, which npm run demo:remove deletes (name the file in code instead)`;
  if (!existsSync(file)) return `${target}: ${inRepo} does not exist`;
  if (anchor === undefined) return undefined;
  if (statSync(file).isDirectory() || !file.endsWith('.md'))
    return `${target}: an anchor into a file that is not markdown`;
  return headingSlugs(readFileSync(file, 'utf8')).has(anchor)
    ? undefined
    : `${target}: ${inRepo} has no heading #${anchor}`;
}

describe('links in README.md and docs/', () => {
  it.each(PAGES)('should resolve every relative link and anchor of %s', (page) => {
    const problems = relativeLinks(readFileSync(join(ROOT, page), 'utf8')).flatMap(
      (target) => linkProblem(page, target) ?? [],
    );

    expect(problems).toEqual([]);
  });

  it('should make anchors the way GitHub does', () => {
    const slugs = headingSlugs(
      "# Behind a proxy (`TRUST_PROXY`)\n## The shape of a request's values\n## Limits\n## Limits\n",
    );

    expect([...slugs]).toEqual([
      'behind-a-proxy-trust_proxy',
      'the-shape-of-a-requests-values',
      'limits',
      'limits-1',
    ]);
  });

  it('should find links outside code only', () => {
    const links = relativeLinks(
      '[a](docs/a.md) `[b](b.md)`\n```md\n[c](c.md)\n```\n![d](d.png) [e](https://x.org)',
    );

    expect(links).toEqual(['docs/a.md', 'd.png']);
  });
});
