import { and, eq } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { users } from './db/schema/index.ts';
import { DEMO_ADMIN_EMAIL } from './db/demo-admin.ts';

/**
 * What `NODE_ENV=production npm start` refuses to start with (issue 26): the settings that are
 * fine for trying Aylal on a laptop and wrong for an agency's customers. Each line names what to
 * set. (A missing AUTH_SECRET is refused earlier, by loadConfig, so a generated one never serves
 * production.)
 */
export function productionRefusals(config: Config): string[] {
  if (!config.isProduction) return [];
  const refusals: string[] = [];
  if (config.SEED_DEMO) {
    refusals.push(
      'SEED_DEMO: the demo data makes an admin whose password is printed in the log; unset SEED_DEMO or set it to false',
    );
  }
  const publicUrl = new URL(config.PUBLIC_URL);
  const isLocal = ['localhost', '127.0.0.1', '[::1]'].includes(publicUrl.hostname);
  if (publicUrl.protocol !== 'https:' && !isLocal) {
    refusals.push(
      `PUBLIC_URL: set it to the https:// address people reach Aylal at (${publicUrl.origin} would send passwords and session cookies in clear)`,
    );
  }
  if (!config.SMTP_URL) {
    refusals.push(
      'SMTP_URL: set it to your mail server (smtp:// or smtps://); without it no verification, password reset or receipt email leaves',
    );
  }
  return refusals;
}

/**
 * The demo back-office account (made by SEED_DEMO, its password in a log and in DATA_DIR/secrets)
 * refused as an admin of a production database: a line saying how to end it, or undefined.
 */
export async function demoAdminRefusal(db: Db): Promise<string | undefined> {
  const [demo] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, DEMO_ADMIN_EMAIL), eq(users.role, 'admin')));
  if (!demo) return undefined;
  return `${DEMO_ADMIN_EMAIL}: the demo back-office account is an admin in this database, and its password was printed in a log; make it a user in the back office's Users (started without NODE_ENV=production, signed in as another admin), then start again`;
}

/** The message a refused production start prints, one line per refusal. */
export function refusalMessage(refusals: string[]): string {
  return `Aylal does not start in production with these settings:\n${refusals.map((line) => `  - ${line}`).join('\n')}`;
}
