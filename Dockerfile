# syntax=docker/dockerfile:1
#
# One image for every Tuerca process: SERVICES picks the contexts it runs, ROLE whether it serves
# HTTP (api), runs relays, consumers and jobs (worker), or both (all). See docker-compose.yml.
#
#   docker build -t tuerca-app .                 the app (last stage, `runtime`)
#   docker build --target web -t tuerca-web .    nginx with the console builds
#
# The project pins Node through the npm `node` package (a devDependency); in the image the system
# Node 24 of the base image runs the built dist, and the pinned one is pruned with the dev deps.

ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS base
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
WORKDIR /app

# The workspace manifests alone, so that `npm ci` below is re-run when dependencies change and not
# on every source edit (the COPY --from is cached by the content of these files).
FROM base AS manifests
COPY . .
RUN find . -type f ! -name package.json ! -name package-lock.json ! -name .npmrc -delete \
 && find . -type d -empty -delete

FROM base AS build
COPY --from=manifests /app ./
RUN --mount=type=cache,target=/root/.npm npm ci
COPY . .
# swc builds each service workspace's src to dist (services/app/src/main.ts -> services/app/dist/main.js);
# the consoles build with Vite to consoles/customer/dist and consoles/admin/dist.
RUN npm run build \
 && test -f consoles/customer/dist/index.html && test -f consoles/admin/dist/index.html \
 && npm prune --omit=dev

# The edge: nginx routes each context's HTTP prefixes and serves the consoles. Its configuration is the
# template infra/nginx/templates/tuerca.conf.template, rendered by the image at start (envsubst) with the
# variables docker-compose.yml gives the service; the image's own nginx.conf includes the result.
FROM nginx:1.28-alpine AS web
RUN rm -f /etc/nginx/conf.d/default.conf
COPY --from=build /app/consoles/customer/dist /usr/share/nginx/html/customer
COPY --from=build /app/consoles/admin/dist /usr/share/nginx/html/admin
COPY infra/nginx/templates /etc/nginx/templates

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
WORKDIR /app
# Fonts for the text drawn into images (brand wordmarks, product photos): librsvg sets SVG text with them.
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
# Owned by root and read-only to the process: the app writes only to PostgreSQL, Redis and Kafka.
COPY --from=build /app ./
USER node
EXPOSE 8080
CMD ["node", "services/app/dist/main.js"]
