# The site as a container image (README "Deploying", ADR 0031).
#
#   docker build -t studio-site .
#   docker run -p 3000:3000 -v studio-data:/data -e PUBLIC_URL=… -e JWT_SECRET=… studio-site
#
# NODE_IMAGE builds the app: the official Node 20 image on Debian slim by default (any image with Node 20 at
# /usr/local/bin/node, its headers in /usr/local/include/node, npm and apt-get will do). RUNTIME_IMAGE runs
# it: the Debian slim release that image is made from, with only its `node` binary copied in; npm, yarn,
# corepack and Node's C headers (together some 80 MB) are of no use to the running app (ADR 0031).
# `npm run test:container` builds stand-ins for both from Debian packages where no registry is reachable.
ARG NODE_IMAGE=node:20-bookworm-slim
ARG RUNTIME_IMAGE=debian:bookworm-slim

# --- build: all dependencies, the bundles, then only what runs ---------------------------------------------
FROM ${NODE_IMAGE} AS build
# Native modules (better-sqlite3, argon2) compile here when no prebuilt binary can be downloaded, against
# the image's own Node headers rather than headers fetched from nodejs.org.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local \
    npm_config_audit=false \
    npm_config_fund=false \
    npm_config_update_notifier=false
WORKDIR /app
COPY package.json package-lock.json ./
# `npm install` keeps the locked versions; `npm ci` refuses a lock made on a registry without other
# platforms' optional binaries (ADR 0001).
RUN npm install
COPY . .
RUN npm run build && npm prune --omit=dev
# What the running app never reads (ADR 0031): type declarations, source maps and documents of dependencies;
# TypeScript (an optional peer of @react-router/node that npm keeps); the SQLite sources and compiler output
# better-sqlite3 was built from (only its addon, build/Release/better_sqlite3.node, is loaded); pdfkit's
# builds for browsers and old runtimes; and the DejaVu faces the built code does not name (the certificate
# uses six of the package's 22). React's development builds stay: Node's import of React reads both of its
# builds' export names, whichever NODE_ENV picks.
RUN rm -rf node_modules/typescript \
    node_modules/better-sqlite3/deps node_modules/better-sqlite3/src \
    node_modules/better-sqlite3/build/Release/obj node_modules/better-sqlite3/build/Release/obj.target \
    node_modules/better-sqlite3/build/Release/.deps node_modules/better-sqlite3/build/Release/sqlite3.a \
    node_modules/pdfkit/js/pdfkit.browser.* node_modules/pdfkit/js/pdfkit.standalone.js \
    node_modules/pdfkit/js/pdfkit.old.js \
  && find node_modules -type f \( -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -name '*.map' \
    -o -iname '*.md' \) -delete \
  && for face in node_modules/dejavu-fonts-ttf/ttf/*.ttf; do \
       grep -qF "$(basename "$face")" dist/server.js dist/chunks/*.js || rm "$face"; \
     done

# --- runtime: Node, the built app and its production dependencies, run as `node` ---------------------------
FROM ${RUNTIME_IMAGE}
COPY --from=build /usr/local/bin/node /usr/local/bin/node
RUN groupadd --gid 1000 node \
  && useradd --uid 1000 --gid node --no-create-home --home-dir /data --shell /usr/sbin/nologin node \
  && mkdir -p /data && chown node:node /data && chmod 0700 /data
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2
WORKDIR /app
# The app's files belong to root and are read-only to the process; only /data is its to write.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/build ./build
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready means the database answers with this release's migrations and the store is reachable.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains within SHUTDOWN_GRACE_SECONDS (default 15 s, ADR 0034): `docker stop` waits only 10 s
# unless told otherwise, so run with --stop-timeout 25 (compose.yaml sets stop_grace_period: 25s).
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "dist/server.js"]
