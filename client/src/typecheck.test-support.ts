import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** Helpers of the client's compile tests (not a test file itself). */

/** A shop's own strict settings; `@groupsplit/client` resolves to the client's sources (its `@groupsplit/source` condition). */
export const SHOP_TSCONFIG = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    target: 'es2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    customConditions: ['@groupsplit/source'],
    skipLibCheck: true,
    types: ['node'],
  },
};

/** What `tsc -p` of one check's directory would say: its exit status (0 or 1) and its output. */
export type TypecheckResult = { status: number; output: string };

/** A module augmentation or global declaration would reach the other checks of a shared program. */
const REACHES_OTHER_FILES = /\bdeclare\s+(global|module)\b/;

/**
 * Type-checks each of `checks` (a name, then its files by name) as a shop's own strict TypeScript would:
 * SHOP_TSCONFIG, written beside each check's files as tsconfig.json in a directory of its own in this
 * run, inside the repository so that `@groupsplit/client` resolves as it does for the example shop (`npx
 * tsc -p` there gives the same answer). Returns, per check, the exit status and output `tsc -p` of that
 * directory gives.
 *
 * One compiler program holds every check's files, so the client's sources, its generated schema and
 * TypeScript's lib files are read and checked once, not once per check. The files are ES modules (`.mts`)
 * that import nothing of each other, so each one's diagnostics are what its own program gives; a check whose
 * files declare a global or a module augmentation, which would reach the other files, gets a program of its
 * own. A check's answer is what `tsc -p` prints for its own files, every file the checks share (the
 * client's sources under the shop's settings) and the program as a whole, in tsc's order and format.
 */
export function typecheckAll<Name extends string>(
  checks: Record<Name, Record<string, string>>,
): Record<Name, TypecheckResult> {
  const root = join(process.env.TEST_RUN_DIR!, `client-compile-${process.hrtime.bigint().toString(36)}`);
  const dirs = {} as Record<Name, string>;
  const owner = new Map<string, Name>();
  for (const [name, files] of Object.entries(checks) as [Name, Record<string, string>][]) {
    const dir = join(root, name);
    mkdirSync(dir, { recursive: true });
    for (const [file, source] of Object.entries(files)) {
      writeFileSync(join(dir, file), source);
      owner.set(join(dir, file), name);
    }
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ ...SHOP_TSCONFIG, files: Object.keys(files) }, null, 2));
    dirs[name] = dir;
  }

  const names = Object.keys(checks) as Name[];
  const isolated = names.filter((name) =>
    Object.values(checks[name]).some((source) => REACHES_OTHER_FILES.test(source)),
  );
  const shared = names.filter((name) => !isolated.includes(name));
  const results = {} as Record<Name, TypecheckResult>;
  let oldProgram: ts.Program | undefined;
  for (const group of [shared, ...isolated.map((name) => [name])]) {
    if (group.length === 0) continue;
    // The options tsc reads from the first check's tsconfig.json (its directory for lib and type lookups).
    const options = configOptions(join(dirs[group[0]!], 'tsconfig.json'));
    const rootNames = group.flatMap((name) => Object.keys(checks[name]).map((file) => join(dirs[name], file)));
    const host = ts.createCompilerHost(options);
    host.getCurrentDirectory = () => dirs[group[0]!];
    const program: ts.Program = ts.createProgram({ rootNames, options, host, oldProgram });
    oldProgram = program;
    for (const name of group) {
      // This check's program: its own files and every file the checks share (not another check's files).
      const files = program.getSourceFiles().filter((file) => [undefined, name].includes(owner.get(file.fileName)));
      // What tsc -p reports, in its order: syntax; without syntax errors, options and global; without any of
      // those, semantic (tsc's emitFilesAndReportErrors).
      let diagnostics: ts.Diagnostic[] = files.flatMap((file) => program.getSyntacticDiagnostics(file));
      if (diagnostics.length === 0)
        diagnostics = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
      if (diagnostics.length === 0) diagnostics = files.flatMap((file) => program.getSemanticDiagnostics(file));
      const sorted = ts.sortAndDeduplicateDiagnostics(diagnostics);
      const output = ts.formatDiagnostics(sorted, {
        getCurrentDirectory: () => dirs[name],
        getCanonicalFileName: (fileName) => fileName,
        getNewLine: () => '\n',
      });
      // tsc's exit status with noEmit: 1 when it reports anything.
      results[name] = { status: sorted.length > 0 ? 1 : 0, output };
    }
  }
  return results;
}

function configOptions(path: string): ts.CompilerOptions {
  const config = ts.getParsedCommandLineOfConfigFile(path, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!config || config.errors.length > 0) throw new Error(`${path}: ${JSON.stringify(config?.errors)}`);
  return config.options;
}

/** Type-checks one set of `files` (typecheckAll with one check). */
export function typecheck(files: Record<string, string>): TypecheckResult {
  return typecheckAll({ check: files }).check;
}
