// Finds promtool (Debian's `prometheus` package ships it) for the alert-rule tests, installing the package
// with apt-get when it is missing (root only). `npm test` calls ensurePromtool() before Jest starts. Only
// promtool is used: the package's server is not started (there is no init system in CI).
import { ensureDebianTool, PROMTOOL } from './debian-tool.mjs';

/** The promtool's path; installs its Debian package first when it is not there. */
export const ensurePromtool = () => ensureDebianTool(PROMTOOL);

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensurePromtool());
}
