# The app (web build + compiled API) on one port. Data lives in /data (PGlite) unless DATABASE_URL is set.

# Build stage: every dependency, the web build and the API bundle; then `pnpm deploy --prod` copies
# the API (its package.json "files": dist/) with its production dependencies only into /deploy.
FROM node:20.20.2-bookworm-slim AS build
RUN npm install -g pnpm@10.34.9
ENV TURBO_TELEMETRY_DISABLED=1
WORKDIR /src
COPY . .
RUN pnpm install --frozen-lockfile \
 && pnpm build \
 && pnpm --filter @linz/api deploy --prod --legacy /deploy/apps/api

# Final stage: node, the API bundle with its production node_modules, and the built web app, in the
# same relative places as in the repository (the API finds the web app at ../../web/dist).
# No pnpm, no TypeScript toolchain, no tsx.
FROM node:20.20.2-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=build /deploy/apps/api ./apps/api
COPY --from=build /src/apps/web/dist ./apps/web/dist
RUN mkdir -p /data && chown node /data
VOLUME /data
EXPOSE 3000
USER node
WORKDIR /app/apps/api
CMD ["node", "--enable-source-maps", "dist/server.js"]
