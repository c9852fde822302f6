import type { FastifyInstance } from 'fastify';
import type { Locale } from '@shop/contract';
import type { Db } from '@shop/db';
import type { Sessions } from '../../plugins/session.ts';
import type { AuditLog } from '../staff/audit-log.ts';
import type { StaffAccessControl } from '../staff/staff-access.ts';
import { ReviewPhotos } from './review-photos.ts';
import { reviewsRoutes } from './reviews.routes.ts';
import { ReviewsService } from './reviews.service.ts';

export interface ReviewsModuleDeps {
  db: Db;
  audit: AuditLog;
  sessions: Sessions;
  access: StaffAccessControl;
  defaultLocale: () => Locale;
  /** Tells the catalog that these goods' published ratings changed (their listing stars and detail). */
  ratingsChanged: (goodsIds: string[]) => Promise<void>;
}

/** Reviews and ratings of goods: shoppers who received them write, staff moderate and reply. */
export function reviewsModule(app: FastifyInstance, deps: ReviewsModuleDeps) {
  const reviews = new ReviewsService(deps.db, deps.audit, deps.ratingsChanged);
  reviewsRoutes(app, reviews, new ReviewPhotos(deps.db), deps.sessions, deps.access, deps.defaultLocale);
  return reviews;
}
