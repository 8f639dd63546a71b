# Tour Booking: production image (see docs/deployment.md).
#
#   docker build -t tour-booking .
#   docker run -p 3000:3000 -v tour-booking-data:/data tour-booking        # embedded database
#   docker run -p 3000:3000 -e DATABASE_URL=postgresql://... -e SESSION_SECRET=... \
#     -e PUBLIC_URL=https://tours.example.com tour-booking
#
# Plain Dockerfile syntax only (no BuildKit-only features such as `COPY --link` or `RUN --mount`),
# so that buildah/podman build it as well as docker. The base image is an argument so that a
# mirrored or pinned image can be used: --build-arg BASE_IMAGE=...
ARG BASE_IMAGE=node:24-bookworm-slim

# ---------------------------------------------------------------- build: install, build, prune
FROM ${BASE_IMAGE} AS build
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false

# Dependencies first, so this layer stays cached while only the sources change. The postinstall
# script applies the framework patches (patches/, patch-package; the install fails when one does
# not apply) and generates the Prisma client (into app/generated), hence the patches, the schema
# and the config here.
COPY package.json package-lock.json prisma.config.ts ./
COPY patches ./patches
COPY scripts/prisma-generate.mjs ./scripts/
COPY prisma ./prisma
# Exactly the locked versions. Dependencies' own install scripts are denied in package.json
# "allowScripts"; none is needed.
RUN npm ci --no-audit --no-fund && npm cache clean --force

COPY . .
# `npm run build` regenerates the Prisma client and runs `remix build` (build/ and public/build/);
# the generated client is bundled into build/index.js and needs only @prisma/client's runtime and
# the driver adapters. Then drop the dev dependencies, the Prisma CLI among them (about 200 MB with
# Prisma Studio and its dev server): nothing runs it in the container, the app migrates itself at
# start-up. @prisma/client names the CLI as an optional peer, which keeps it through the prune
# while package.json lists it, hence its deletion first. The framework patches stay applied in the
# files they changed. The image's package.json has no postinstall (patch-package is gone too).
RUN npm run build \
 && npm pkg delete devDependencies.prisma scripts.postinstall \
 && npm prune --omit=dev --no-audit --no-fund \
 && npm cache clean --force \
 && rm -rf /tmp/tour-booking-prisma-stub

# ---------------------------------------------------------------- runtime: only what runs
FROM ${BASE_IMAGE}
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app

# The application files stay owned by root (read-only for the app user); only /data is writable.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/server ./server
# Invoice PDFs are drawn on a worker thread that runs this file as it is (Node strips its types).
COPY --from=build /app/app/invoicing/invoice-pdf.server.ts ./app/invoicing/
# `node scripts/photos-to-s3.mjs`: copies the photos of UPLOAD_DIR into the S3 bucket (docs/deployment.md).
COPY --from=build /app/scripts/photos-to-s3.mjs ./scripts/
# `node scripts/admin.mjs --email … [--password …]`: creates or resets an administrator (docs/operations.md).
COPY --from=build /app/scripts/admin.mjs ./scripts/
# Migrations are read at start-up from ./prisma/migrations and applied by the app itself.
COPY --from=build /app/prisma ./prisma

# Embedded database (when DATABASE_URL is unset) and the generated session secret.
RUN mkdir -p /data && chown node:node /data
VOLUME /data

USER node
EXPOSE 3000

# No curl in slim images: ask node. /healthz needs no database.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# server/start.mjs applies pending migrations (under Prisma's advisory lock), seeds an empty
# database, then serves; SIGTERM finishes requests in flight.
CMD ["node", "server/start.mjs"]
