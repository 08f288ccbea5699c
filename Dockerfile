# The product in one image: API + both apps, served by one Node process on port 3000.
# Node.js 24, the maintained LTS (package.json engines says which others the dependencies accept).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY libs/domain/package.json libs/domain/
COPY libs/api-client/package.json libs/api-client/
COPY libs/step-views/package.json libs/step-views/
COPY api/package.json api/
COPY applicant-ui/package.json applicant-ui/
COPY admin-ui/package.json admin-ui/
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/build.mjs --all && npm prune --omit=dev --workspaces --include-workspace-root

FROM node:24-bookworm-slim
# Chromium renders the submission PDFs.
RUN apt-get update && apt-get install -y --no-install-recommends chromium fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
# The code in /app belongs to root and is only read. Everything the product writes goes to
# DATA_DIR (the upload staging folder, local files when S3 is not set, the embedded PostgreSQL
# when DATABASE_URL is not set): a volume owned by the unprivileged `node` user (uid 1000).
ENV NODE_ENV=production PORT=3000 CHROMIUM_PATH=/usr/bin/chromium DATA_DIR=/var/lib/impact-calls
RUN mkdir -p /var/lib/impact-calls && chown node:node /var/lib/impact-calls
WORKDIR /app
COPY --from=build /app /app
USER node
VOLUME ["/var/lib/impact-calls"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:3000/api/health/ready').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# The only process: if it exits, the container stops, and its restart policy starts it again
# (`restart: unless-stopped` in docker-compose.yml, Kubernetes' restartPolicy; docs/operations.md).
CMD ["node", "--enable-source-maps", "api/dist/main.js"]
