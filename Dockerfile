# The Ikimina server. Node 24 (MikroORM 7 needs >= 22.17).
FROM node:24-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
# Dev dependencies are needed at run time: tsx runs the TypeScript and vite builds the client.
RUN npm ci --include=dev --no-audit --no-fund
COPY . .
RUN npx vite build --config web/vite.config.ts || echo "web client not built: serving the API only"
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["npm", "start"]
