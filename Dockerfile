# patience-lab as a container image, for batch studies spread over many machines (see
# docs/scale-out.md: Kubernetes Indexed Job, Slurm). Build: docker build -t patience-lab .
# Run:   docker run --rm -v "$PWD/results:/work/results" patience-lab batch besieged-city --seeds 1..1000

# Build stage: the full toolchain compiles TypeScript to dist/, then dev packages are dropped.
FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build && npm prune --omit=dev

# Run stage: plain node, the compiled CLI and its runtime packages only.
FROM node:20-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# `patience` on PATH, for shells in job specs (sh -c "patience batch … --shard $((I + 1))/N").
RUN chmod +x dist/src/cli.js && ln -s /app/dist/src/cli.js /usr/local/bin/patience \
 && mkdir -p /work/results && chown -R node:node /work
USER node
# Commands write results/<game>.csv relative to the working directory: that folder is the volume.
WORKDIR /work
VOLUME ["/work/results"]
ENTRYPOINT ["patience"]
CMD ["--help"]
