// Consultations as one plugin (docs/decisions/008, 032): a traveller's bookings and staff's
// calendar, working hours and place, with the emails each change sends.
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Notifier } from '../notifications/index.ts';
import { consultationFeePaid } from './fees.ts';
import { ConsultationMail } from './mail.ts';
import { adminConsultationsRoutes, consultationsRoutes } from './routes.ts';

export const consultationsModule: FastifyPluginAsync<{ db: Db; config: Config; notifier: Notifier }> = async (
  app,
  { db, config, notifier },
) => {
  const mail = new ConsultationMail({ publicUrl: config.PUBLIC_URL, mailFrom: config.MAIL_FROM, notifier });
  await app.register(consultationsRoutes, { db, mail });
  await app.register(adminConsultationsRoutes, { db, mail, prefix: '/admin' });
};

export { consultationFeeDue, consultationFeesDueBack, consultationFeeSettled, type FeeDue } from './fees.ts';

/** What paying a consultation's fee does to it, in the payment's transaction (fees.ts). */
export function consultationFeePaidHook(
  config: Pick<Config, 'PUBLIC_URL' | 'MAIL_FROM'>,
  notifier: Notifier,
): (tx: Tx, id: string) => Promise<void> {
  const mail = new ConsultationMail({ publicUrl: config.PUBLIC_URL, mailFrom: config.MAIL_FROM, notifier });
  return (tx, id) => consultationFeePaid(tx, mail, id);
}
