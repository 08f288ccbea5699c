# The product in one image: API + both apps, served by one Node process on port 3000.
FROM node:20-bookworm-slim AS build
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

FROM node:20-bookworm-slim
# Chromium renders the submission PDFs.
RUN apt-get update && apt-get install -y --no-install-recommends chromium fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production PORT=3000 CHROMIUM_PATH=/usr/bin/chromium
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "api/dist/main.js"]
