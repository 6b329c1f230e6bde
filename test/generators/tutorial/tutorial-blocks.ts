/** What a `sh` block of docs/tutorial.md asks of the test (the words after `sh` in its info string). */
export interface ShellBlock {
  /** 1-based line of the opening fence, to name the block in messages. */
  line: number;
  commands: string;
  /** `background`: start it and wait until the app is ready. */
  background: boolean;
  /** `stop-app`: stop the app started in the background, then run it. */
  stopsApp: boolean;
  /** `skip`: never run (the fresh clone and `npm ci`, which the scratch copy stands for). */
  skip: boolean;
  /** `expect=<status>`: each request in it must answer this status instead of a 2xx. */
  expectStatus?: string;
}

const FENCE = /^(`{3,}|~{3,})\s*(.*)$/;

/** The page's `sh` blocks in order; any other block (`console`, `json`, …) is prose. */
export function shellBlocks(markdown: string): ShellBlock[] {
  const lines = markdown.split('\n');
  const blocks: ShellBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]);
    if (!open) continue;
    const close = lines.findIndex((line, j) => j > i && line.trim() === open[1]);
    if (close < 0) throw new Error(`docs/tutorial.md:${i + 1}: a fenced block is never closed`);
    const [language, ...words] = open[2].split(/\s+/).filter(Boolean);
    if (language === 'sh') blocks.push(shellBlock(i + 1, words, lines.slice(i + 1, close).join('\n')));
    i = close;
  }
  return blocks;
}

function shellBlock(line: number, words: string[], commands: string): ShellBlock {
  const block: ShellBlock = { line, commands, background: false, stopsApp: false, skip: false };
  for (const word of words) {
    const [key, value] = word.split('=', 2);
    if (key === 'background' && value === undefined) block.background = true;
    else if (key === 'stop-app' && value === undefined) block.stopsApp = true;
    else if (key === 'skip' && value === undefined) block.skip = true;
    else if (key === 'expect' && /^\d{3}$/.test(value ?? '')) block.expectStatus = value;
    else
      throw new Error(
        `docs/tutorial.md:${line}: unknown word "${word}" after sh; known: background, stop-app, skip, expect=<status>`,
      );
  }
  return block;
}
