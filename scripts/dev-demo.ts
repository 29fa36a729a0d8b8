import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { demoBackend, DEMO_WEBHOOK_PATH, visitorCookie, visitorOf } from '../sandbox/demo-endpoint.mjs';
import { SANDBOX_WEBHOOK_SECRET } from '../sandbox/keys.mjs';
import { startSandbox } from '../sandbox/server.mjs';
// The server companion from its source: `npm run dev` builds nothing (and the Vite config that loads this file
// is also the one `npm run build` runs, so it must not need dist/).
import * as companion from '../src/server/index';

/**
 * `npm run dev`: the demo host page (examples/html) served by Vite from the sources, with live reload,
 * and the sandbox provider on a second origin. What `npm start` serves from dist/, this serves from src/:
 * `/dist/kyc-widget.js` is `src/define.ts`. (The strict CSP of `npm start` is left out: Vite's dev client
 * injects styles.)
 */
export function devDemo({ sandboxPort = 5174 } = {}): Plugin {
  const repo = fileURLToPath(new URL('..', import.meta.url));
  let sandboxOrigin = '';
  return {
    name: 'kyc:dev-demo',
    config: () => ({ server: { host: '127.0.0.1', port: 5173, fs: { allow: [repo] } } }),
    async configureServer(server) {
      // The sandbox's webhooks come back to this server's backend, as in `npm start`.
      const sandbox = await startSandbox({
        host: 'localhost',
        port: sandboxPort,
        webhookUrl: (provider: string) => `http://127.0.0.1:5173${DEMO_WEBHOOK_PATH}${provider}`,
        webhookSecret: SANDBOX_WEBHOOK_SECRET,
      });
      sandboxOrigin = sandbox.origin;
      server.httpServer?.once('close', () => void sandbox.close());
      const backend = demoBackend({ server: companion, sandboxOrigin, allowedOrigins: ['http://127.0.0.1:5173'] });
      server.middlewares.use((req, res, next) => {
        // The demo's signed-in user (demo-endpoint.mjs): a visitor cookie on the first page.
        if (req.headers.accept?.includes('text/html') && !visitorOf(req.headers.cookie))
          res.setHeader('Set-Cookie', visitorCookie());
        void backend(req, res).then((handled) => handled || next());
      });
      server.middlewares.use((req, _res, next) => {
        const url = req.url ?? '/';
        if (url === '/' || url.startsWith('/?')) req.url = `/examples/html/index.html${url.slice(1)}`;
        else if (url.startsWith('/dist/kyc-widget.js')) req.url = '/src/define.ts';
        else if (/^\/(demo|plain)\.(js|css)/.test(url)) req.url = `/examples/html${url}`;
        next();
      });
      server.httpServer?.once('listening', () => {
        setTimeout(() =>
          server.config.logger.info(
            `\n  kyc-widget dev demo: http://127.0.0.1:5173/  (sandbox provider: ${sandboxOrigin})\n`,
          ),
        );
      });
    },
    transformIndexHtml: (html) => html.replaceAll('%SANDBOX_ORIGIN%', sandboxOrigin),
  };
}
