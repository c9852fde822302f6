import { and, asc, count, desc, eq, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  Code,
  type Goal,
  type GoalBody,
  type PageMeta,
  type StaffMember,
  type StaffPerson,
} from '@shop/contract';
import { schema, type Db } from '@shop/db';
import type { AuditLog } from '../staff/audit-log.ts';
import { salesFigures } from './dashboard.service.ts';
import { utcDay } from './visits.ts';

const { salesGoals, users } = schema;
type GoalRow = typeof salesGoals.$inferSelect;

/** Goals the workplace shows: those not yet over, soonest first. */
const WORKPLACE_GOALS = 6;

/**
 * Sales goals (the template's goal form). A goal is seen by everyone (`public`), by the members of staff it
 * lists (`partial`), or by its creator only (`private`); its creator and its invitees always see it. Only the creator or an
 * admin may change or delete it, and every change is audited in the same transaction.
 */
export class GoalsService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly currency: () => string,
  ) {}

  async list(
    member: StaffMember,
    page: number,
    pageSize: number,
  ): Promise<{ items: Goal[]; meta: PageMeta }> {
    const where = visibleTo(member);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(salesGoals)
        .where(where)
        .orderBy(desc(salesGoals.endsOn), desc(salesGoals.createdAt), desc(salesGoals.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ n: count() }).from(salesGoals).where(where),
    ]);
    return { items: await this.toGoals(rows, member), meta: { page, pageSize, total: total?.n ?? 0 } };
  }

  /** The caller's goals still running or to come, for the workplace. */
  async current(member: StaffMember, today = utcDay(new Date())): Promise<Goal[]> {
    const rows = await this.db
      .select()
      .from(salesGoals)
      .where(and(visibleTo(member), gte(salesGoals.endsOn, today)))
      .orderBy(asc(salesGoals.endsOn), asc(salesGoals.id))
      .limit(WORKPLACE_GOALS);
    return this.toGoals(rows, member);
  }

  async get(member: StaffMember, id: string): Promise<Goal> {
    const [goal] = await this.toGoals([await this.visibleRow(member, id)], member);
    return goal!;
  }

  async create(member: StaffMember, body: GoalBody): Promise<Goal> {
    const values = await this.checked(body);
    const row = await this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(salesGoals)
        .values({ ...values, createdBy: member.id })
        .returning();
      await this.audit.record(tx, {
        actorId: member.id,
        action: 'goal.create',
        entity: 'goal',
        entityId: created!.id,
        after: created,
      });
      return created!;
    });
    return (await this.toGoals([row], member))[0]!;
  }

  async update(member: StaffMember, id: string, body: GoalBody): Promise<Goal> {
    const before = await this.editableRow(member, id);
    const values = await this.checked(body);
    const row = await this.db.transaction(async (tx) => {
      const [after] = await tx.update(salesGoals).set(values).where(eq(salesGoals.id, id)).returning();
      if (!after) throw new AppError(Code.notFound, 'error.notFound');
      await this.audit.record(tx, {
        actorId: member.id,
        action: 'goal.update',
        entity: 'goal',
        entityId: id,
        before,
        after,
      });
      return after;
    });
    return (await this.toGoals([row], member))[0]!;
  }

  async delete(member: StaffMember, id: string): Promise<void> {
    const before = await this.editableRow(member, id);
    await this.db.transaction(async (tx) => {
      const gone = await tx.delete(salesGoals).where(eq(salesGoals.id, id)).returning({ id: salesGoals.id });
      if (gone.length === 0) throw new AppError(Code.notFound, 'error.notFound');
      await this.audit.record(tx, {
        actorId: member.id,
        action: 'goal.delete',
        entity: 'goal',
        entityId: id,
        before,
      });
    });
  }

  /** Active members of staff, for the invitee and "visible to" pickers. */
  async people(): Promise<StaffPerson[]> {
    // Read-only: a staff directory every member may see; the staff module lists accounts for admins only.
    return this.db
      .select({ id: users.id, nickname: users.nickname, email: users.email, avatar: users.avatar })
      .from(users)
      .where(and(inArray(users.role, ['staff', 'admin']), isNull(users.disabledAt)))
      .orderBy(asc(users.nickname), asc(users.email))
      .limit(500);
  }

  private async visibleRow(member: StaffMember, id: string): Promise<GoalRow> {
    const [row] = await this.db
      .select()
      .from(salesGoals)
      .where(and(eq(salesGoals.id, id), visibleTo(member)));
    if (!row) throw new AppError(Code.notFound, 'error.notFound');
    return row;
  }

  private async editableRow(member: StaffMember, id: string): Promise<GoalRow> {
    const row = await this.visibleRow(member, id);
    if (row.createdBy !== member.id && member.role !== 'admin') {
      throw new AppError(Code.forbidden, 'error.goal.notOwner');
    }
    return row;
  }

  /** The stored values of a valid body; invitees and the "visible to" list must be active members of staff. */
  private async checked(body: GoalBody) {
    const invitees = [...new Set(body.invitees)];
    const visibleTo = body.visibility === 'partial' ? [...new Set(body.visibleTo)] : [];
    const wanted = [...new Set([...invitees, ...visibleTo])];
    if (wanted.length) {
      const found = new Set(
        (
          await this.db
            .select({ id: users.id })
            .from(users)
            .where(
              and(
                inArray(users.id, wanted),
                inArray(users.role, ['staff', 'admin']),
                isNull(users.disabledAt),
              ),
            )
        ).map((u) => u.id),
      );
      const fields: Record<string, 'validation.staff.unknown'> = {};
      if (invitees.some((id) => !found.has(id))) fields.invitees = 'validation.staff.unknown';
      if (visibleTo.some((id) => !found.has(id))) fields.visibleTo = 'validation.staff.unknown';
      if (Object.keys(fields).length) throw new AppError(Code.validation, 'validation.invalid', fields);
    }
    return {
      title: body.title,
      startsOn: body.startsOn,
      endsOn: body.endsOn,
      description: body.description,
      metric: body.metric,
      target: body.target,
      client: body.client,
      invitees,
      weight: body.weight,
      visibility: body.visibility,
      visibleTo,
    };
  }

  private async toGoals(rows: GoalRow[], member: StaffMember): Promise<Goal[]> {
    if (rows.length === 0) return [];
    const ids = [...new Set(rows.flatMap((r) => [r.createdBy, ...r.invitees, ...r.visibleTo]))];
    const currency = this.currency();
    const [people, progress] = await Promise.all([
      // Read-only: names of the staff a goal mentions (disabled ones too, as they were).
      this.db
        .select({ id: users.id, nickname: users.nickname, email: users.email, avatar: users.avatar })
        .from(users)
        .where(inArray(users.id, ids)),
      Promise.all(rows.map((r) => salesFigures(this.db, r.startsOn, r.endsOn, currency))),
    ]);
    const byId = new Map(people.map((p) => [p.id, p]));
    const person = (id: string): StaffPerson => byId.get(id) ?? { id, nickname: '', email: '', avatar: '' };
    return rows.map((row, i) => ({
      id: row.id,
      title: row.title,
      startsOn: row.startsOn,
      endsOn: row.endsOn,
      description: row.description,
      metric: row.metric as Goal['metric'],
      target: row.target,
      client: row.client,
      invitees: row.invitees.map(person),
      weight: row.weight,
      visibility: row.visibility,
      visibleTo: row.visibleTo.map(person),
      createdBy: person(row.createdBy),
      createdAt: row.createdAt.toISOString(),
      progress: row.metric === 'orders' ? progress[i]!.orders : progress[i]!.sales,
      currency,
      canEdit: row.createdBy === member.id || member.role === 'admin',
    }));
  }
}

/**
 * Public goals, the caller's own, partially public ones that list the caller, and those the caller is invited
 * to review (the form's help: "customers and invitees are shared by default").
 */
function visibleTo(member: StaffMember): SQL {
  const me = JSON.stringify([member.id]);
  return or(
    eq(salesGoals.visibility, 'public'),
    eq(salesGoals.createdBy, member.id),
    and(eq(salesGoals.visibility, 'partial'), sql`${salesGoals.visibleTo} @> ${me}::jsonb`),
    sql`${salesGoals.invitees} @> ${me}::jsonb`,
  )!;
}
