// Finds promtool (Debian's `prometheus` package ships it) for the alert-rule tests, installing the package
// with apt-get when it is missing (root only). `npm test` calls ensurePromtool() before Jest starts. Only
// promtool is used: the package's server is not started (there is no init system in CI).
import { ensureDebianTool } from './debian-tool.mjs';

export const ensurePromtool = () =>
  ensureDebianTool({
    program: 'promtool',
    envVar: 'PROMTOOL_PATH',
    paths: ['/usr/bin/promtool', '/usr/local/bin/promtool'],
    debianPackage: 'prometheus',
    why: 'promtool, for the alert-rule tests',
  });

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensurePromtool());
}
