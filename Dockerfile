# One image for every groupsplit process; docker-compose.yml picks the entry point per service.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY workflows/package.json workflows/
COPY activities/package.json activities/
COPY services/gateway/package.json services/gateway/
COPY services/merchants/package.json services/merchants/
COPY services/checkout/package.json services/checkout/
COPY services/worker/package.json services/worker/
COPY services/processor-emulator/package.json services/processor-emulator/
COPY testing/package.json testing/
# npm install, not npm ci: see scripts/lib/deps.mjs for why the lockfile lists only linux-x64 binaries.
RUN npm install --no-audit --no-fund
COPY . .
USER node
# Overridden per service, e.g. services/gateway/src/main.ts
CMD ["node", "--import", "tsx", "services/gateway/src/main.ts"]
