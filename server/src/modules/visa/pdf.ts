import { countryName } from '@aylal/shared/countries';
import { formatDate } from '@aylal/shared/dates';
import { formatDateTimeInZone } from '@aylal/shared/zone-name';
import { formatBytes } from '@aylal/shared/format-bytes';
import type { Language } from '@aylal/shared/i18n';
import { formatPrice } from '@aylal/shared/money';
import { interpolate } from '@aylal/shared/notifications';
import { finishPdf, pageMeasures, PDF_INK, PDF_MARGIN, PDF_MUTED, startPdf } from '../../lib/pdf-document.ts';
import {
  documentChecklist,
  VISA_DEPENDANT_FIELDS,
  VISA_FIELD_SECTION,
  VISA_FIELDS,
  VISA_SECTIONS,
  type VisaDependantField,
  type VisaDependantValues,
  type VisaDocumentKind,
  type VisaField,
  type VisaForm,
  type VisaPurpose,
  type VisaState,
} from '@aylal/shared/visa-rules';
// The form's words live once, in the web's `visaApplicationForm` namespace; the PDF reads the same files.
import en from '@aylal/locales/en/visaApplicationForm.json' with { type: 'json' };
import mn from '@aylal/locales/mn/visaApplicationForm.json' with { type: 'json' };

const WORDS = { en, mn };
type Words = typeof en;
const INK = PDF_INK;
const MUTED = PDF_MUTED;
const ACCENT = '#0b3b5c';
const RULE = '#c9d3dc';
const MARGIN = PDF_MARGIN;
const LABEL_WIDTH = 170;

/**
 * What the PDF of a submitted application shows: every answer, the dependants and the files
 * attached (names and sizes, not their content). Plain data, so it crosses to a worker thread.
 */
export interface VisaPdfInput {
  reference: string;
  state: VisaState;
  /** ISO moment of the first submit. */
  submittedAt: string | null;
  form: VisaForm;
  dependants: (VisaDependantValues & { id: string })[];
  documents: { dependantId: string | null; kind: VisaDocumentKind; fileName: string; size: number }[];
  /** What staff recorded of the embassy (docs/decisions/031); null until recorded. */
  embassy: { receipt: string | null; lodgedOn: string | null; validFrom: string | null; validTo: string | null };
  /** The paid processing add-on's record, when chosen. */
  payment: { amountUsd: number } | null;
  /** The agency's zone: the time of submitting is written in it. */
  timeZone: string;
  /** The day the copy is made (YYYY-MM-DD, the agency's calendar). */
  madeOn: string;
}

/** A YYYY-MM-DD answer as the reader writes dates; anything else as it is. */
function day(value: string, language: Language): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(value, language, { timeZone: 'UTC' }) : value;
}

/** One answer (applicant's or a dependant's) as the reader reads it; '' when unanswered. */
function answer(field: VisaField | VisaDependantField, value: string, words: Words, language: Language): string {
  if (value.trim() === '') return '';
  switch (field) {
    case 'nationality':
    case 'country':
      return countryName(value, language);
    case 'dateOfBirth':
    case 'passportExpiryDate':
    case 'entryDate':
    case 'exitDate':
      return day(value, language);
    case 'purpose':
      return words.purposes[value as keyof Words['purposes']] ?? value;
    case 'criminalRecord':
      return words.criminalRecord[value as keyof Words['criminalRecord']] ?? value;
    case 'relationship':
      return words.relationships[value as keyof Words['relationships']] ?? value;
    default:
      return value;
  }
}

const fullName = (person: { firstName: string; lastName: string }) =>
  [person.firstName, person.lastName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');

/**
 * A submitted visa application as an A4 PDF in the reader's language: its reference and state,
 * every answer by section, each dependant, the documents attached per person, page numbers.
 * Noto Sans, so Mongolian Cyrillic renders.
 */
export function renderVisaPdf(visa: VisaPdfInput, language: Language): Promise<Buffer> {
  const words = WORDS[language];
  const title = `${words.pdf.title} ${visa.reference}`;
  const { doc, done } = startPdf(language, { Title: title, Author: 'Aylal' });

  const { width, bottom, keep, textHeight } = pageMeasures(doc);

  // Header: the title, the reference and state, when submitted, when made.
  doc.font('bold').fontSize(20).fillColor(INK).text(words.pdf.title, { width });
  doc.font('bold').fontSize(13).fillColor(ACCENT).text(`${visa.reference}  ·  ${words.states[visa.state]}`, { width });
  doc.moveDown(0.4);
  const meta = [
    `${words.pdf.reference}: ${visa.reference}`,
    `${words.pdf.state}: ${words.states[visa.state]}`,
    ...(visa.submittedAt
      ? [`${words.pdf.submittedAt}: ${formatDateTimeInZone(visa.submittedAt, language, visa.timeZone)}`]
      : []),
  ].join('   ·   ');
  doc.font('regular').fontSize(9.5).fillColor(MUTED).text(meta, { width });
  doc.text(interpolate(words.pdf.generatedAt, { date: day(visa.madeOn, language) }), { width });
  // The embassy's side, once staff recorded it: the receipt, the day lodged, the visa's validity.
  const { embassy } = visa;
  const embassyLine = [
    ...(embassy.receipt ? [`${words.pdf.embassyReceipt}: ${embassy.receipt}`] : []),
    ...(embassy.lodgedOn ? [`${words.pdf.lodgedOn}: ${day(embassy.lodgedOn, language)}`] : []),
    ...(embassy.validFrom || embassy.validTo
      ? [
          `${words.pdf.validity}: ${[embassy.validFrom, embassy.validTo].map((value) => (value ? day(value, language) : '…')).join(' – ')}`,
        ]
      : []),
  ].join('   ·   ');
  if (embassyLine) doc.text(embassyLine, { width });

  /** A section's heading, kept with what must follow it (`firstBlock` points). */
  const heading = (text: string, firstBlock: number) => {
    doc.moveDown(1.1);
    keep(textHeight(text, 'bold', 11.5) + 10 + firstBlock);
    doc
      .font('bold')
      .fontSize(11.5)
      .fillColor(ACCENT)
      .text(text.toLocaleUpperCase(language), MARGIN, doc.y, { width, characterSpacing: 0.6 });
    const y = doc.y + 2;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .lineWidth(0.7)
      .strokeColor(RULE)
      .stroke();
    doc.y = y + 6;
  };

  /** A person's name above their answers or files, kept with the first row. */
  const subheading = (text: string) => {
    doc.moveDown(0.5);
    keep(textHeight(text, 'bold', 10.5) + 24);
    doc.font('bold').fontSize(10.5).fillColor(INK).text(text, MARGIN, doc.y, { width });
    doc.moveDown(0.2);
  };

  const valueWidth = width - LABEL_WIDTH - 12;
  const rowHeight = (label: string, value: string) =>
    Math.max(textHeight(label, 'regular', 9.5, LABEL_WIDTH), textHeight(value || ' ', 'regular', 10, valueWidth));

  /** A label and its answer side by side; an unanswered one says so, muted. */
  const row = (label: string, value: string) => {
    const shown = value || words.pdf.notAnswered;
    const height = rowHeight(label, shown);
    // A long answer may run over pages; a short one stays whole.
    keep(Math.min(height, 80) + 4);
    const top = doc.y;
    doc.font('regular').fontSize(9.5).fillColor(MUTED).text(label, MARGIN, top, { width: LABEL_WIDTH });
    const afterLabel = doc.y;
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(value ? INK : MUTED)
      .text(shown, MARGIN + LABEL_WIDTH + 12, top, { width: valueWidth, lineGap: 1 });
    // The value may have moved to a new page; the next row starts below whichever ended lower.
    doc.x = MARGIN;
    doc.y = Math.max(doc.y, afterLabel) + 4;
  };
  const note = (text: string) => {
    keep(textHeight(text, 'regular', 10) + 4);
    doc.font('regular').fontSize(10).fillColor(MUTED).text(text, MARGIN, doc.y, { width });
  };
  /** One person's block: their name over their answers or files, or `empty` when they have none. */
  interface Person {
    name: string;
    rows: [label: string, value: string][];
    empty?: string;
  }
  const personHeight = ({ name, rows, empty }: Person) =>
    textHeight(name, 'bold', 10.5) +
    24 +
    (empty !== undefined && !rows.length ? textHeight(empty, 'regular', 10) + 4 : 0) +
    rows.reduce((sum, [label, value]) => sum + rowHeight(label, value || words.pdf.notAnswered) + 4, 0);
  /** Whether a block fits on one page at all (one taller runs on over pages, as it must). */
  const fitsAPage = (height: number) => height <= bottom() - MARGIN;
  /**
   * A section of people (the dependants; the documents by person): each person's block kept on
   * one page, starting on the next unless it all fits on this one, and the section's heading kept
   * with the first block; `none` when there is nobody to list.
   */
  const peopleSection = (title: string, people: Person[], none: string) => {
    const first = people[0] ? personHeight(people[0]) : 0;
    heading(title, people[0] && fitsAPage(first) ? first : 40);
    if (!people.length) note(none);
    for (const person of people) {
      const height = personHeight(person);
      if (fitsAPage(height)) keep(height);
      subheading(person.name);
      if (person.empty !== undefined && !person.rows.length) note(person.empty);
      for (const [label, value] of person.rows) row(label, value);
    }
  };

  const applicantName = fullName(visa.form);
  const dependantLabel = (index: number) => interpolate(words.pdf.dependant, { number: String(index + 1) });
  const formFields = (section: string) =>
    VISA_FIELDS.filter((field) => VISA_FIELD_SECTION[field] === section).filter(
      // The record's details only beside a declared record (or if written anyway).
      (field) =>
        field !== 'criminalRecordDetails' ||
        visa.form.criminalRecord === 'yes' ||
        visa.form.criminalRecordDetails.trim() !== '',
    );

  for (const section of VISA_SECTIONS) {
    if (section === 'dependants') {
      peopleSection(
        words.sections.dependants,
        visa.dependants.map((dependant, index) => ({
          name: `${dependantLabel(index)}: ${fullName(dependant)}`,
          rows: VISA_DEPENDANT_FIELDS.map((field) => [
            words.fields[field],
            answer(field, dependant[field], words, language),
          ]),
        })),
        words.pdf.noDependants,
      );
      continue;
    }
    if (section === 'documents') {
      // What the checklist still asks for (the one rule the form and staff's page use).
      const { missing } = documentChecklist(
        visa.form.purpose as VisaPurpose | '',
        visa.dependants.map((dependant) => dependant.id),
        visa.documents,
      );
      const people = [
        { id: null as string | null, name: `${words.pdf.applicant}: ${applicantName}` },
        ...visa.dependants.map((dependant, index) => ({
          id: dependant.id as string | null,
          name: `${dependantLabel(index)}: ${fullName(dependant)}`,
        })),
      ];
      peopleSection(
        words.pdf.documents,
        visa.documents.length || missing.length
          ? people.map(({ id, name }) => {
              const lacking = missing.filter((need) => need.dependantId === id);
              return {
                name,
                rows: [
                  ...visa.documents
                    .filter((document) => document.dependantId === id)
                    .map((file): [string, string] => [
                      words.documentKinds[file.kind],
                      `${file.fileName} (${formatBytes(file.size, language)})`,
                    ]),
                  ...(lacking.length
                    ? [
                        [
                          words.pdf.missingDocuments,
                          lacking.map((need) => words.documentKinds[need.kind]).join(', '),
                        ] as [string, string],
                      ]
                    : []),
                ],
                empty: words.pdf.noDocuments,
              };
            })
          : [],
        words.pdf.noDocuments,
      );
      continue;
    }
    const fields = formFields(section);
    heading(words.sections[section], rowHeight(words.fields[fields[0]!], 'x') + 4);
    if (section === 'personal') subheading(`${words.pdf.applicant}: ${applicantName}`);
    for (const field of fields) row(words.fields[field], answer(field, visa.form[field], words, language));
    if (section === 'extras') {
      const price = visa.payment ? formatPrice(visa.payment.amountUsd, 'USD', language) : null;
      row(
        words.fields.processing,
        visa.form.processing
          ? price
            ? interpolate(words.pdf.processingChosen, { price })
            : words.pdf.yes
          : words.pdf.processingNotChosen,
      );
    }
  }

  // Footer on every page: the title with the reference, and "Page n of N".
  finishPdf(doc, title, (page, pages) => interpolate(words.pdf.page, { page: String(page), pages: String(pages) }));
  return done;
}
