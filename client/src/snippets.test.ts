import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { typecheckAll } from './typecheck.test-support';

/**
 * Every TypeScript snippet a shop might copy compiles under strict `tsc` (SHOP_TSCONFIG): each fenced
 * ```ts block of client/README.md as a file of its own, and docs/quickstart.md's ```ts blocks as the one
 * program the page says to put together from them (its `ts quickstart-client` blocks, in order; any other
 * ```ts block there on its own).
 */
const ROOT = join(__dirname, '..', '..');

type Block = { info: string; code: string; line: number };

function tsBlocks(path: string): Block[] {
  const text = readFileSync(join(ROOT, path), 'utf8');
  return [...text.matchAll(/^```(ts(?:[ \t][^\n]*)?)\n([\s\S]*?)^```$/gm)].map((match) => ({
    info: match[1]!.trim(),
    code: match[2]!,
    line: text.slice(0, match.index).split('\n').length,
  }));
}

const readme = tsBlocks('client/README.md');
const quickstart = tsBlocks('docs/quickstart.md');
const quickstartProgram = quickstart.filter((block) => block.info === 'ts quickstart-client');
const quickstartOthers = quickstart.filter((block) => block.info !== 'ts quickstart-client');

/** Every check of this file in one compiler program (typecheckAll), run on first use; each test asserts its own. */
let results: ReturnType<typeof check> | undefined;
const check = () =>
  typecheckAll({
    readme: Object.fromEntries(readme.map((block) => [`readme-line-${block.line}.mts`, block.code])),
    quickstart: {
      'quickstart.mts': `${quickstartProgram.map((block) => block.code).join('\n\n')}\n`,
      ...Object.fromEntries(quickstartOthers.map((block) => [`quickstart-line-${block.line}.mts`, block.code])),
    },
    broken: {
      'broken.mts': "import { pounds } from '@groupsplit/client';\nexport const amount: number = pounds(4495);\n",
    },
  });
const typechecked = () => {
  results ??= check();
  return results;
};

describe('the TypeScript snippets of the docs', () => {
  it('client/README.md: every ts block compiles on its own', () => {
    // The blocks a reader meets: the client, amounts, pages, the server's orders, error codes, the webhook receiver.
    expect(readme.length).toBeGreaterThanOrEqual(6);
    expect(readme.some((block) => block.code.includes('verifyWebhook('))).toBe(true);
    expect(readme.some((block) => block.code.includes('listCheckoutSplits('))).toBe(true);
    expect(typechecked().readme).toEqual({ status: 0, output: '' });
  });

  it('docs/quickstart.md: the client program put together from its blocks compiles', () => {
    expect(quickstartProgram.length).toBeGreaterThan(5);
    expect(typechecked().quickstart).toEqual({ status: 0, output: '' });
  });

  it('a snippet that does not compile fails the check, naming the file and line', () => {
    const result = typechecked().broken;
    expect(result.status).not.toBe(0);
    expect(result.output).toMatch(/^broken\.mts\(2,14\): error TS2322/m);
  });
});
