// `npm run tools`: installs every Go tool up front (npm start and npm test also do it on demand).
import { ensureKustomize, ensureMailpit, ensureStripeMock, ensureTemporalCli } from './lib/tools.mjs';

console.log(`temporal:    ${ensureTemporalCli()}`);
console.log(`mailpit:     ${ensureMailpit() ?? 'unavailable (bundled catcher used)'}`);
console.log(`stripe-mock: ${ensureStripeMock()}`);
console.log(`kustomize:   ${ensureKustomize()}`);
