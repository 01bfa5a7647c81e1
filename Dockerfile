# Listo's container image (docs/deploy.md, "Container image"): the app built in the first stage,
# only what runs in the last. BASE_IMAGE is Node 24 on Debian slim; CI, which reaches no container
# registry, builds an equivalent one itself and passes it (.ci/containers.sh).
ARG BASE_IMAGE=node:24-bookworm-slim

FROM ${BASE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# No install scripts: better-sqlite3 would compile itself (needing Python and a compiler) where its
# package already holds a build for this system, which it loads.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

# The packages the server needs at run time. The web app's own (React, its components, icons) are
# in the bundle under dist/ and are left out; so are the sources and the other systems' builds of
# better-sqlite3, and what only editors and readers use (type declarations, source maps, docs).
FROM ${BASE_IMAGE} AS runtime-packages
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && rm -rf node_modules/react node_modules/react-dom node_modules/react-router node_modules/lucide-react \
      node_modules/@radix-ui node_modules/@tanstack node_modules/@use-gesture node_modules/idb-keyval \
      node_modules/better-sqlite3/deps node_modules/better-sqlite3/src \
 && find node_modules/better-sqlite3/prebuilds -type f ! -name 'linux-*' -delete \
 && find node_modules -type f \( -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -name '*.map' -o -name '*.md' \) -delete \
 && rm -rf node_modules/@types \
 && npm cache clean --force

FROM ${BASE_IMAGE}
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=runtime-packages /app/node_modules node_modules
COPY --from=build /app/dist dist
COPY package.json ./
COPY common common
COPY server server
COPY scripts/backup.ts scripts/restore.ts scripts/
# /data belongs to uid 1000 and group 0, group-writable (and new files keep group 0): the image runs
# as 1000, and a platform that runs it as any other user in group 0 (`--user 12345`, OpenShift)
# may write there too.
RUN mkdir -p /data && chown 1000:0 /data && chmod 2775 /data
VOLUME /data
USER 1000
EXPOSE 3000
# In Node: the image has no curl. /api/v1/ready is the one for orchestrators (docs/api.md).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/v1/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node is process 1 and handles SIGTERM itself: requests finish, sockets close with a reason.
STOPSIGNAL SIGTERM
CMD ["node", "server/main.ts"]
