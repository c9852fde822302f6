import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  analysisQuerySchema,
  analysisSchema,
  envelopeSchema,
  goalBodySchema,
  goalSchema,
  goalsQuerySchema,
  idParamsSchema,
  monitorSnapshotSchema,
  monitorStreamQuerySchema,
  pagedEnvelopeSchema,
  staffPersonSchema,
  workplaceSchema,
} from '@shop/contract';
import { ok, paged } from '../../plugins/envelope.ts';
import type { StaffAccessControl } from '../staff/staff-access.ts';
import type { DashboardService } from './dashboard.service.ts';
import type { GoalsService } from './goals.service.ts';
import type { MonitorStreams } from './monitor-stream.ts';

const tags = ['admin: dashboard'];

/** The dashboard (analysis, workplace, monitor and its live stream) and sales goals; any member of staff. */
export function dashboardRoutes(
  app: FastifyInstance,
  services: { dashboard: DashboardService; goals: GoalsService; streams: MonitorStreams },
  access: StaffAccessControl,
) {
  const { dashboard, goals, streams } = services;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'staff' } as const;

  routes.get(
    '/v1/admin/dashboard/analysis',
    {
      config,
      schema: {
        tags,
        summary:
          'Sales, orders, visitors, conversion, top goods and sales by category over UTC days `from`…`to` (at most two years)',
        querystring: analysisQuerySchema,
        response: { 200: envelopeSchema(analysisSchema) },
      },
    },
    async (request) => ok(await dashboard.analysis(request.query, request.locale)),
  );

  routes.get(
    '/v1/admin/dashboard/workplace',
    {
      config,
      schema: {
        tags,
        summary:
          'To-dos (orders to ship, low stock, coupons ending soon), recent activity and the caller’s goals',
        response: { 200: envelopeSchema(workplaceSchema) },
      },
    },
    async (request) => ok(await dashboard.workplace(access.memberOf(request), request.locale)),
  );

  routes.get(
    '/v1/admin/monitor',
    {
      config,
      schema: {
        tags,
        summary:
          'Today’s running totals (UTC) with the latest orders and activity: the monitor’s first paint',
        response: { 200: envelopeSchema(monitorSnapshotSchema) },
      },
    },
    async (request) => ok(await dashboard.monitorSnapshot(request.locale)),
  );

  routes.get(
    '/v1/admin/monitor/events',
    {
      config,
      schema: {
        tags,
        summary:
          'Live orders and activity as server-sent events (text/event-stream); resumes after Last-Event-ID or `lastEventId`',
        querystring: monitorStreamQuerySchema,
      },
    },
    async (request, reply) => {
      const header = request.headers['last-event-id'];
      const lastEventId = (typeof header === 'string' && header.slice(0, 100)) || request.query.lastEventId;
      streams.open(request, reply, access.memberOf(request).id, lastEventId);
      return reply;
    },
  );
  app.addHook('preClose', async () => streams.closeAll());

  routes.get(
    '/v1/admin/goals',
    {
      config,
      schema: {
        tags,
        summary: 'Sales goals the caller may see, latest end first, with their progress',
        querystring: goalsQuerySchema,
        response: { 200: pagedEnvelopeSchema(goalSchema) },
      },
    },
    async (request) => {
      const { items, meta } = await goals.list(
        access.memberOf(request),
        request.query.page,
        request.query.pageSize,
      );
      return paged(items, meta);
    },
  );

  routes.get(
    '/v1/admin/goals/people',
    {
      config,
      schema: {
        tags,
        summary: 'Active members of staff, to invite to a goal or share it with',
        response: { 200: envelopeSchema(z.array(staffPersonSchema)) },
      },
    },
    async () => ok(await goals.people()),
  );

  routes.get(
    '/v1/admin/goals/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One sales goal the caller may see',
        params: idParamsSchema,
        response: { 200: envelopeSchema(goalSchema) },
      },
    },
    async (request) => ok(await goals.get(access.memberOf(request), request.params.id)),
  );

  routes.post(
    '/v1/admin/goals',
    {
      config,
      schema: {
        tags,
        summary: 'Set a sales goal (the template’s goal form); audited',
        body: goalBodySchema,
        response: { 201: envelopeSchema(goalSchema) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(ok(await goals.create(access.memberOf(request), request.body))),
  );

  routes.put(
    '/v1/admin/goals/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change a sales goal: its creator or an admin; audited',
        params: idParamsSchema,
        body: goalBodySchema,
        response: { 200: envelopeSchema(goalSchema) },
      },
    },
    async (request) => ok(await goals.update(access.memberOf(request), request.params.id, request.body)),
  );

  routes.delete(
    '/v1/admin/goals/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a sales goal: its creator or an admin; audited',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await goals.delete(access.memberOf(request), request.params.id);
      return ok(null);
    },
  );
}
