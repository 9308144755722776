# syntax=docker/dockerfile:1
# One image for every groupsplit process; the command picks which one (docs/deploy.md):
#   node dist/services/gateway/src/main.js                 (default)
#   node dist/services/merchants/src/main.js
#   node dist/services/checkout/src/main.js
#   node dist/services/processor-emulator/src/main.js
#   node dist/services/worker/src/main.js                  (loads dist/services/worker/src/workflow-bundle.js)
#   node dist/packages/db/src/migrate-cli.js               (one-shot: database migrations)
#   node dist/services/worker/src/temporal-setup-cli.js    (one-shot: Temporal namespace and search attributes)
ARG NODE_IMAGE=node:20.20.2-bookworm-slim

# ---- the lockfile and every workspace manifest, so dependency layers change only with them
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
# The npm the lockfile is written with (package.json "packageManager").
RUN npm install --global npm@11.19.1 --no-audit --no-fund
COPY package.json package-lock.json ./
COPY packages/auth/package.json packages/auth/
COPY packages/config/package.json packages/config/
COPY packages/core/package.json packages/core/
COPY packages/db/package.json packages/db/
COPY packages/email/package.json packages/email/
COPY packages/events/package.json packages/events/
COPY packages/http/package.json packages/http/
COPY packages/metrics/package.json packages/metrics/
COPY packages/net/package.json packages/net/
COPY packages/processor/package.json packages/processor/
COPY packages/temporal/package.json packages/temporal/
COPY shared/package.json shared/
COPY workflows/package.json workflows/
COPY activities/package.json activities/
COPY services/gateway/package.json services/gateway/
COPY services/merchants/package.json services/merchants/
COPY services/checkout/package.json services/checkout/
COPY services/worker/package.json services/worker/
COPY services/processor-emulator/package.json services/processor-emulator/
COPY testing/package.json testing/
COPY dashboard/package.json dashboard/
COPY client/package.json client/
COPY examples/merchant-server/package.json examples/merchant-server/

# ---- build: every dependency, then `npm run build` (JavaScript under dist/ plus the workflow bundle)
FROM manifests AS build
# `npm install`, not `npm ci`: the lockfile lists only the platform binaries of the machines it was
# written on, and `npm ci` refuses that (scripts/lib/deps.mjs). `npm install` keeps every version it lists.
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

# ---- production dependencies only: no compilers, test tools or type packages
FROM manifests AS production-deps
RUN npm install --omit=dev --no-audit --no-fund \
  # The workspace links point at TypeScript sources; dist/node_modules has the compiled ones.
  && rm -rf node_modules/@groupsplit \
  # The Temporal core ships a native library per platform; keep this machine's only.
  && keep="$(uname -m)-unknown-linux-gnu" \
  && find node_modules/@temporalio/core-bridge/releases -mindepth 1 -maxdepth 1 ! -name "$keep" -exec rm -rf {} + \
  && npm cache clean --force

# ---- runtime: node, production dependencies and dist/; no npm, no sources, no TypeScript
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
  NODE_OPTIONS=--enable-source-maps
WORKDIR /app
# Nothing here installs packages at run time; fewer tools, less to patch.
RUN rm -rf /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/corepack \
  /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack /usr/local/bin/yarn /usr/local/bin/yarnpkg /opt/yarn-*
# Owned by root and read-only for the process: the app cannot rewrite its own code.
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY deploy/docker/healthcheck.mjs ./healthcheck.mjs
# The image's `node` user, by number so that Kubernetes' runAsNonRoot can verify it.
USER 1000:1000
EXPOSE 3000 3001 3002 3010 3020
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 CMD ["node", "healthcheck.mjs"]
CMD ["node", "dist/services/gateway/src/main.js"]
