// What the synthetic seeds (visa applications, contact messages) share: names in both scripts,
// mail domains, weighted picks, and setting trigram indexes aside while rows go in.
import type { PoolClient } from 'pg';
import { searchKey } from '../../lib/search-key.ts';

/** Given names as written in Latin letters and in Cyrillic, pair by pair. */
export const GIVEN: [string, string][] = [
  ['Bat-Erdene', 'Бат-Эрдэнэ'],
  ['Batbayar', 'Батбаяр'],
  ['Bolormaa', 'Болормаа'],
  ['Enkhjargal', 'Энхжаргал'],
  ['Ganbold', 'Ганболд'],
  ['Munkhbat', 'Мөнхбат'],
  ['Oyuntsetseg', 'Оюунцэцэг'],
  ['Sarangerel', 'Сарангэрэл'],
  ['Tsetsegmaa', 'Цэцэгмаа'],
  ['Tuvshinbayar', 'Төвшинбаяр'],
  ['Khulan', 'Хулан'],
  ['Anu', 'Ану'],
  ['Temuulen', 'Тэмүүлэн'],
  ['Nomin', 'Номин'],
  ['Erdenebat', 'Эрдэнэбат'],
  ['Altantsetseg', 'Алтанцэцэг'],
  ['Dulguun', 'Дөлгөөн'],
  ['Gerel', 'Гэрэл'],
  ['Naranbaatar', 'Наранбаатар'],
  ['Uyanga', 'Уянга'],
  ['Zolbayar', 'Золбаяр'],
  ['Ariunaa', 'Ариунаа'],
  ['Bilguun', 'Билгүүн'],
  ['Chinzorig', 'Чинзориг'],
  ['Delgermaa', 'Дэлгэрмаа'],
  ['Enkhbayar', 'Энхбаяр'],
  ['Khongorzul', 'Хонгорзул'],
  ['Munkhzul', 'Мөнхзул'],
  ['Odgerel', 'Одгэрэл'],
  ['Purevdorj', 'Пүрэвдорж'],
];

/** Family names (the father's name, as Mongolian passports carry it), Latin and Cyrillic. */
export const FAMILY: [string, string][] = [
  ['Dorj', 'Дорж'],
  ['Bold', 'Болд'],
  ['Ganbaatar', 'Ганбаатар'],
  ['Batsaikhan', 'Батсайхан'],
  ['Tsend', 'Цэнд'],
  ['Erdene', 'Эрдэнэ'],
  ['Sukhbaatar', 'Сүхбаатар'],
  ['Purev', 'Пүрэв'],
  ['Altankhuyag', 'Алтанхуяг'],
  ['Chuluun', 'Чулуун'],
  ['Davaa', 'Даваа'],
  ['Gantulga', 'Гантулга'],
  ['Jargalsaikhan', 'Жаргалсайхан'],
  ['Lkhagvasuren', 'Лхагвасүрэн'],
  ['Nyamdorj', 'Нямдорж'],
  ['Otgonbayar', 'Отгонбаяр'],
  ['Sanjaa', 'Санжаа'],
  ['Tumurbaatar', 'Төмөрбаатар'],
  ['Byambasuren', 'Бямбасүрэн'],
  ['Enkhtuvshin', 'Энхтөвшин'],
  ['Munkh-Ochir', 'Мөнх-Очир'],
  ['Tserendorj', 'Цэрэндорж'],
  ['Gombosuren', 'Гомбосүрэн'],
  ['Khurelbaatar', 'Хүрэлбаатар'],
  ['Damdinsuren', 'Дамдинсүрэн'],
];

export const MAIL_DOMAINS = ['gmail.com', 'yahoo.com', 'mail.ru', 'outlook.com', 'icloud.com', 'hotmail.com'];

/** A hundred slots, each value repeated as often as its weight: a weighted pick is one array index. */
export function slots(weights: [string, number][]): string[] {
  const all = weights.flatMap(([value, weight]) => Array<string>(weight).fill(value));
  if (all.length !== 100) throw new Error(`weights add up to ${all.length}, not 100`);
  return all;
}

/**
 * `seed_names` (dropped at commit): every name in both scripts, as written, lower-cased and as a
 * search key (the database's C locale would lower only ASCII; the key is lib/search-key.ts's).
 */
export async function createSeedNames(client: PoolClient) {
  await client.query(
    `create temporary table seed_names (kind text, i int, latin boolean, name text, lower text, key text,
       primary key (kind, i, latin)) on commit drop`,
  );
  const names = (['given', 'family'] as const).flatMap((kind) =>
    (kind === 'given' ? GIVEN : FAMILY).flatMap((pair, index) =>
      pair.map((name, script) => ({
        kind,
        i: index + 1,
        latin: script === 0,
        name,
        lower: name.toLocaleLowerCase(),
      })),
    ),
  );
  await client.query(
    `insert into seed_names select * from unnest($1::text[], $2::int[], $3::boolean[], $4::text[], $5::text[], $6::text[])`,
    [
      names.map((row) => row.kind),
      names.map((row) => row.i),
      names.map((row) => row.latin),
      names.map((row) => row.name),
      names.map((row) => row.lower),
      names.map((row) => searchKey(row.lower)),
    ],
  );
  await client.query('analyze seed_names');
}

/**
 * Trigram indexes are built faster once than row by row: drops `table`'s while the rows go in;
 * answers the function that builds them again.
 */
export async function setTrigramIndexesAside(client: PoolClient, table: string): Promise<() => Promise<void>> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
     where schemaname = current_schema() and tablename = $1 and indexdef like '%gin_trgm_ops%'`,
    [table],
  );
  for (const { name } of rows) await client.query(`drop index ${client.escapeIdentifier(name)}`);
  return async () => {
    await client.query(`set local maintenance_work_mem = '256MB'`);
    for (const { definition } of rows) await client.query(definition);
  };
}
