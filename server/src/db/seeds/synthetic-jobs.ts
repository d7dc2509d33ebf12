import type { JobInput, JobType } from '@aylal/shared/schemas/jobs';
import { JOB_TYPES } from '@aylal/shared/schemas/jobs';
import { dateInZone, DEFAULT_WORKING_HOURS } from '@aylal/shared/consultation-rules';
import { insertJobs } from '../../modules/jobs/index.ts';
import type { Db } from '../client.ts';
import { random } from './synthetic-trips.ts';

/** A calendar day `days` after an ISO date. */
export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const ROLES: { en: string; mn: string; skills: { en: string[]; mn: string[] } }[] = [
  {
    en: 'Welder',
    mn: 'Гагнуурчин',
    skills: { en: ['MIG/MAG welding', 'Technical drawings'], mn: ['MIG/MAG гагнуур', 'Техникийн зураг унших'] },
  },
  {
    en: 'Care worker',
    mn: 'Асрагч',
    skills: { en: ['Elderly care', 'First aid'], mn: ['Ахмад настныг асрах', 'Анхны тусламж'] },
  },
  {
    en: 'Truck driver',
    mn: 'Ачааны машины жолооч',
    skills: { en: ['C+E licence', 'Route planning'], mn: ['C+E ангиллын үнэмлэх', 'Маршрут төлөвлөх'] },
  },
  { en: 'Nurse', mn: 'Сувилагч', skills: { en: ['Nursing', 'Patient care'], mn: ['Сувилахуй', 'Өвчтөн асаргаа'] } },
  { en: 'Cook', mn: 'Тогооч', skills: { en: ['Cooking', 'Food safety'], mn: ['Хоол хийх', 'Хүнсний аюулгүй байдал'] } },
  {
    en: 'Hotel receptionist',
    mn: 'Зочид буудлын ресепшн',
    skills: { en: ['English', 'Customer service'], mn: ['Англи хэл', 'Үйлчлүүлэгчид үйлчлэх'] },
  },
  {
    en: 'Software developer',
    mn: 'Програм хөгжүүлэгч',
    skills: { en: ['TypeScript', 'React'], mn: ['TypeScript', 'React'] },
  },
  {
    en: 'Factory operator',
    mn: 'Үйлдвэрийн оператор',
    skills: { en: ['Machine operation', 'Quality checks'], mn: ['Машин ажиллуулах', 'Чанарын шалгалт'] },
  },
  {
    en: 'Farm worker',
    mn: 'Фермийн ажилтан',
    skills: { en: ['Fruit picking', 'Teamwork'], mn: ['Жимс түүх', 'Багаар ажиллах'] },
  },
  {
    en: 'Electrician',
    mn: 'Цахилгаанчин',
    skills: { en: ['Wiring', 'Safety rules'], mn: ['Цахилгааны утаслага', 'Аюулгүй ажиллагаа'] },
  },
];
const PLACES: { en: string; mn: string }[] = [
  { en: 'Seoul, South Korea', mn: 'Сөүл, Өмнөд Солонгос' },
  { en: 'Busan, South Korea', mn: 'Пусан, Өмнөд Солонгос' },
  { en: 'Osaka, Japan', mn: 'Осака, Япон' },
  { en: 'Tokyo, Japan', mn: 'Токио, Япон' },
  { en: 'Prague, Czech Republic', mn: 'Прага, Чех' },
  { en: 'Berlin, Germany', mn: 'Берлин, Герман' },
  { en: 'Warsaw, Poland', mn: 'Варшав, Польш' },
  { en: 'Dubai, United Arab Emirates', mn: 'Дубай, Арабын Нэгдсэн Эмират' },
  { en: 'Sydney, Australia', mn: 'Сидней, Австрали' },
  { en: 'Budapest, Hungary', mn: 'Будапешт, Унгар' },
];
const COMPANIES = [
  'Hanil',
  'Sakura',
  'Brno Steel',
  'Northwind',
  'Daewon',
  'Danube',
  'TransWisła',
  'Al Noor',
  'Sunraysia',
];

const pick = <T>(next: () => number, items: readonly T[]): T => items[Math.floor(next() * items.length)]!;

/** `count` plausible jobs for load tests: nine in ten published, deadlines over the coming year. */
export function syntheticJobs(
  count: number,
  today = dateInZone(new Date(), DEFAULT_WORKING_HOURS.timeZone),
  seed = 7,
): JobInput[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, index) => {
    const role = pick(next, ROLES);
    const place = pick(next, PLACES);
    const type: JobType = pick(next, JOB_TYPES);
    const company = `${pick(next, COMPANIES)} ${['Co.', 'Group', 'Ltd', 'Inc.'][index % 4]}`;
    return {
      title: { en: `${role.en} #${index + 1}`, mn: `${role.mn} №${index + 1}` },
      description: {
        en: `${company} is hiring a ${role.en.toLowerCase()} in ${place.en}.`,
        mn: `${company} ${place.mn} хотод ${role.mn.toLowerCase()} ажилд авна.`,
      },
      company,
      location: place,
      type,
      requirements: { en: 'Experience in the field', mn: 'Салбартаа ажилласан туршлага' },
      responsibilities: { en: 'The daily work of the role', mn: 'Албан тушаалын өдөр тутмын ажил' },
      benefits: { en: 'Housing provided', mn: 'Байраар хангана' },
      skills: role.skills,
      // A tenth have already closed, to be filtered out.
      deadline: addDays(today, next() < 0.1 ? -1 - Math.floor(next() * 60) : Math.floor(next() * 365)),
      status: next() < 0.9 ? 'published' : 'draft',
    };
  });
}

const BATCH = 2000;

export async function seedSyntheticJobs(db: Db, count: number, log: (message: string) => void = () => undefined) {
  const all = syntheticJobs(count);
  const base = Date.now();
  for (let start = 0; start < all.length; start += BATCH) {
    // Spread posting times so "newest first" has a real order.
    await insertJobs(db, all.slice(start, start + BATCH), (index) => new Date(base - (start + index) * 60_000));
    if ((start / BATCH) % 10 === 9) log(`  ${start + BATCH} jobs`);
  }
  await db.$client.query('vacuum analyze jobs');
}
