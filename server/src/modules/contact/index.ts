// Contact messages as one plugin (docs/decisions/017, 032): the public form and one's own
// messages, and staff's inbox, kept until anything it shows changes.
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Notifier } from '../notifications/index.ts';
import { ListeningCache } from '../../lib/listening-cache.ts';
import { adminContactRoutes } from './admin-routes.ts';
import { CONTACT_CHANGES_CHANNEL, CONTACT_LIST_SHOWS, type ContactListCache } from './list-cache.ts';
import { contactRoutes } from './routes.ts';

export { issueContactFormToken } from './form-token.ts';
export { mailboxKey } from './sender-keys.ts';
export { claimContactMessages, contactSearchText, staffContactLink } from './service.ts';

export const contactModule: FastifyPluginAsync<{ db: Db; config: Config; notifier: Notifier }> = async (
  app,
  { db, config, notifier },
) => {
  // Staff's inbox, forgotten by a change to a message, a name or the hours, in any process.
  const cache: ContactListCache = new ListeningCache(config.CATALOGUE_CACHE_SECONDS * 1000);
  app.changes.keep(cache, { tags: CONTACT_LIST_SHOWS, channel: CONTACT_CHANGES_CHANNEL });
  await app.register(contactRoutes, { db, config, notifier });
  await app.register(adminContactRoutes, { db, cache, notifier, prefix: '/admin' });
};
