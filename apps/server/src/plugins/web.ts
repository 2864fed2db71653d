import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { messages } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app. Hashed assets are cached for a year; every other
 * non-API path answers index.html so the client router can take over.
 */
export async function registerWeb(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  const index = distDir ? path.join(distDir, 'index.html') : undefined;
  const hasWeb = index !== undefined && fs.existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Look files up per request, so a rebuilt web app is served without a restart.
      wildcard: true,
      index: false,
      // Cache headers are ours: hashed assets forever, everything else revalidated.
      cacheControl: false,
      setHeaders(res, file) {
        if (file.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('Cache-Control', 'public, max-age=3600');
        }
      },
    });
    // The root is a folder to the static handler; it is the app's home page to people.
    app.get('/', { schema: { hide: true } }, (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    });
  } else {
    app.log.warn({ distDir }, 'web app not built: only the API is served');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname.startsWith('/api/') || pathname === '/api';
    // A missing hashed asset is a 404: answering HTML where a script was asked for breaks the page quietly.
    const isAsset = pathname.startsWith('/assets/');
    if (isApi || isAsset || !hasWeb || !['GET', 'HEAD'].includes(request.method)) {
      return reply.status(404).send({ message: messages.server.notFound });
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
