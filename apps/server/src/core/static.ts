import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MSG } from '@portal/shared';
import { serverRoot } from './paths';

/** The public pages with their own HTML entry (their own small bundle, none of the admin app). */
const PUBLIC_PAGES = new Map([
  ['/list-service', 'list-service.html'],
  // the waiting room (issue 22): the link's token follows '#', so the path is all the server sees
  ['/display', 'display.html'],
  ['/kiosk', 'kiosk.html'],
]);

/**
 * Serves the built web app: hashed assets with a long cache, every other non-API path
 * falls back to the admin app's index.html (the web router answers unknown routes).
 */
export async function installStatic(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: path.join(serverRoot, 'public'),
    prefix: '/static/',
    decorateReply: false,
    maxAge: '1d',
  });
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: false,
      wildcard: false,
      setHeaders(reply, file) {
        reply.header('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const pages = new Map<string, string>();
  const page = (name: string) => {
    if (!pages.has(name)) {
      const file = path.join(webDist, name);
      pages.set(name, fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
    }
    return pages.get(name)!;
  };
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0]!;
    if (url.startsWith('/api/') || req.method !== 'GET' || !hasWeb) {
      return reply.code(404).send({ code: 404, message: MSG.routeNotFound });
    }
    const own = PUBLIC_PAGES.get(url);
    const entry = own && page(own) ? own : 'index.html';
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page(entry));
  });
}
