/**
 * The fenced code blocks of a Markdown page with their info strings: ```` ```sh quickstart wait=shop ````
 * is language `sh`, kind `quickstart` and attributes `{ wait: 'shop' }`. Renderers show the language
 * and ignore the rest, so a page can tell its test what each block is without the reader noticing.
 */
export type CodeBlock = {
  language: string;
  kind: string | null;
  attributes: Record<string, string>;
  code: string;
  /** 1-based line of the opening fence, for messages. */
  line: number;
};

export function codeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i] !== '```'; i++) body.push(lines[i]!);
    if (i === lines.length) throw new Error(`Unclosed code block at line ${start + 1}`);
    const [kind, ...rest] = open[2]!.split(/\s+/).filter(Boolean);
    blocks.push({
      language: open[1]!,
      kind: kind ?? null,
      attributes: Object.fromEntries(rest.map((word) => word.split('=', 2) as [string, string])),
      code: body.join('\n'),
      line: start + 1,
    });
  }
  return blocks;
}
