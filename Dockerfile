# The app (web build + API) on one port. Data lives in /data (PGlite) unless DATABASE_URL is set.
FROM node:20-bookworm-slim
RUN npm install -g pnpm@10.34.9
WORKDIR /app
COPY . .
RUN pnpm install --frozen-lockfile && pnpm --filter @linz/web build
ENV PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
RUN mkdir -p /data && chown node /data
VOLUME /data
EXPOSE 3000
USER node
CMD ["pnpm", "--filter", "@linz/api", "run", "serve"]
