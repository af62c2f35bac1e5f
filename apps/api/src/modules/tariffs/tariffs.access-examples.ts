import type { AccessExample } from '../../../test/access-examples.ts';
import { makeViolation } from '../../../test/pricing-fixtures.ts';

const allDay = [{ days: 'all-days', startHour: 0, endHour: 0, energyPriceMicros: 300_000, timePriceMicros: null }];
const idleFee = { enabled: true, pricePerMinute: 30, graceMinutes: 15, dailyCap: null, freeHours: null };
// A moment well after anything else the matrix schedules, distinct per call so versions never collide.
let offset = 0;
const later = () => new Date(Date.now() + 86_400_000 * 365 + (offset += 60_000)).toISOString();

export const accessExamples: AccessExample[] = [
  {
    route: 'GET /web/tariffs',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'PUT /web/tariffs/rates',
    request: (ctx) => ({ payload: { locationId: ctx.insideLocation, currency: 'USD', effectiveFrom: later(), periods: allDay } }),
    outside: (ctx) => ({ payload: { locationId: ctx.outsideLocation, currency: 'USD', effectiveFrom: later(), periods: allDay } }),
  },
  {
    route: 'PUT /web/tariffs/idle-fees',
    request: (ctx) => ({ payload: { locationId: ctx.insideLocation, ...idleFee } }),
    outside: (ctx) => ({ payload: { locationId: ctx.outsideLocation, ...idleFee } }),
  },
  {
    route: 'PUT /web/tariffs/other-fees',
    request: (ctx) => ({ payload: { locationId: ctx.insideLocation, sessionFee: 60 } }),
    outside: (ctx) => ({ payload: { locationId: ctx.outsideLocation, sessionFee: 60 } }),
  },
  {
    route: 'PUT /web/tariffs/violation-rules',
    request: (ctx) => ({ payload: { locationId: ctx.insideLocation, maxStay: { minutes: 240, fee: 1500 }, idleLimit: null } }),
    outside: (ctx) => ({ payload: { locationId: ctx.outsideLocation, maxStay: { minutes: 240, fee: 1500 }, idleLimit: null } }),
  },
  {
    route: 'PUT /web/tariffs/default-session-fee',
    request: () => ({ payload: { currency: 'EUR', amount: 40 } }),
  },
  {
    route: 'GET /web/tariffs/ocpi',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'GET /web/violations',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'GET /web/violations/export',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'POST /web/violations/:id/status',
    request: async (ctx) => ({
      params: { id: await makeViolation(ctx.db, ctx.insideLocation) },
      payload: { status: 'waived', reason: 'Access matrix' },
    }),
    outside: async (ctx) => ({
      params: { id: await makeViolation(ctx.db, ctx.outsideLocation) },
      payload: { status: 'waived', reason: 'Access matrix' },
    }),
  },
];
