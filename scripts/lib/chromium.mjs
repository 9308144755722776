// Finds Debian's chromium for the browser tests, installing it with apt-get when it is missing
// (root only). `npm test` calls ensureChromium() before Jest starts; the browser suites call it again
// (then it only finds the path) so that a bare `npx jest` run works too.
import { ensureDebianTool } from './debian-tool.mjs';

/** The chromium executable's path; installs the Debian package first when it is not there. */
export const ensureChromium = () =>
  ensureDebianTool({
    program: 'chromium',
    envVar: 'CHROMIUM_PATH',
    paths: ['/usr/bin/chromium', '/usr/bin/chromium-browser'],
    debianPackage: 'chromium',
    why: 'the browser tests',
  });

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensureChromium());
}
