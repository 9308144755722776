// Finds Debian's chromium for the browser tests, installing it with apt-get when it is missing
// (root only). `npm test` calls ensureChromium() before Jest starts; the browser suites call it again
// (then it only finds the path) so that a bare `npx jest` run works too.
import { CHROMIUM, ensureDebianTool } from './debian-tool.mjs';

/** The chromium executable's path; installs its Debian package first when it is not there. */
export const ensureChromium = () => ensureDebianTool(CHROMIUM);

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensureChromium());
}
