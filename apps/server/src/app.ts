import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import { API_PREFIX, ErrorCode, paths, REQUEST_TIMEOUT_MS } from '@makerdesk/contract';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from './domain/app-error.ts';
import { errorEnvelope, langOf } from './http/envelope.ts';
import { installErrorHandling } from './http/error-handler.ts';
import { answerFrameworkError } from './http/framework-errors.ts';
import { redactPaths, serializers } from './http/log-redaction.ts';
import { refuseNulInput } from './http/nul-guard.ts';
import { setSecurityHeaders } from './http/security-headers.ts';
import { staticHeaders } from './http/static-cache.ts';
import { adminRoutes } from './routes/admin.routes.ts';
import { alertRoutes } from './routes/alert.routes.ts';
import { analysisRoutes } from './routes/analysis.routes.ts';
import { deskRoutes } from './routes/desk.routes.ts';
import { liquidityRoutes } from './routes/liquidity.routes.ts';
import { coinRoutes } from './routes/coin.routes.ts';
import { credentialRoutes } from './routes/credentials.routes.ts';
import { healthRoutes } from './routes/health.routes.ts';
import { internalSimRoutes } from './routes/internal-sim.routes.ts';
import { notificationRoutes } from './routes/notification.routes.ts';
import { metricsRoutes } from './routes/metrics.routes.ts';
import { orderRoutes } from './routes/order.routes.ts';
import { robotRoutes } from './routes/robot.routes.ts';
import { SIM_API_KEY_SCHEME, SIM_BINANCE_ROOT, simBinanceRoutes, type SimBinanceStreamOptions } from './routes/sim-binance.routes.ts';
import type { BinanceLimits } from '@makerdesk/exchange/binance-facade';
import { wsRoutes, type LiveSocketLimits } from './routes/ws.routes.ts';
import type { RoutePlugin } from './routes/route-kit.ts';
import { tradingLogRoutes } from './routes/trading-log.routes.ts';
import { incidentRoutes } from './routes/incident.routes.ts';
import type { Services } from './services/services.ts';

export const apiRoutes: RoutePlugin[] = [healthRoutes, adminRoutes, coinRoutes, credentialRoutes, orderRoutes, notificationRoutes, tradingLogRoutes, robotRoutes, alertRoutes, analysisRoutes, deskRoutes, liquidityRoutes, incidentRoutes];

export interface AppOptions {
  logger?: FastifyServerOptions['logger'];
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  /** MAKERDESK_TRUSTED_PROXIES: only these peers' X-Forwarded-For sets `request.ip`. */
  trustedProxies?: string[];
  /** The live socket's time to authenticate and caps (the contract's by default; tests shorten the time). */
  liveSocket?: LiveSocketLimits;
  /** MAKERDESK_SIM_BINANCE_LIMITS: the limits of the simulator's Binance API (Binance's numbers by default). */
  simBinanceLimits?: BinanceLimits;
  /** Told of every route as it is registered (the access matrix checks that none escapes the OpenAPI document). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
  /** The simulator's Binance streams' listen key validity and key checks (tests shorten them). */
  simBinanceStreams?: Pick<SimBinanceStreamOptions, 'listenKeyValidityMs' | 'keyCheckMs'>;
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return { level, redact: { paths: redactPaths, censor: '[REDACTED]' }, serializers, ...(stream ? { stream } : {}) };
}

export async function buildApp(services: Services, options: AppOptions = {}) {
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: options.logger ?? false }),
    requestTimeout: REQUEST_TIMEOUT_MS,
    // The console polls several calls every few seconds: successful requests log at debug only.
    logController: new LogController({ disableRequestLogging: true }),
    // request.ip is the client: the peer, or the address a trusted proxy forwarded for it. Throttles,
    // login logs and the simulator keys' bound IPs key on it, so an X-Forwarded-For from anyone else is ignored.
    trustProxy: options.trustedProxies && options.trustedProxies.length > 0 ? options.trustedProxies : false,
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.decorateRequest('principal', null);
  app.addHook('onRequest', setSecurityHeaders);
  app.addHook('onResponse', async (request, reply) => {
    // The readiness probe's 503 is its answer (starting, draining, a dependency down), not a server fault.
    const probe = request.url.startsWith(`${API_PREFIX}${paths.healthReady}`);
    const level = reply.statusCode >= 500 && !probe ? 'error' : reply.statusCode >= 400 ? 'info' : 'debug';
    request.log[level]({ req: request, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });
  installErrorHandling(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'MakerDesk /backend API', version: '0.1.0', description: 'Every answer is the envelope {code, data, msg}; code 200 means success.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          [SIM_API_KEY_SCHEME]: {
            type: 'apiKey',
            in: 'header',
            name: 'X-MBX-APIKEY',
            description: 'A simulator API key imported in the console; signed calls add timestamp and signature (HMAC-SHA256 of the query or form body with its secret), as Binance does',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_PREFIX}/docs` });
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });

  await app.register(
    async (api) => {
      api.addHook('preValidation', refuseNulInput);
      for (const routes of apiRoutes) routes(api, services);
      wsRoutes(api, services, options.liveSocket);
      metricsRoutes(api, services);
    },
    { prefix: API_PREFIX },
  );

  await app.register(simBinanceRoutes, {
    prefix: SIM_BINANCE_ROOT,
    venue: services.sim,
    keyFor: (apiKey, clientIp) => services.simKeys.access(apiKey, clientIp),
    ...(options.simBinanceLimits ? { limits: options.simBinanceLimits } : {}),
    streams: { subscribe: (apiKey, symbol, listener) => services.sim.subscribe(apiKey, symbol, listener), ...options.simBinanceStreams },
  });

  // The other servers on the database reach this one's simulator here while it holds the claim.
  await app.register(internalSimRoutes, { venue: () => services.sim.localVenue, key: services.simClusterKey });

  const webDist = services.config.webDist;
  const hasWeb = existsSync(join(webDist, 'index.html'));
  // wildcard: files are looked up per request, so a rebuilt console is served without a restart.
  // preCompressed: the build's .br/.gz copies, by Accept-Encoding; a file without them goes as it is.
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: true, index: 'index.html', preCompressed: true, cacheControl: false, setHeaders: staticHeaders(webDist) });
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(API_PREFIX)) {
      return reply.status(404).send(errorEnvelope(new AppError(ErrorCode.ROUTE_NOT_FOUND), langOf(request)));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.status(404).send();
    // A missing file (an old hashed bundle, a typo) is a 404, never the app shell served as script.
    if (/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '')) return reply.status(404).type('text/plain').send('Not found');
    // The console is a single-page app: every other path, /zh-cn/... included, gets its shell.
    if (!hasWeb) {
      return reply.status(503).type('text/plain').send('The console is not built yet: run `npm run build` (npm start does it for you).');
    }
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}
