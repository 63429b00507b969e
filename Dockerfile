# syntax=docker/dockerfile:1
# Burti: the API and the web app in one image. Build: docker build -t burti .
# Checked without a Docker daemon by `npm run lint:deploy` (see docs/deploy.md).

ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Everything needed to build: all dependencies, then the web app (Vite) and the server (esbuild).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
# Build-time settings of the web app (see .env.example), e.g. --build-arg VITE_TELEGRAM_BOT=MyBot.
ARG VITE_API_URL=""
ARG VITE_TELEGRAM_BOT=BurtiBot
ARG VITE_TELEGRAM_APP=app
RUN npm run build

# 2. Only what the server needs at run time (sharp's prebuilt libvips for this platform included).
FROM ${NODE_IMAGE} AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
# The static ffmpeg builds from npm are for machines without one: the image has Debian's (below).
RUN npm ci --omit=dev --no-audit --no-fund --workspace @burti/server --workspace @burti/shared \
  && rm -rf node_modules/@ffmpeg-installer node_modules/@ffprobe-installer \
  && npm cache clean --force

# 3. The image: Node, production dependencies, the compiled server, its migrations and the web build.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=runtime-deps /app/package.json ./package.json
COPY --from=build /app/packages/shared ./packages/shared
COPY --from=build /app/apps/server/package.json ./apps/server/package.json
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/server/drizzle ./apps/server/drizzle
COPY --from=build /app/apps/web/dist ./apps/web/dist
# Videos are remuxed without their metadata and given a poster frame by ffmpeg (apps/server/src/lib/video.ts).
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /data && chown node:node /data
# The image's unprivileged user (uid 1000).
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM: the server ends its streams, finishes requests and jobs, and exits within SHUTDOWN_TIMEOUT_S.
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/main.js"]
