import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError, Code, SIGNED_IN_HINT_COOKIE } from '@shop/contract';
import { schema, type Db } from '@shop/db';

export const SESSION_COOKIE = 'sid';
/**
 * Staff sessions use their own cookie, sent only to the staff API and never cross-site: a shopper session
 * cannot reach the back office and a staff session is not exposed to the storefront's pages.
 */
export const STAFF_SESSION_COOKIE = 'staff_sid';

export interface SessionCookie {
  name: string;
  path: string;
  sameSite: 'lax' | 'strict';
  /** A readable cookie telling the pages that someone is signed in, without revealing the session. */
  hintName?: string;
}

export const SHOPPER_COOKIE: SessionCookie = {
  name: SESSION_COOKIE,
  path: '/',
  sameSite: 'lax',
  hintName: SIGNED_IN_HINT_COOKIE,
};
export const STAFF_COOKIE: SessionCookie = {
  name: STAFF_SESSION_COOKIE,
  path: '/v1/admin',
  sameSite: 'strict',
};
/** A session unused this long ends. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** A session ends this long after login, however active. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** `lastSeenAt` is written at most this often, so reading pages does not write on every request. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export interface SessionRecord {
  /** SHA-256 of the cookie's token: a leaked table or Redis dump holds no usable session. */
  id: string;
  userId: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  userAgent: string;
  ip: string;
}

export interface SessionStore {
  save(session: SessionRecord): Promise<void>;
  find(id: string): Promise<SessionRecord | null>;
  touch(id: string, at: Date): Promise<void>;
  delete(id: string): Promise<void>;
  /** Ends every session of a user but `keepId`. */
  deleteForUser(userId: string, keepId?: string): Promise<void>;
  /** Every stored session of a user (expired ones may be among them). */
  listForUser(userId: string): Promise<SessionRecord[]>;
}

export class DbSessionStore implements SessionStore {
  constructor(private readonly db: Db) {}

  async save(session: SessionRecord) {
    await this.db.insert(schema.sessions).values(session);
  }

  async find(id: string) {
    const [row] = await this.db.select().from(schema.sessions).where(eq(schema.sessions.id, id));
    return row ?? null;
  }

  async touch(id: string, at: Date) {
    await this.db.update(schema.sessions).set({ lastSeenAt: at }).where(eq(schema.sessions.id, id));
  }

  async delete(id: string) {
    await this.db.delete(schema.sessions).where(eq(schema.sessions.id, id));
  }

  async deleteForUser(userId: string, keepId?: string) {
    const sameUser = eq(schema.sessions.userId, userId);
    await this.db
      .delete(schema.sessions)
      .where(keepId ? and(sameUser, ne(schema.sessions.id, keepId)) : sameUser);
  }

  listForUser(userId: string) {
    return this.db.select().from(schema.sessions).where(eq(schema.sessions.userId, userId));
  }
}

export class RedisSessionStore implements SessionStore {
  constructor(private readonly redis: Redis) {}

  private key = (id: string) => `session:${id}`;
  private userKey = (userId: string) => `user-sessions:${userId}`;

  async save(session: SessionRecord) {
    const ttl = session.expiresAt.getTime() - Date.now();
    await this.redis
      .multi()
      .set(this.key(session.id), JSON.stringify(session), 'PX', ttl)
      .sadd(this.userKey(session.userId), session.id)
      .pexpire(this.userKey(session.userId), SESSION_ABSOLUTE_MS)
      .exec();
  }

  async find(id: string) {
    const text = await this.redis.get(this.key(id));
    if (!text) return null;
    const raw = JSON.parse(text) as Record<keyof SessionRecord, string>;
    return {
      ...raw,
      createdAt: new Date(raw.createdAt),
      lastSeenAt: new Date(raw.lastSeenAt),
      expiresAt: new Date(raw.expiresAt),
    };
  }

  async touch(id: string, at: Date) {
    const session = await this.find(id);
    if (session) {
      await this.redis.set(this.key(id), JSON.stringify({ ...session, lastSeenAt: at }), 'KEEPTTL');
    }
  }

  async delete(id: string) {
    const session = await this.find(id);
    await this.redis.del(this.key(id));
    if (session) await this.redis.srem(this.userKey(session.userId), id);
  }

  async deleteForUser(userId: string, keepId?: string) {
    const ids = (await this.redis.smembers(this.userKey(userId))).filter((id) => id !== keepId);
    if (ids.length === 0) return;
    await this.redis
      .multi()
      .del(...ids.map(this.key))
      .srem(this.userKey(userId), ...ids)
      .exec();
  }

  async listForUser(userId: string) {
    const ids = await this.redis.smembers(this.userKey(userId));
    const found = await Promise.all(ids.map((id) => this.find(id)));
    return found.filter((session): session is SessionRecord => session !== null);
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Server-side sessions behind an httpOnly, SameSite=Lax cookie (Secure over HTTPS). A session is read only by
 * routes that ask for it, so catalog reads never touch the session store.
 */
export class Sessions {
  private readonly loaded = new WeakMap<FastifyRequest, Promise<SessionRecord | null>>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly store: SessionStore,
    private readonly cookie: SessionCookie = SHOPPER_COOKIE,
  ) {}

  /** The request's live session, or null. */
  current(request: FastifyRequest): Promise<SessionRecord | null> {
    let session = this.loaded.get(request);
    if (!session) {
      session = this.load(request);
      this.loaded.set(request, session);
    }
    return session;
  }

  /** The logged-in user's id; a guest is refused with code 401. */
  async requireUserId(request: FastifyRequest): Promise<string> {
    const session = await this.current(request);
    if (!session) throw new AppError(Code.unauthorized, 'error.unauthorized');
    return session.userId;
  }

  async start(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
    const previous = await this.current(request);
    if (previous) await this.store.delete(previous.id);
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    const session: SessionRecord = {
      id: hashToken(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
      userAgent: (request.headers['user-agent'] ?? '').slice(0, 300),
      ip: request.ip,
    };
    await this.store.save(session);
    this.loaded.set(request, Promise.resolve(session));
    const options = this.cookieOptions(request);
    reply.setCookie(this.cookie.name, token, { ...options, httpOnly: true });
    if (this.cookie.hintName) reply.setCookie(this.cookie.hintName, '1', { ...options, httpOnly: false });
  }

  async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const session = await this.current(request);
    if (session) await this.store.delete(session.id);
    this.loaded.set(request, Promise.resolve(null));
    this.clearCookies(request, reply);
  }

  /** Ends the user's other sessions, as after a password change; `keep` stays logged in. */
  endOthers(userId: string, keep?: SessionRecord | null): Promise<void> {
    return this.store.deleteForUser(userId, keep?.id);
  }

  /** Ends one session by its store id (a member ending another of their sessions). */
  endSession(id: string): Promise<void> {
    return this.store.delete(id);
  }

  /** The user's sessions that are still live, most recently used first. */
  async listForUser(userId: string): Promise<SessionRecord[]> {
    const now = Date.now();
    return (await this.store.listForUser(userId))
      .filter((s) => s.expiresAt.getTime() > now && s.lastSeenAt.getTime() + SESSION_IDLE_MS > now)
      .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime());
  }

  private async load(request: FastifyRequest): Promise<SessionRecord | null> {
    const header = request.headers.cookie;
    if (!header?.includes(`${this.cookie.name}=`)) return null;
    const token = this.app.parseCookie(header)[this.cookie.name];
    if (!token || token.length > 100) return null;
    const session = await this.store.find(hashToken(token));
    if (!session) return null;
    const now = Date.now();
    if (session.expiresAt.getTime() <= now || session.lastSeenAt.getTime() + SESSION_IDLE_MS <= now) {
      await this.store.delete(session.id);
      return null;
    }
    if (now - session.lastSeenAt.getTime() > TOUCH_EVERY_MS)
      await this.store.touch(session.id, new Date(now));
    return session;
  }

  private cookieOptions(request: FastifyRequest) {
    return {
      path: this.cookie.path,
      sameSite: this.cookie.sameSite,
      secure: request.protocol === 'https',
      maxAge: SESSION_ABSOLUTE_MS / 1000,
    };
  }

  private clearCookies(request: FastifyRequest, reply: FastifyReply) {
    const { path, sameSite, secure } = this.cookieOptions(request);
    reply.clearCookie(this.cookie.name, { path, sameSite, secure, httpOnly: true });
    if (this.cookie.hintName) reply.clearCookie(this.cookie.hintName, { path, sameSite, secure });
  }
}
