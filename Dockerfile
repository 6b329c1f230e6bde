# syntax=docker/dockerfile:1
# The app's image: `docker build -t nest-starter-kit .` (compose.yaml runs two of them on PostgreSQL).
# The steps are those of scripts/ci/deployment.mjs, which CI also performs outside a container
# (scripts/ci/production-install.mjs); test/deployment.e2e-spec.ts fails when this file says otherwise.
ARG NODE_VERSION=26

# Build: every dependency, compile, then assemble what a deployment ships into /deployment.
FROM node:${NODE_VERSION}-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
RUN node scripts/ci/deployment.mjs assemble /deployment

# Runtime: the assembled files, production dependencies only (no TypeScript, ts-morph or other build tool: see
# RUNTIME_INSTALL in scripts/ci/deployment.mjs), run as the unprivileged `node` user.
FROM node:${NODE_VERSION}-slim AS runtime
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/data
WORKDIR /app
COPY --from=build /deployment ./
# The files stay root's (the app cannot change its own code); only DATA_DIR (PGlite, without DATABASE_URL) is the app's.
RUN npm ci --omit=dev --omit=optional --no-audit --no-fund && npm cache clean --force && mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# SIGTERM: /health/ready answers 503 at once, the app closes SHUTDOWN_DELAY_SECONDS later and exits 0.
STOPSIGNAL SIGTERM
# Liveness only: a database outage makes the instance unready (/health/ready), never restarted.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/main.js"]
