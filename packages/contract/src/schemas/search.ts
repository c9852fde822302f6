import { z } from 'zod';
import { MAX_SYNONYM_GROUPS, MAX_SYNONYMS_PER_GROUP } from '../catalog-values.ts';
import type { MessageKey } from '../messages.ts';

const msg = (key: MessageKey) => ({ error: key });

/** One word as shoppers type it: letters and digits (hyphens inside allowed), no spaces. */
const synonymWord = z
  .string(msg('validation.invalid'))
  .trim()
  .min(1, msg('validation.required'))
  .max(40, msg('validation.tooLong'))
  .regex(/^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u, msg('validation.synonymWord'));

/**
 * Words a shopper may use for one another ("shoes", "sneakers", "trainers"): a search for any of them finds goods
 * named with any other, in the language the group is kept for.
 */
const synonymGroup = z
  .array(synonymWord, msg('validation.invalid'))
  .min(2, msg('validation.synonymGroup'))
  .max(MAX_SYNONYMS_PER_GROUP, msg('validation.outOfRange'));

const groupsField = z
  .array(synonymGroup, msg('validation.invalid'))
  .max(MAX_SYNONYM_GROUPS, msg('validation.outOfRange'));

// Spelt out rather than built from SUPPORTED_LOCALES: a shape computed at load time keeps bundlers from dropping
// the schema from pages that never use it (the back office would then build it, and zod probe for eval, at start).
const groupsShape = {
  'en-US': groupsField,
  'pt-BR': groupsField,
  'zh-CN': groupsField,
  'zh-TW': groupsField,
};
const replyGroups = z.array(z.array(z.string()));

/** `PUT /v1/admin/search/synonyms`: every language's groups; what is sent replaces what was kept. */
export const searchSynonymsInputSchema = z.strictObject({
  groups: z.strictObject(groupsShape, msg('validation.required')),
});
export type SearchSynonymsInput = z.infer<typeof searchSynonymsInputSchema>;

/** `GET`/`PUT /v1/admin/search/synonyms` reply. */
export const searchSynonymsSchema = z.object({
  groups: z.object({
    'en-US': replyGroups,
    'pt-BR': replyGroups,
    'zh-CN': replyGroups,
    'zh-TW': replyGroups,
  }),
  /** When staff last saved them; null while none were ever saved. */
  updatedAt: z.string().nullable(),
});
export type SearchSynonyms = z.infer<typeof searchSynonymsSchema>;
