// `prepublishOnly`: stops a real `npm publish` under a scope we do not own. The `@groupsplit` scope on
// the public registry is not ours (README.md, "Publishing"): whoever owns it could publish a package of
// this name, and our publish would fail or, worse, succeed into someone else's organisation. A dry run
// (`npm publish --dry-run`) is always let through; a real publish needs GROUPSPLIT_NPM_SCOPE_OWNED=1,
// set by whoever has checked that the package's scope (`name` in package.json) is an npm organisation we own.
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const dryRun = process.env.npm_config_dry_run === 'true';
if (!dryRun && process.env.GROUPSPLIT_NPM_SCOPE_OWNED !== '1') {
  console.error(
    `Refusing to publish ${manifest.name}@${manifest.version}: its scope must be an npm organisation we own. ` +
      'Check it (README.md, "Publishing"), rename the package if it is not, then publish with GROUPSPLIT_NPM_SCOPE_OWNED=1.',
  );
  process.exit(1);
}
