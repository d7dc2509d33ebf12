import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DrawPage } from './web.ts';

/** web/src/entry-server.tsx, built by `npm run build -w web` into web/dist-server. */
export interface Renderer {
  render: DrawPage;
}

/** The web app's server renderer beside its build, or null when it was not built. */
export async function loadRenderer(webDistDir: string): Promise<Renderer | null> {
  const file = path.resolve(webDistDir, '../dist-server/entry-server.js');
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as Renderer;
}
