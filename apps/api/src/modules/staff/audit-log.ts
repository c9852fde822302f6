import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditQuery, Locale } from '@shop/contract';
import { schema, type Db } from '@shop/db';
import { nameSubjects } from './audit-subjects.ts';

export interface AuditRecord {
  actorId: string;
  /** `<entity>.<verb>`, e.g. `goods.update`. */
  action: string;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/** Keys never copied into the log, at any depth: the log is read by staff and must not leak secrets. */
const SECRET_KEY = /password|secret|token|hash/i;

/** A copy of `value` without secret-looking keys; dates become ISO strings as they would in JSON. */
export function withoutSecrets(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return `<${value.length} bytes>`;
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !SECRET_KEY.test(key))
        .map(([key, child]) => [key, withoutSecrets(child)]),
    );
  }
  return value;
}

/**
 * The audit log of staff changes. `record` takes the transaction that makes the change, so a change and its
 * log entry are written together or not at all.
 */
export class AuditLog {
  constructor(private readonly db: Db) {}

  async record(executor: Db, entry: AuditRecord): Promise<void> {
    await executor.insert(schema.auditLog).values({
      actorId: entry.actorId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      before: entry.before === undefined ? null : withoutSecrets(entry.before),
      after: entry.after === undefined ? null : withoutSecrets(entry.after),
    });
  }

  /** A page of the log, newest first, each entry with the thing it acted on named in `locale`. */
  async list(query: AuditQuery, locale: Locale): Promise<{ items: AuditEntry[]; total: number }> {
    const { auditLog, users } = schema;
    const filters: SQL[] = [];
    if (query.entity) filters.push(eq(auditLog.entity, query.entity));
    if (query.entityId) filters.push(eq(auditLog.entityId, query.entityId));
    if (query.actorId) filters.push(eq(auditLog.actorId, query.actorId));
    const where = filters.length ? and(...filters) : undefined;
    const [rows, [totals]] = await Promise.all([
      this.db
        .select({
          id: auditLog.id,
          actorId: auditLog.actorId,
          email: users.email,
          nickname: users.nickname,
          action: auditLog.action,
          entity: auditLog.entity,
          entityId: auditLog.entityId,
          before: auditLog.before,
          after: auditLog.after,
          at: auditLog.at,
        })
        .from(auditLog)
        .innerJoin(users, eq(users.id, auditLog.actorId))
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.seq))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db.select({ total: count() }).from(auditLog).where(where),
    ]);
    const subjects = await nameSubjects(this.db, rows, locale);
    return {
      items: rows.map((row, index) => ({
        id: row.id,
        actor: { id: row.actorId, email: row.email, nickname: row.nickname },
        action: row.action,
        entity: row.entity,
        entityId: row.entityId,
        subject: subjects[index]!,
        before: row.before,
        after: row.after,
        at: row.at.toISOString(),
      })),
      total: totals?.total ?? 0,
    };
  }
}
