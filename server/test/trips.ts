import type { TripInput } from '@aylal/shared/schemas/trips';

/** A valid, published trip as an admin would write it. */
export function tripInput(overrides: Partial<TripInput> = {}): TripInput {
  return {
    title: { en: 'Gobi in Spring', mn: 'Хаврын Говь' },
    summary: { en: 'Dunes and cliffs.', mn: 'Элс, хад.' },
    description: { en: 'Long text.', mn: 'Урт текст.' },
    continent: 'asia',
    country: { en: 'Mongolia', mn: 'Улс' },
    destination: { en: 'Gobi Desert', mn: 'Газар' },
    type: 'group',
    tags: ['desert', 'nature'],
    mealPlan: 'full-board',
    durationDays: 2,
    fare: 1200,
    capacity: 12,
    departureDates: ['2027-05-10', '2027-06-14'],
    stops: [
      { place: { en: 'Ulaanbaatar', mn: 'Улаанбаатар' }, transport: 'plane' },
      { place: { en: 'Khongoryn Els', mn: 'Хонгорын элс' }, transport: 'car' },
    ],
    itinerary: [
      { day: 1, title: { en: 'Fly south', mn: 'Өмнө зүг нисэх' }, activities: [{ en: 'Flight', mn: 'Нислэг' }] },
      { day: 2, title: { en: 'Dunes', mn: 'Элсэн манхан' }, activities: [{ en: 'Camel ride', mn: 'Тэмээ унах' }] },
    ],
    status: 'published',
    ...overrides,
  };
}
