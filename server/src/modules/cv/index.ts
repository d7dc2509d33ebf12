// The signed-in user's one CV (docs/decisions/032: a module is one plugin). Its PDF is drawn by the
// app's PDF pool (lib/pdfs.ts) with the renderer named here.
import type { FastifyPluginAsync } from 'fastify';
import type { Cv } from '@aylal/shared/schemas/cv';
import type { Db } from '../../db/client.ts';
import type { PdfRenderer } from '../../lib/pdf-pool.ts';
import { cvRoutes } from './routes.ts';

export { cvFileName } from './service.ts';
export { renderCvPdf, type CvPdfBlock } from './pdf.ts';

declare module '../../lib/pdf-pool.ts' {
  interface PdfInputs {
    cv: Cv;
  }
}

/** How the pool's threads draw a CV. */
export const cvPdfRenderer: PdfRenderer = { url: new URL('./pdf.ts', import.meta.url).href, name: 'renderCvPdf' };

export const cvModule: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  await app.register(cvRoutes, { db });
};
