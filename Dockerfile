FROM node:20-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends poppler-utils libreoffice-writer-nogui fonts-dejavu \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV NODE_ENV=production
EXPOSE 3000
# The compiled server (dist/server), as `NODE_ENV=production npm start` runs it.
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
