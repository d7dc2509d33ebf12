import type { Cv } from '@aylal/shared/schemas/cv';
import { formatMonth } from '@aylal/shared/dates';
import type { Language } from '@aylal/shared/i18n';
import { finishPdf, pageMeasures, PDF_INK, PDF_MARGIN, PDF_MUTED, startPdf } from '../../lib/pdf-document.ts';
// The CV's words live once, in the web's `cv` namespace; the PDF reads the same files.
import en from '@aylal/locales/en/cv.json' with { type: 'json' };
import mn from '@aylal/locales/mn/cv.json' with { type: 'json' };

const WORDS = { en, mn };
const INK = PDF_INK;
const MUTED = PDF_MUTED;
const ACCENT = '#0b3b5c';
const MARGIN = PDF_MARGIN;

/** A period of a CV entry: "Mar 2021 – Present", "2019 – 2021", or one end alone. */
function period(start: string, end: string, current: boolean, language: Language): string {
  const from = start ? formatMonth(start, language) : '';
  const to = current ? WORDS[language].present : end ? formatMonth(end, language) : '';
  return [from, to].filter(Boolean).join(' – ');
}

/**
 * The CV as an A4 PDF in the reader's language: the user's own content only, Noto Sans so
 * Mongolian Cyrillic renders, and entries kept whole across page breaks where they fit on a page.
 */
export interface CvPdfBlock {
  kind: 'heading' | 'paragraph' | 'entry' | 'row';
  /** The page it starts on, 0 for the first. */
  page: number;
  top: number;
  bottom: number;
}

export function renderCvPdf(cv: Cv, language: Language, onBlock?: (block: CvPdfBlock) => void): Promise<Buffer> {
  const words = WORDS[language];
  const { doc, done } = startPdf(language, { Title: `CV: ${cv.fullName}`, Author: cv.fullName });

  let page = 0;
  doc.on('pageAdded', () => page++);
  /** Tells `onBlock` (the layout tests) where a block landed. */
  const placed = (kind: CvPdfBlock['kind'], start: { page: number; top: number }) =>
    onBlock?.({ kind, page: start.page, top: start.top, bottom: doc.y });
  const here = () => ({ page, top: doc.y });

  const { width, keep, textHeight } = pageMeasures(doc);

  // Header: name, professional title, contact line.
  doc.font('bold').fontSize(22).fillColor(INK).text(cv.fullName, { width });
  if (cv.title) doc.font('regular').fontSize(13).fillColor(ACCENT).text(cv.title, { width });
  const contact = [cv.email, cv.phone, cv.address].filter(Boolean).join('   ·   ');
  if (contact) doc.moveDown(0.3).font('regular').fontSize(9.5).fillColor(MUTED).text(contact, { width });

  /** A heading never ends a page alone: `firstBlock` is what must fit under it (what follows keeps). */
  const heading = (title: string, firstBlock: number) => {
    doc.moveDown(1.1);
    keep(textHeight(title, 'bold', 11.5) + 10 + firstBlock);
    const start = here();
    doc
      .font('bold')
      .fontSize(11.5)
      .fillColor(ACCENT)
      .text(title.toLocaleUpperCase(language), { width, characterSpacing: 0.6 });
    const y = doc.y + 2;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .lineWidth(0.7)
      .strokeColor('#c9d3dc')
      .stroke();
    doc.y = y + 6;
    placed('heading', start);
  };

  const paragraph = (text: string) => {
    doc.font('regular').fontSize(10).fillColor(INK).text(text, { width, lineGap: 1.5, paragraphGap: 3 });
  };

  interface Entry {
    title: string;
    subtitle: string;
    when: string;
    description: string;
  }
  const whenWidthOf = (when: string) =>
    when ? Math.min(doc.font('regular').fontSize(9.5).widthOfString(when) + 4, 170) : 0;
  /** What of an entry must stay together: all of a short one, the head and first lines of a long one. */
  const entryKeep = ({ title, subtitle, when, description }: Entry) => {
    const head =
      textHeight(title, 'bold', 10.5, width - whenWidthOf(when) - 12) +
      (subtitle ? textHeight(subtitle, 'regular', 10) : 0);
    const body = description ? textHeight(description, 'regular', 10) + 4 : 0;
    return head + Math.min(body, 60) + 8;
  };

  /** An entry: a bold line with its period on the right, a second line, then its text. */
  const entry = (item: Entry) => {
    const { title, subtitle, when, description } = item;
    const whenWidth = whenWidthOf(when);
    const titleWidth = width - whenWidth - 12;
    keep(entryKeep(item));
    const start = here();
    const top = start.top;
    doc.font('bold').fontSize(10.5).fillColor(INK).text(title, MARGIN, top, { width: titleWidth });
    const afterTitle = doc.y;
    if (when) {
      doc
        .font('regular')
        .fontSize(9.5)
        .fillColor(MUTED)
        .text(when, MARGIN + width - whenWidth, top + 1, { width: whenWidth, align: 'right' });
    }
    doc.x = MARGIN;
    doc.y = afterTitle;
    if (subtitle) doc.font('regular').fontSize(10).fillColor(MUTED).text(subtitle, { width });
    if (description) {
      doc.moveDown(0.2);
      paragraph(description);
    }
    placed('entry', start);
    doc.moveDown(0.6);
  };

  if (cv.summary) {
    heading(words.sections.summary, Math.min(textHeight(cv.summary, 'regular', 10), 60));
    const start = here();
    paragraph(cv.summary);
    placed('paragraph', start);
  }
  const entries = (title: string, items: Entry[]) => {
    if (!items.length) return;
    heading(title, entryKeep(items[0]!));
    items.forEach(entry);
  };
  entries(
    words.sections.experience,
    cv.experience.map((job) => ({
      title: job.position,
      subtitle: job.company,
      when: period(job.start, job.end, job.current, language),
      description: job.description,
    })),
  );
  entries(
    words.sections.education,
    cv.education.map((school) => {
      const title = [school.degree, school.field].filter(Boolean).join(', ') || school.institution;
      return {
        title,
        subtitle: title === school.institution ? '' : school.institution,
        when: period(school.start, school.end, false, language),
        description: '',
      };
    }),
  );
  const levelled = (title: string, items: { name: string; level: string }[], levels: Record<string, string>) => {
    if (!items.length) return;
    const columnWidth = (width - 24) / 2;
    heading(title, textHeight(items[0]!.name, 'regular', 10, columnWidth) + 4);
    for (let index = 0; index < items.length; index += 2) {
      const row = items.slice(index, index + 2);
      const height = Math.max(
        ...row.map((item) => textHeight(`${item.name}  ${levels[item.level]}`, 'regular', 10, columnWidth)),
      );
      keep(height + 4);
      const start = here();
      const top = start.top;
      row.forEach((item, column) => {
        const x = MARGIN + column * (columnWidth + 24);
        doc
          .font('bold')
          .fontSize(10)
          .fillColor(INK)
          .text(item.name, x, top, { width: columnWidth, continued: true })
          .font('regular')
          .fillColor(MUTED)
          .text(`  ${levels[item.level] ?? item.level}`);
      });
      doc.x = MARGIN;
      doc.y = top + height + 4;
      placed('row', start);
    }
  };
  levelled(words.sections.skills, cv.skills, words.skillLevels);
  levelled(words.sections.languages, cv.languages, words.languageLevels);

  // Footer on every page: the name and "Page n of N".
  finishPdf(doc, cv.fullName, (page, pages) =>
    words.pdf.page.replace('{{page}}', String(page)).replace('{{pages}}', String(pages)),
  );
  return done;
}
