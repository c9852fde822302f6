import { eq } from 'drizzle-orm';
import { schema, type Db } from '@shop/db';

export class MediaService {
  constructor(private readonly db: Db) {}

  async findMedia(id: string): Promise<{ contentType: string; bytes: Buffer } | null> {
    const [row] = await this.db
      .select({ contentType: schema.media.contentType, bytes: schema.media.bytes })
      .from(schema.media)
      .where(eq(schema.media.id, id));
    return row ?? null;
  }
}
