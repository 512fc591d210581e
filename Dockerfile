# The game server with the built web app and the embedded SQLite store; its data lives in /data.
FROM node:20-bookworm-slim

# No compiler needed: the SQLite driver (libsql) ships its binary in a registry package.
RUN npm i -g pnpm@12.4.2

WORKDIR /app
# Manifests first, so the install layer is reused while only sources change.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml tsconfig.base.json ./
COPY packages/rules/package.json packages/rules/
COPY packages/protocol/package.json packages/protocol/
COPY packages/engine/package.json packages/engine/
COPY packages/solver/package.json packages/solver/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN pnpm install --frozen-lockfile

COPY packages packages
COPY apps apps
# The web app, and the server bundled to plain JavaScript (no TypeScript compiled at start).
RUN pnpm build \
  && mkdir -p /data && chown node:node /data

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    LOG_FORMAT=json
VOLUME ["/data"]
EXPOSE 3000
USER node
WORKDIR /app/apps/server
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# One node process (no wrapper), so SIGTERM reaches the server and it shuts down cleanly. The flags are those of
# apps/server's `start` script (built-server.test.ts checks that they agree).
CMD ["node", "--enable-source-maps", "dist/server.mjs"]
