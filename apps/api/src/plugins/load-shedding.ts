import { ERROR_CODES } from '@wattdesk/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LoadShedder, type AdmissionPolicy, type LeaveLine } from '../lib/load-shedder.ts';

const ADMITTED = Symbol('admitted');
/** Takes the request out of the line if its client goes away while it waits. */
const LEAVE_LINE = Symbol('leaveLine');

declare module 'fastify' {
  interface FastifyRequest {
    [ADMITTED]?: boolean;
    [LEAVE_LINE]?: LeaveLine;
  }
}

/** Lines API requests up in front of the database, and answers 503 quickly only when it is saturated. */
export const loadSheddingPlugin = fp(async (app: FastifyInstance, policy: AdmissionPolicy) => {
  const shedder = new LoadShedder(policy);
  app.decorate('loadShedder', shedder);
  // Under overload the refusal itself must be cheap: a prepared body, no trip through the error handler.
  const overloadedBody = JSON.stringify({ responseCode: 503, msg: [ERROR_CODES.OVERLOADED.message], code: 'OVERLOADED' });
  const refuse = (reply: FastifyReply) => reply.code(503).header('retry-after', '1').type('application/json; charset=utf-8').send(overloadedBody);

  const release = (request: { [ADMITTED]?: boolean }) => {
    if (!request[ADMITTED]) return;
    request[ADMITTED] = false;
    shedder.release();
  };

  // Callbacks, not promises: every API request passes here, and under overload most of them are refused.
  app.addHook('onRequest', (request, reply, done) => {
    // Only the API touches the database; static files and the health check are always served.
    if (!request.routeOptions.url?.startsWith('/web/') || request.routeOptions.config.ownQueue) return done();
    // Leaving is a no-op once the request has been admitted or refused, so the function is kept either way.
    request[LEAVE_LINE] = shedder.enter(
      () => {
        request[ADMITTED] = true;
        done();
      },
      () => refuse(reply),
    );
  });
  // A long-lived answer (the live feed) gives its slot back once it has started streaming.
  app.decorate('releaseAdmission', release);
  app.addHook('onResponse', (request, _reply, done) => {
    release(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    request[LEAVE_LINE]?.();
    release(request);
    done();
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    loadShedder: LoadShedder;
    releaseAdmission: (request: FastifyRequest) => void;
  }
}
