import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, searchSynonymsInputSchema, searchSynonymsSchema } from '@shop/contract';
import { ok } from '../../plugins/envelope.ts';
import type { StaffAccessControl } from '../staff/staff-access.ts';
import type { SearchSynonymsService } from './search-synonyms.service.ts';

const tags = ['admin: settings'];

/** Staff's search synonyms, for admins (like the other settings). `synonymsChanged` applies them everywhere. */
export function searchSynonymsRoutes(
  app: FastifyInstance,
  service: SearchSynonymsService,
  access: StaffAccessControl,
  synonymsChanged: (groups: Awaited<ReturnType<SearchSynonymsService['get']>>['groups']) => Promise<void>,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' } as const;

  routes.get(
    '/v1/admin/search/synonyms',
    {
      config: admin,
      schema: {
        tags,
        summary: "The search's synonym groups in every language",
        querystring: z.strictObject({}),
        response: { 200: envelopeSchema(searchSynonymsSchema) },
      },
    },
    async () => ok(await service.get()),
  );

  routes.put(
    '/v1/admin/search/synonyms',
    {
      config: admin,
      schema: {
        tags,
        summary: "Replace the search's synonym groups; searches use them at once, on every instance",
        body: searchSynonymsInputSchema,
        response: { 200: envelopeSchema(searchSynonymsSchema) },
      },
    },
    async (request) => {
      const saved = await service.replace(request.body, access.memberOf(request).id);
      await synonymsChanged(saved.groups);
      return ok(saved);
    },
  );
}
