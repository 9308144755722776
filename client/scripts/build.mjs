// `npm run build -w @groupsplit/client` (and `npm pack`, through `prepack`): compiles src/ into dist/,
// what the published package ships and what its `exports` map points at:
//
//   dist/esm/{index,node}.js   ES modules ("type": "module" in dist/esm/package.json)
//   dist/cjs/{index,node}.js   CommonJS   ("type": "commonjs" in dist/cjs/package.json)
//   dist/{esm,cjs}/*.d.ts      declarations, one set per format, so TypeScript reads an ESM import's
//                              types as ESM and a require's as CommonJS
//
// esbuild bundles each entry on its own (relative imports are inlined; openapi-fetch stays a
// dependency), tsc writes the declarations. Inside this repository nothing needs dist/: the workspace
// resolves `@groupsplit/client` to src/ (the `@groupsplit/source` export condition, tsconfig paths).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const CLIENT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(CLIENT, 'dist');
const TYPES = join(DIST, 'types');
const require = createRequire(import.meta.url);
const manifest = JSON.parse(readFileSync(join(CLIENT, 'package.json'), 'utf8'));

const ENTRIES = [
  // The client runs wherever fetch does (Node 20+, browsers, edge runtimes).
  { name: 'index', platform: 'neutral' },
  // Webhook verification uses node:crypto.
  { name: 'node', platform: 'node' },
];
const FORMATS = [
  { dir: 'esm', format: 'esm', type: 'module' },
  { dir: 'cjs', format: 'cjs', type: 'commonjs' },
];

rmSync(DIST, { recursive: true, force: true });

for (const { dir, format, type } of FORMATS) {
  mkdirSync(join(DIST, dir), { recursive: true });
  writeFileSync(join(DIST, dir, 'package.json'), `${JSON.stringify({ type }, null, 2)}\n`);
  for (const entry of ENTRIES) {
    await build({
      entryPoints: [join(CLIENT, 'src', `${entry.name}.ts`)],
      outfile: join(DIST, dir, `${entry.name}.js`),
      bundle: true,
      format,
      platform: entry.platform,
      target: 'es2022',
      packages: 'external',
      logLevel: 'warning',
      banner: { js: `/* ${manifest.name} ${manifest.version} */` },
    });
  }
}

// Declarations: tsc over the entries, then the generated schema (a .d.ts tsc does not copy).
const tsc = spawnSync(
  process.execPath,
  [
    require.resolve('typescript/bin/tsc'),
    ...['--declaration', '--emitDeclarationOnly', '--outDir', TYPES, '--rootDir', join(CLIENT, 'src')],
    ...['--target', 'es2022', '--module', 'commonjs', '--moduleResolution', 'node', '--strict', '--skipLibCheck'],
    ...['--types', 'node', '--lib', 'es2022,dom'],
    join(CLIENT, 'src', 'index.ts'),
    join(CLIENT, 'src', 'node.ts'),
  ],
  { cwd: CLIENT, encoding: 'utf8' },
);
if (tsc.status !== 0) {
  console.error(tsc.stdout, tsc.stderr);
  process.exit(1);
}
copyFileSync(join(CLIENT, 'src', 'schema.d.ts'), join(TYPES, 'schema.d.ts'));

/** Relative specifiers get their `.js`: an ES module's declarations are resolved as strictly as its code. */
const withExtensions = (text) =>
  text.replace(/(from\s+|import\()(['"])(\.{1,2}\/[^'"]+?)(?<!\.js)\2/g, (_, lead, quote, path) => {
    return `${lead}${quote}${path}.js${quote}`;
  });

function declarationFiles(dir, prefix = '') {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? declarationFiles(dir, join(prefix, entry.name)) : [join(prefix, entry.name)],
  );
}

for (const file of declarationFiles(TYPES)) {
  const text = withExtensions(readFileSync(join(TYPES, file), 'utf8'));
  for (const { dir } of FORMATS) {
    mkdirSync(dirname(join(DIST, dir, file)), { recursive: true });
    writeFileSync(join(DIST, dir, file), text);
  }
}
rmSync(TYPES, { recursive: true, force: true });
console.log(`built ${manifest.name} ${manifest.version} into client/dist (esm, cjs, .d.ts)`);
