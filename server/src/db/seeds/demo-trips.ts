import type { TripInput } from '@aylal/shared/schemas/trips';

/** Text in English and Mongolian. */
const t = (en: string, mn: string) => ({ en, mn });

/** A description of several paragraphs in both languages. */
const paragraphs = (en: string[], mn: string[]) => ({ en: en.join('\n\n'), mn: mn.join('\n\n') });

/** Twelve published demo trips: five in Mongolia, seven abroad. Fares in US dollars per person; 0 = to be announced. */
export const DEMO_TRIPS: TripInput[] = [
  // ───────────────────────────── Mongolia ─────────────────────────────
  {
    title: t(
      'Gobi Highlights: Singing Dunes & Flaming Cliffs',
      'Говийн гайхамшиг: Хонгорын элс, Баянзагийн Улаан эрэг',
    ),
    summary: t(
      'Fly into the South Gobi, ride camels across the singing dunes of Khongoryn Els and watch sunset over the Flaming Cliffs.',
      'Өмнөговь руу нисч, Хонгорын элсний дуут манхны бэлээр тэмээ унаж, Баянзагийн Улаан эрэгт нар жаргахыг харна.',
    ),
    description: paragraphs(
      [
        'Seven days across the Gobi with a driver-guide who grew up here. We fly to Dalanzadgad to save a long drive, then travel through the Yolyn Am gorge, where ice often lingers into June, to Khongoryn Els, a wall of sand more than 100 km long that hums when the wind moves it.',
        'You will ride Bactrian camels with a herding family, walk the red cliffs of Bayanzag where the first dinosaur eggs known to science were found in 1923, and sleep under star-filled skies at Tsagaan Suvarga and Baga Gazriin Chuluu.',
        'Nights are in comfortable ger camps with hot showers. All meals, fuel, park fees and the domestic flight are included.',
      ],
      [
        'Энэ нутагт өсч торнисон жолооч, хөтөчтэй хамт Говийн үзэсгэлэнт газруудаар долоо хоног аялна. Урт замыг товчлохын тулд Даланзадгад руу нисч, зуны эхэн хүртэл мөс нь хайлдаггүй Ёлын амаар дамжин 100 гаруй км үргэлжлэх Хонгорын элсэнд хүрнэ. Салхинд элс нь хөдлөхөд дуугардаг тул үүнийг «Дуут манхан» гэдэг.',
        'Тэмээчин айлын тэмээг унаж, 1923 онд шинжлэх ухаанд анх удаа үлэг гүрвэлийн өндөг олдсон Баянзагийн Улаан эргээр алхаж, Цагаан суварга, Бага газрын чулуунд одоор дүүрэн тэнгэрийн доор хононо.',
        'Халуун усны шүршүүртэй тохилог жуулчны баазад буудална. Өдрийн гурван хоол, шатахуун, цогцолборт газрын хураамж, дотоодын нислэг үнэд багтсан.',
      ],
    ),
    continent: 'asia',
    country: { en: 'Mongolia', mn: 'Монгол' },
    destination: { en: 'Gobi Desert', mn: 'Говь' },
    type: 'group',
    tags: ['desert', 'nature', 'nomadic-life', 'adventure', 'photography'],
    mealPlan: 'full-board',
    durationDays: 7,
    fare: 1350,
    capacity: 16,
    departureDates: ['2027-06-05', '2027-07-24', '2027-08-14', '2027-09-04'],
    stops: [
      { place: t('Dalanzadgad', 'Даланзадгад'), transport: 'plane' },
      { place: t('Yolyn Am gorge', 'Ёлын ам'), transport: 'car' },
      { place: t('Khongoryn Els', 'Хонгорын элс'), transport: 'car' },
      { place: t('Bayanzag (Flaming Cliffs)', 'Баянзаг (Улаан эрэг)'), transport: 'car' },
      { place: t('Tsagaan Suvarga', 'Цагаан суварга'), transport: 'car' },
      { place: t('Baga Gazriin Chuluu', 'Бага газрын чулуу'), transport: 'car' },
    ],
    itinerary: [
      {
        day: 1,
        title: t('Fly to Dalanzadgad, Yolyn Am gorge', 'Даланзадгад руу нислэг, Ёлын ам'),
        activities: [
          t(
            'Morning flight from Ulaanbaatar to Dalanzadgad (1 h 30 min)',
            'Өглөө Улаанбаатараас Даланзадгад руу нисэх (1 цаг 30 минут)',
          ),
          t(
            'Walk the narrow Yolyn Am gorge, home to bearded vultures and ibex',
            'Ёл шувуу, янгир нутагладаг Ёлын амны нарийн хавцлаар алхах',
          ),
          t('Natural history museum at the park gate', 'Цогцолборт газрын үүдэн дэх байгалийн музейг үзэх'),
          t('Overnight in a ger camp', 'Жуулчны баазад хонох'),
        ],
      },
      {
        day: 2,
        title: t('Across the Gobi to Khongoryn Els', 'Хонгорын элс рүү'),
        activities: [
          t(
            'Scenic drive along the Gurvan Saikhan range (about 180 km)',
            'Гурван Сайханы нурууг даган үзэсгэлэнт замаар явах (180 орчим км)',
          ),
          t(
            'Milk tea and khoormog (fermented camel milk) with a camel-herding family',
            'Тэмээчин айлд зочилж, сүүтэй цай, хоормог амсах',
          ),
          t('Sunset over the dunes', 'Манхны цаагуур нар жаргахыг харах'),
        ],
      },
      {
        day: 3,
        title: t('The singing dunes', 'Дуут манхан'),
        activities: [
          t('Bactrian camel ride along the foot of the dunes', 'Хоёр бөхт тэмээ унаж манхны бэлээр аялах'),
          t('Climb the 300-metre dune and hear the sand sing', '300 метр өндөр манханд авирч, элсний «дуу»-г сонсох'),
          t('Picnic in the green oasis of the Khongor river', 'Хонгор голын ногоон бүрдэд зугаалах'),
        ],
      },
      {
        day: 4,
        title: t('Bayanzag, the Flaming Cliffs', 'Баянзагийн Улаан эрэг'),
        activities: [
          t('Drive north to Bayanzag through saxaul groves', 'Заган ой дундуур хойш Баянзаг руу явах'),
          t(
            'Walk the cliffs where dinosaur eggs were found in 1923',
            '1923 онд үлэг гүрвэлийн өндөг олдсон хадан эргээр алхах',
          ),
          t('Photograph the cliffs glowing red at sunset', 'Нар жаргах үед улаан туяанд гэрэлтэх хадыг зургаа авах'),
        ],
      },
      {
        day: 5,
        title: t('Tsagaan Suvarga', 'Цагаан суварга'),
        activities: [
          t(
            'Drive to the striped limestone cliffs of Tsagaan Suvarga',
            'Өнгө алаг шохойн хадтай Цагаан суварга руу явах',
          ),
          t(
            'Walk along the 60-metre escarpment of an ancient seabed',
            'Эртний далайн ёроол байсан 60 метр өндөр хясааг дагаж алхах',
          ),
          t('Stargazing with a telescope after dinner', 'Оройн хоолны дараа дурангаар од ажиглах'),
        ],
      },
      {
        day: 6,
        title: t('Baga Gazriin Chuluu', 'Бага газрын чулуу'),
        activities: [
          t(
            'Drive north to the granite towers of Baga Gazriin Chuluu',
            'Бага газрын чулууны боржин хадан цогцолбор руу явах',
          ),
          t(
            'Hike to the ruins of a small monastery hidden among the rocks',
            'Хадны дунд нуугдсан жижиг хийдийн туурь хүртэл явганаар алхах',
          ),
          t(
            'Farewell dinner of khorkhog, meat cooked with hot stones',
            'Халуун чулуугаар болгосон хорхогтой үдэлтийн оройн зоог',
          ),
        ],
      },
      {
        day: 7,
        title: t('Back to Ulaanbaatar', 'Улаанбаатар руу буцах'),
        activities: [
          t(
            'Drive back to Ulaanbaatar on a paved road (about 250 km)',
            'Хатуу хучилттай замаар Улаанбаатар руу буцах (250 орчим км)',
          ),
          t(
            'Drop-off at your hotel or home in the late afternoon',
            'Үдээс хойш зочид буудал эсвэл гэрт тань хүргэж өгөх',
          ),
        ],
      },
    ],
    status: 'published',
  },
  {
    title: t('Lake Khövsgöl: The Blue Pearl of Mongolia', 'Хөвсгөл нуур: Монголын хөх сувд'),
    summary: t(
      "Eight days on the shores of Mongolia's deepest lake: boat trips, horse treks through larch forest and evenings by the campfire.",
      'Монголын хамгийн гүн нуурын эрэгт найман өдөр: завиар аялах, шинэсэн ойгоор морь унах, галын дэргэд өнгөрөөх үдэш.',
    ),
    description: paragraphs(
      [
        "Lake Khövsgöl holds almost 70 percent of Mongolia's fresh water, and it is so clear that you can see the stones on the bottom. This trip gives you time to enjoy it: we stay at one well-run camp on the western shore instead of packing and unpacking every day.",
        'The days mix gentle horse treks with local herders, boat and kayak outings, a hike to a mountain viewpoint and a day with a yak-herding family. It suits families and first-time riders; every horse is matched to its rider.',
        'Flights to Mörön, all transfers, meals, activities and a guide who speaks Mongolian and English are included.',
      ],
      [
        'Хөвсгөл нуур Монголын цэнгэг усны нөөцийн бараг 70 хувийг агуулдаг бөгөөд ус нь ёроолын чулуу тод харагдахаар тунгалаг. Энэ аялалд өдөр бүр ачаагаа баглаж нүүхгүй, баруун эрэгт байрлах тохилог нэг баазаасаа гарч шинэ газар үзнэ.',
        'Нутгийн малчидтай хамт номхон морьдоор аялах, завь болон каякаар нууранд гарах, уулын орой дахь үзэгдэх цэг хүртэл явганаар авирах, сарлагтай малчин айлд өдрийг өнгөрөөх зэрэг өдөр бүр шинэ үйл ажиллагаатай. Гэр бүлээрээ аялагчид болон морь анх удаа унаж буй хүмүүст тохиромжтой — морь бүрийг унаачид нь тааруулж сонгоно.',
        'Мөрөн хүртэлх нислэг, бүх тээвэр, хоол, үйл ажиллагаа, монгол, англи хэлтэй хөтчийн үйлчилгээ үнэд багтсан.',
      ],
    ),
    continent: 'asia',
    country: { en: 'Mongolia', mn: 'Монгол' },
    destination: { en: 'Lake Khövsgöl', mn: 'Хөвсгөл нуур' },
    type: 'group',
    tags: ['lakes', 'nature', 'horse-riding', 'hiking', 'family'],
    mealPlan: 'full-board',
    durationDays: 8,
    fare: 1180,
    capacity: 14,
    departureDates: ['2027-06-26', '2027-07-17', '2027-08-07', '2027-08-21'],
    stops: [
      { place: t('Mörön', 'Мөрөн'), transport: 'plane' },
      { place: t('Uushigiin Övör deer stones', 'Уушигийн өврийн буган хөшөө'), transport: 'car' },
      { place: t('Khatgal', 'Хатгал'), transport: 'car' },
      { place: t('Jankhai, western shore', 'Жанхай, баруун эрэг'), transport: 'car' },
      { place: t('Modon Khui island', 'Модон хүй арал'), transport: 'cruise' },
    ],
    itinerary: [
      {
        day: 1,
        title: t('Fly to Mörön, drive to the lake', 'Мөрөн рүү нисч, нуур хүрэх'),
        activities: [
          t('Morning flight from Ulaanbaatar to Mörön', 'Өглөө Улаанбаатараас Мөрөн рүү нисэх'),
          t(
            'Stop at the 3,000-year-old deer stones of Uushigiin Övör',
            '3000 жилийн настай Уушигийн өврийн буган хөшөөг үзэх',
          ),
          t(
            'Drive through Khatgal to the camp on the western shore',
            'Хатгал тосгоноор дамжин баруун эрэг дэх бааз руу явах',
          ),
        ],
      },
      {
        day: 2,
        title: t('Lakeshore and Jankhai pass', 'Нуурын эрэг, Жанхайн даваа'),
        activities: [
          t(
            'Morning walk along the shore through larch and cedar forest',
            'Шинэс, хуш модтой ойгоор эрэг дагаж өглөөний алхалт хийх',
          ),
          t(
            'Climb to Jankhai pass for the first wide view of the lake',
            'Нуурын өргөн уудам үзэмжийг харахаар Жанхайн даваанд гарах',
          ),
          t('Evening campfire and Mongolian songs', 'Оройн гал тойрон монгол дуу дуулах'),
        ],
      },
      {
        day: 3,
        title: t('Horse trek in the taiga', 'Тайгаар морьтой аялах'),
        activities: [
          t(
            'Meet your horses and herder guides, with a short riding lesson',
            'Морьд болон малчин хөтчидтэйгээ танилцаж, морь унах богино хичээлд суух',
          ),
          t(
            'Half-day trek through the forest to a hidden bay',
            'Ой дундуур хагас өдөр морьтой явж, нуугдмал буланд хүрэх',
          ),
          t('Picnic lunch on the beach', 'Нуурын эрэг дээр зугаалгын үдийн хоол'),
        ],
      },
      {
        day: 4,
        title: t('On the water', 'Нуурын усан дээр'),
        activities: [
          t('Boat trip to Modon Khui island', 'Завиар Модон хүй арал руу аялах'),
          t('Guided kayaking in sheltered bays', 'Хөтөчтэй хамт нам гүм булангуудаар каякаар сэлүүрдэх'),
          t(
            'Fishing for lenok and grayling from the shore (catch and release)',
            'Эргээс зэвэг, хадран загас барих (барьсан загасаа буцааж тавина)',
          ),
        ],
      },
      {
        day: 5,
        title: t('A day with yak herders', 'Сарлагтай малчин айлд'),
        activities: [
          t('Help milk the yaks and make öröm, the thick clotted cream', 'Сарлаг саах, өрөм хураахад туслах'),
          t("Lunch of homemade noodle soup in the family's ger", 'Айлын гэрт гар гурилтай шөлөөр үдийн зоог барих'),
          t('Archery and ankle-bone flicking with the children', 'Хүүхдүүдтэй нь сур харваж, шагай няслах'),
        ],
      },
      {
        day: 6,
        title: t('Hike to a mountain viewpoint', 'Уулын орой руу явган аялал'),
        activities: [
          t(
            'Guided hike up the ridge above the camp (about 5 hours there and back)',
            'Баазын ард орших нурууны орой руу хөтөчтэй явганаар авирах (5 орчим цаг)',
          ),
          t(
            'Spot wildflowers, squirrels and birds of prey on the way',
            'Замдаа зэрлэг цэцэг, хэрэм, махчин шувуу ажиглах',
          ),
          t(
            'Free afternoon: swim if you dare — the water is about 12 °C in summer',
            'Үдээс хойш чөлөөт цаг: зориг хүрвэл сэлээрэй, зуны усны хэм 12 орчим градус',
          ),
        ],
      },
      {
        day: 7,
        title: t('Back to Mörön', 'Мөрөн рүү буцах'),
        activities: [
          t('Last morning by the lake', 'Нуурын эрэгт өнгөрөөх сүүлийн өглөө'),
          t("Drive to Mörön and stroll through the town's market", 'Мөрөн рүү буцаж, хотын захаар зугаалах'),
          t('Farewell dinner in town', 'Үдэлтийн оройн зоог'),
        ],
      },
      {
        day: 8,
        title: t('Fly to Ulaanbaatar', 'Улаанбаатар руу нисэх'),
        activities: [
          t('Morning flight back to Ulaanbaatar', 'Улаанбаатар руу буцах өглөөний нислэг'),
          t('Transfer to your hotel or home', 'Зочид буудал эсвэл гэрт тань хүргэж өгөх'),
        ],
      },
    ],
    status: 'published',
  },
  {
    title: t('Naadam Festival: Ulaanbaatar & Kharkhorin', 'Үндэсний их баяр наадам: Улаанбаатар, Хархорин'),
    summary: t(
      "See Mongolia's great summer festival from reserved seats, then follow the road west to the ancient capital at Kharkhorin.",
      'Үндэсний их баяр наадмыг урьдчилан захиалсан суудлаас үзээд, эртний нийслэл Хархорин руу баруун зүг аялна.',
    ),
    description: paragraphs(
      [
        "Naadam is the festival of the 'three manly games' — wrestling, horse racing and archery — and the whole country stops to watch. We take care of the hard parts: reserved seats at the Central Stadium, transport to the horse races at Khui Doloon Khudag, and a guide who explains every wrestling bout.",
        'After the festival we leave the city for Khustai National Park, where the takhi, the last truly wild horse, was returned to the steppe in 1992. From there we continue to Kharkhorin, site of Kharkhorum, the 13th-century capital of the Mongol Empire, and Erdene Zuu monastery, built from its stones. The last night is spent among the dunes of Elsen Tasarkhai.',
        'Hotels in Ulaanbaatar, ger camps in the countryside and all meals are included.',
      ],
      [
        'Наадам бол бөх, морь, сур харваа гэсэн эрийн гурван наадмын баяр бөгөөд энэ үеэр бүх улс орон наадмаа үздэг. Хамгийн төвөгтэй ажлыг бид хариуцна: Төв цэнгэлдэх хүрээлэнд урьдчилан захиалсан суудал, Хүй долоон худагт болох морин уралдаанд очих тээвэр, барилдаан бүрийг тайлбарлаж өгөх хөтөч.',
        'Наадмын дараа хотоос гарч, дэлхийн жинхэнэ зэрлэг адууны сүүлчийн төлөөлөгч тахийг 1992 онд эх нутагт нь буцаан нутагшуулсан Хустайн нуруунд очно. Тэндээс 13-р зууны Их Монгол Улсын нийслэл Хархорум байсан Хархорин, түүний чулуугаар барьсан Эрдэнэ Зуу хийдийг зорино. Сүүлчийн шөнөө Элсэн тасархайн манхны дунд өнгөрөөнө.',
        'Улаанбаатарын зочид буудал, хөдөөгийн жуулчны бааз, бүх хоол үнэд багтсан.',
      ],
    ),
    continent: 'asia',
    country: { en: 'Mongolia', mn: 'Монгол' },
    destination: { en: 'Ulaanbaatar & Kharkhorin', mn: 'Улаанбаатар, Хархорин' },
    type: 'group',
    tags: ['festival', 'culture', 'history', 'nomadic-life', 'wildlife'],
    mealPlan: 'full-board',
    durationDays: 7,
    fare: 1490,
    capacity: 24,
    departureDates: ['2027-07-09', '2027-07-10'],
    stops: [
      { place: t('Ulaanbaatar', 'Улаанбаатар'), transport: 'plane' },
      { place: t('Khui Doloon Khudag race grounds', 'Хүй долоон худаг'), transport: 'bus' },
      { place: t('Khustai National Park', 'Хустайн нуруу'), transport: 'bus' },
      { place: t('Kharkhorin', 'Хархорин'), transport: 'bus' },
      { place: t('Elsen Tasarkhai dunes', 'Элсэн тасархай'), transport: 'bus' },
    ],
    itinerary: [
      {
        day: 1,
        title: t('Welcome to Ulaanbaatar', 'Улаанбаатарт тавтай морил'),
        activities: [
          t('Meet your guide and check in to a central hotel', 'Хөтөчтэйгөө уулзаж, хотын төвийн зочид буудалд буух'),
          t('Sükhbaatar Square and Gandan monastery', 'Сүхбаатарын талбай, Гандан хийд'),
          t(
            'Evening folk concert with throat singing and contortion',
            'Хөөмий, уран нугаралттай ардын урлагийн оройн тоглолт',
          ),
        ],
      },
      {
        day: 2,
        title: t('Horse racing at Khui Doloon Khudag', 'Хүй долоон худагт морин уралдаан'),
        activities: [
          t('Drive out to the race grounds west of the city', 'Хотын баруун талд орших уралдааны талбай руу явах'),
          t(
            'Watch young jockeys gallop to the finish after races of up to 25 km',
            '25 км хүртэлх зайд уралдсан морьд бага насны унаачтайгаа барианд орохыг үзэх',
          ),
          t("Meet the horse trainers and taste airag, fermented mare's milk", 'Уяачидтай танилцаж, айраг амсах'),
        ],
      },
      {
        day: 3,
        title: t('Naadam at the Central Stadium', 'Төв цэнгэлдэх хүрээлэнд наадам үзэх'),
        activities: [
          t(
            'Reserved seats for the wrestling and the festival programme',
            'Урьдчилан захиалсан суудлаас барилдаан, наадмын хөтөлбөр үзэх',
          ),
          t(
            'Archery and ankle-bone shooting at the neighbouring grounds',
            'Хажуугийн талбайд сур харваа, шагай харваа үзэх',
          ),
          t("Lunch of khuushuur, the festival's signature fried meat pastry", 'Наадмын хуушуураар үдийн хоол идэх'),
        ],
      },
      {
        day: 4,
        title: t('Khustai National Park', 'Хустайн нуруу'),
        activities: [
          t('Drive west to Khustai (about 100 km)', 'Баруун зүг Хустайн нуруу руу явах (100 орчим км)'),
          t('Evening outing to watch wild takhi horses come down to drink', 'Орой ус уухаар бууж ирэх тахийг ажиглах'),
          t('Overnight in a ger camp in the park', 'Байгалийн цогцолборт газрын жуулчны баазад хонох'),
        ],
      },
      {
        day: 5,
        title: t('Kharkhorin and Erdene Zuu', 'Хархорин, Эрдэнэ Зуу хийд'),
        activities: [
          t('Drive to Kharkhorin (about 270 km)', 'Хархорин хүрэх (270 орчим км)'),
          t(
            "Guided visit of Erdene Zuu, Mongolia's oldest surviving Buddhist monastery",
            'Монголын өнөөг хүртэл хадгалагдан үлдсэн хамгийн эртний буддын хийд Эрдэнэ Зуутай танилцах',
          ),
          t(
            'Kharkhorum Museum and the stone turtles of the old capital',
            'Хархорум музей, эртний нийслэлийн чулуун мэлхийг үзэх',
          ),
        ],
      },
      {
        day: 6,
        title: t('Elsen Tasarkhai dunes', 'Элсэн тасархай'),
        activities: [
          t(
            'Drive to the sand dunes of Elsen Tasarkhai, also called Mongol Els',
            'Монгол элс гэж нэрлэдэг Элсэн тасархайн манхан руу явах',
          ),
          t('Camel ride and a visit to a nomadic family', 'Тэмээ унаж, малчин айлд зочлох'),
          t('Farewell dinner of khorkhog at the ger camp', 'Жуулчны баазад хорхогтой үдэлтийн оройн зоог'),
        ],
      },
      {
        day: 7,
        title: t('Back to Ulaanbaatar', 'Улаанбаатар руу буцах'),
        activities: [
          t('Drive back to Ulaanbaatar (about 280 km)', 'Улаанбаатар руу буцах (280 орчим км)'),
          t(
            'Free evening for souvenir shopping at the State Department Store',
            'Оройн чөлөөт цагаараа Их дэлгүүрээс бэлэг дурсгалын зүйл авах',
          ),
        ],
      },
    ],
    status: 'published',
  },
  {
    title: t('Golden Eagle Festival in the Altai', 'Алтайн бүргэдийн баяр наадам'),
    summary: t(
      'Join Kazakh eagle hunters in Bayan-Ölgii for two festival days of eagle calling, horseback games and Altai mountain scenery.',
      'Баян-Өлгийд казах бүргэдчидтэй хамт хоёр өдрийн баяр наадамд оролцож, бүргэд дуудах уралдаан, морин тоглоом, Алтайн уулсыг үзнэ.',
    ),
    description: paragraphs(
      [
        'For centuries the Kazakhs of western Mongolia have hunted foxes with golden eagles, and every autumn the hunters ride in from the mountains in fox-fur hats to compete. Departures are timed to the two main festivals: Sagsai in the last week of September and Ölgii on the first weekend of October.',
        'Before the festival you stay with an eagle-hunting family, watch the bird being trained and share a Kazakh dinner of beshbarmak. Afterwards there is time for Tolbo Lake and the town of Ölgii.',
        'Flights to Ölgii, 4×4 transport, the family homestay, heated ger camps and all meals are included. Nights are cold in autumn, so bring a down jacket.',
      ],
      [
        'Баруун Монголын казахууд олон зууны турш бүргэдээр үнэг агнаж ирсэн бөгөөд намар бүр бүргэдчид үнэгэн малгайгаа өмсөн уулнаас мориор ирж уралддаг. Аялал хоёр том наадамд тааруулж гарна: есдүгээр сарын сүүлийн долоо хоногт болох Сагсайн наадам, аравдугаар сарын эхний амралтын өдрүүдэд болох Өлгийн наадам.',
        'Наадмын өмнө бүргэдчин айлд хоноглож, бүргэдээ хэрхэн сургадгийг үзэж, казах үндэсний бешбармакаар оройн зоог барина. Наадмын дараа Толбо нуур, Өлгий хотыг үзэх цаг гарна.',
        'Өлгий хүртэлх нислэг, бартаат замын машин, айлд хонох, халаалттай гэртэй жуулчны бааз, бүх хоол үнэд багтсан. Намар шөнө хүйтэн байдаг тул өдөн хүрэм авч яваарай.',
      ],
    ),
    continent: 'asia',
    country: { en: 'Mongolia', mn: 'Монгол' },
    destination: { en: 'Bayan-Ölgii', mn: 'Баян-Өлгий' },
    type: 'group',
    tags: ['festival', 'culture', 'nomadic-life', 'mountains', 'photography'],
    mealPlan: 'full-board',
    durationDays: 7,
    fare: 1950,
    capacity: 12,
    departureDates: ['2027-09-23', '2027-09-30'],
    stops: [
      { place: t('Ölgii', 'Өлгий'), transport: 'plane' },
      { place: t("Eagle hunter's camp in the Altai", 'Алтай дахь бүргэдчин айл'), transport: 'car' },
      { place: t('Golden Eagle Festival grounds', 'Бүргэдийн баяр наадмын талбай'), transport: 'car' },
      { place: t('Tolbo Lake', 'Толбо нуур'), transport: 'car' },
      { place: t('Ölgii', 'Өлгий'), transport: 'car' },
    ],
    itinerary: [
      {
        day: 1,
        title: t('Fly to Ölgii', 'Өлгий рүү нисэх'),
        activities: [
          t(
            'Morning flight from Ulaanbaatar to Ölgii (about 3 h 30 min)',
            'Өглөө Улаанбаатараас Өлгий рүү нисэх (3 цаг 30 минут орчим)',
          ),
          t(
            "Drive into the mountains to your host family's autumn camp",
            'Уулын замаар гэрийн эзэн айлынхаа намаржаа руу явах',
          ),
          t('Beshbarmak dinner and Kazakh dombra music', 'Бешбармак оройн хоол, казах домбрын аялгуу'),
        ],
      },
      {
        day: 2,
        title: t('Life with an eagle hunter', 'Бүргэдчин айлын амьдрал'),
        activities: [
          t(
            'Watch the hunter train his eagle to come to a fox-skin lure',
            'Бүргэдчин бүргэдээ үнэгний арьсан өгөөш рүү дуудаж сургахыг үзэх',
          ),
          t("Ride out to the pastures with the family's herders", 'Айлын малчидтай хамт морьтой бэлчээр явах'),
          t('Drive to the festival area and check in to a ger camp', 'Наадмын газар руу явж, жуулчны баазад буух'),
        ],
      },
      {
        day: 3,
        title: t('Festival day one', 'Наадмын эхний өдөр'),
        activities: [
          t(
            'Parade of hunters in full costume with their eagles',
            'Үндэсний хувцастай бүргэдчид бүргэдээ барин жагсах ёслол',
          ),
          t(
            "Eagle calling contest: the birds swoop from a ridge to their owner's call",
            'Бүргэд дуудах уралдаан: бүргэдүүд эзнийхээ дуудлагаар хадан оройноос шүүрэн ирнэ',
          ),
          t('Kazakh handicraft market', 'Казах гар урлалын үзэсгэлэн худалдаа'),
        ],
      },
      {
        day: 4,
        title: t('Festival day two', 'Наадмын хоёр дахь өдөр'),
        activities: [
          t(
            'Kokpar, the horseback tug-of-war over a goat skin',
            'Морьтой хүмүүс ямааны арьс булаалддаг «көкпар» тоглоом',
          ),
          t(
            'Tiyn teru: riders pick up a coin from the ground at full gallop',
            'Давхиж яваа мориноосоо газраас зоос түүдэг «тийн теру» уралдаан',
          ),
          t('Awards ceremony and evening concert', 'Шагнал гардуулах ёслол, оройн тоглолт'),
        ],
      },
      {
        day: 5,
        title: t('Tolbo Lake', 'Толбо нуур'),
        activities: [
          t('Drive to Tolbo Lake in the Altai foothills', 'Алтайн уулсын бэл дэх Толбо нуур руу явах'),
          t('Walk on the shore and a picnic lunch', 'Нуурын эргээр алхаж, зугаалгын үдийн хоол идэх'),
          t("Visit a Kazakh embroiderer's home", 'Казах хатгамалчны гэрт зочлох'),
        ],
      },
      {
        day: 6,
        title: t('Ölgii town', 'Өлгий хот'),
        activities: [
          t('Drive back to Ölgii', 'Өлгий хот руу буцах'),
          t("The aimag museum and the town's mosque", 'Аймгийн музей, хотын лалын сүм'),
          t('Market stroll for felt and embroidered gifts', 'Захаас эсгий, хатгамал бэлэг дурсгал авах'),
          t('Farewell dinner with Kazakh music', 'Казах хөгжимтэй үдэлтийн оройн зоог'),
        ],
      },
      {
        day: 7,
        title: t('Fly to Ulaanbaatar', 'Улаанбаатар руу нисэх'),
        activities: [
          t('Morning flight back to Ulaanbaatar', 'Улаанбаатар руу буцах өглөөний нислэг'),
          t('Transfer to your hotel or home', 'Зочид буудал эсвэл гэрт тань хүргэж өгөх'),
        ],
      },
    ],
    status: 'published',
  },
  {
    title: t('Khövsgöl Ice Festival', 'Хөвсгөлийн мөсний баяр'),
    summary: t(
      "Walk on the clear blue ice of frozen Lake Khövsgöl, cheer the horse-sled races and admire ice sculptures at Mongolia's favourite winter festival.",
      'Хөлдсөн Хөвсгөл нуурын тунгалаг хөх мөсөн дээгүүр алхаж, морин чарганы уралдаанд хөгжөөн дэмжиж, Монголын хамгийн алдартай өвлийн баярын мөсөн баримлыг үзнэ.',
    ),
    description: paragraphs(
      [
        'In early March the ice on Lake Khövsgöl is more than a metre thick, and the people of Khatgal hold a festival on it: horse-sled races, ice skating, tug-of-war, ice sculptures and a shamanic ceremony to honour the spirit of the lake.',
        'Around the festival you will ride a horse-drawn sleigh along the shore, walk among cracks of glass-clear blue ice and drill a fishing hole with a local fisherman. Mornings can reach −25 °C, and the sky is almost always blue.',
        'We stay in heated wooden lodges in Khatgal rather than gers. Flights to Mörön, 4×4 transport and all meals are included.',
      ],
      [
        'Гуравдугаар сарын эхээр Хөвсгөл нуурын мөс нэг метрээс илүү зузаарч, Хатгалынхан мөсөн дээр баяр наадмаа хийдэг: морин чарганы уралдаан, тэшүүр, олс таталт, мөсөн баримал, нуурын эзэнд зориулсан бөөгийн зан үйл.',
        'Баярын өмнө, дараа нь морин чаргаар эрэг дагуу аялж, шил мэт тунгалаг хөх мөсний ан цав дунд алхаж, нутгийн загасчинтай хамт мөс цоолж загасчилна. Өглөө хүйтэн −25 хэм хүрч болох ч тэнгэр бараг үргэлж цэлмэг байдаг.',
        'Гэрт бус, Хатгал дахь халаалттай модон байшинд буудална. Мөрөн хүртэлх нислэг, бартаат замын машин, бүх хоол үнэд багтсан.',
      ],
    ),
    continent: 'asia',
    country: { en: 'Mongolia', mn: 'Монгол' },
    destination: { en: 'Lake Khövsgöl', mn: 'Хөвсгөл нуур' },
    type: 'group',
    tags: ['winter', 'festival', 'lakes', 'adventure', 'photography'],
    mealPlan: 'full-board',
    durationDays: 6,
    fare: 1190,
    capacity: 16,
    departureDates: ['2027-03-04', '2027-03-05'],
    stops: [
      { place: t('Mörön', 'Мөрөн'), transport: 'plane' },
      { place: t('Khatgal', 'Хатгал'), transport: 'car' },
      { place: t('Frozen Lake Khövsgöl', 'Хөлдсөн Хөвсгөл нуур'), transport: 'car' },
      { place: t('Uushigiin Övör deer stones', 'Уушигийн өврийн буган хөшөө'), transport: 'car' },
    ],
    itinerary: [
      {
        day: 1,
        title: t('Fly to Mörön, drive to Khatgal', 'Мөрөн рүү нисч, Хатгал хүрэх'),
        activities: [
          t('Morning flight from Ulaanbaatar to Mörön', 'Өглөө Улаанбаатараас Мөрөн рүү нисэх'),
          t('Winter drive to Khatgal (about 100 km)', 'Өвлийн замаар Хатгал хүрэх (100 орчим км)'),
          t('Hot dinner at the lodge', 'Буудалдаа халуун оройн хоол идэх'),
        ],
      },
      {
        day: 2,
        title: t('On the frozen lake', 'Хөлдсөн нуур дээр'),
        activities: [
          t(
            'Drive out onto the ice to see the famous clear blue ice',
            'Алдарт тунгалаг хөх мөсийг үзэхээр нуурын мөсөн дээгүүр машинаар явах',
          ),
          t(
            'Photograph frozen bubbles and pressure ridges',
            'Мөсөнд хөлдсөн агаарын бөмбөлөг, мөсний овойлтыг зургаа авах',
          ),
          t(
            'Evening with a local family and their stories of winter on the lake',
            'Нутгийн айлд зочилж, нуурын өвлийн тухай яриа сонсох',
          ),
        ],
      },
      {
        day: 3,
        title: t('Ice Festival', 'Мөсний баяр'),
        activities: [
          t('Horse-sled and ice-skating races on the lake', 'Нуурын мөсөн дээр морин чарга, тэшүүрийн уралдаан үзэх'),
          t(
            'Ice sculptures, tug-of-war and ankle-bone shooting on the ice',
            'Мөсөн баримал, олс таталт, мөсөн дээрх шагай харваа',
          ),
          t('Shamanic ceremony to honour the spirit of the lake', 'Нуурын эзэнд зориулсан бөөгийн зан үйл'),
        ],
      },
      {
        day: 4,
        title: t('Horse sleigh and ice fishing', 'Морин чарга, мөсөн загасчлал'),
        activities: [
          t('Horse-drawn sleigh ride along the shore', 'Морин чаргаар эрэг дагуу аялах'),
          t('Drill through the ice and fish with a local fisherman', 'Нутгийн загасчинтай хамт мөс цоолж загасчлах'),
          t('Sauna and a dinner of fresh fish', 'Саун, шинэхэн загасаар оройн зоог'),
        ],
      },
      {
        day: 5,
        title: t('Back to Mörön', 'Мөрөн рүү буцах'),
        activities: [
          t('Drive back to Mörön', 'Мөрөн рүү буцах'),
          t('Stop at the Uushigiin Övör deer stones in the snow', 'Цасан дундах Уушигийн өврийн буган хөшөөг үзэх'),
          t('Farewell dinner in town', 'Үдэлтийн оройн зоог'),
        ],
      },
      {
        day: 6,
        title: t('Fly to Ulaanbaatar', 'Улаанбаатар руу нисэх'),
        activities: [
          t('Morning flight back to Ulaanbaatar', 'Улаанбаатар руу буцах өглөөний нислэг'),
          t('Transfer to your hotel or home', 'Зочид буудал эсвэл гэрт тань хүргэж өгөх'),
        ],
      },
    ],
    status: 'published',
  },

  // ────────────────────────────── Abroad ──────────────────────────────
  {
    title: t('Seoul & Jeju: City Lights and Island Breezes', 'Сөүл ба Жэжү: хотын гэрэл, арлын сэвэлзүүр'),
    summary: t(
      'Palaces, markets and Korean pop culture in Seoul, then volcanic craters, tea fields and beaches on Jeju, with a Mongolian-speaking guide.',
      'Сөүлийн ордон, зах, солонгос поп соёлтой танилцаад, Жэжү арлын галт уулын тогоо, цайны тариалан, далайн эргээр монгол хэлтэй хөтөчтэй аялна.',
    ),
    description: paragraphs(
      [
        'Korea is only a three-and-a-half-hour flight away, yet this trip shows far more than a shopping weekend. In Seoul you will wear hanbok at Gyeongbokgung Palace, wander the lanes of Bukchon, see the city from Namsan Tower and still have evenings for Myeongdong and Dongdaemun.',
        'Then we fly to Jeju, the volcanic island Koreans choose for their own holidays: sunrise on Seongsan Ilchulbong, the haenyeo women divers, green tea fields and a walk on the slopes of Hallasan.',
        'Flights, hotels with breakfast, a Mongolian-speaking guide and all entrance fees are included, and we help you with the visa documents.',
      ],
      [
        'Солонгос ердөө гурван цаг хагасын нислэгийн зайтай ч энэ аялал ердийн дэлгүүр хэсэх амралтаас хамаагүй ихийг үзүүлнэ. Сөүлд Кёнбоккун ордонд ханбок өмсөж, Букчоны нарийн гудамжаар алхаж, Намсан цамхгаас хотыг харахаас гадна Мёндон, Тондэмунаар зугаалах орой ч үлдэнэ.',
        'Дараа нь солонгосчууд өөрсдөө амрах дуртай галт уулын арал Жэжү рүү нисч, Сонсан Илчулбон оргил дээр нар мандахыг угтаж, далайд шумбагч хэнё эмэгтэйчүүдтэй танилцаж, ногоон цайны тариалан үзэж, Халла уулын энгэрээр алхана.',
        'Нислэг, өглөөний цайтай зочид буудал, монгол хэлтэй хөтөч, бүх үзвэрийн тасалбар үнэд багтсан бөгөөд визийн бичиг баримт бүрдүүлэхэд тань туслана.',
      ],
    ),
    continent: 'asia',
    country: { en: 'South Korea', mn: 'Өмнөд Солонгос' },
    destination: { en: 'Seoul & Jeju', mn: 'Сөүл, Жэжү' },
    type: 'group',
    tags: ['city', 'shopping', 'food', 'nature', 'family'],
    mealPlan: 'breakfast',
    durationDays: 7,
    fare: 1290,
    capacity: 25,
    departureDates: ['2027-05-13', '2027-06-10', '2027-09-02', '2027-10-21'],
    stops: [
      { place: t('Seoul', 'Сөүл'), transport: 'plane' },
      { place: t('Jeju City', 'Жэжү хот'), transport: 'plane' },
      { place: t('Seongsan Ilchulbong', 'Сонсан Илчулбон'), transport: 'bus' },
      { place: t('Hallasan', 'Халла уул'), transport: 'hiking' },
    ],
    itinerary: [
      {
        day: 1,
        title: t('Fly to Seoul', 'Сөүл рүү нисэх'),
        activities: [
          t(
            'Flight from Ulaanbaatar to Incheon (about 3 h 30 min)',
            'Улаанбаатараас Инчон руу нисэх (3 цаг 30 минут орчим)',
          ),
          t('Check in to a hotel in Myeongdong', 'Мёндон дахь зочид буудалд буух'),
          t('Evening cable car up to N Seoul Tower', 'Орой дүүжин тэргээр Намсан цамхаг руу гарах'),
        ],
      },
      {
        day: 2,
        title: t('Palaces and hanok lanes', 'Ордон, ханок гудамж'),
        activities: [
          t(
            'Gyeongbokgung Palace and the changing of the guard, dressed in hanbok',
            'Ханбок өмсөж Кёнбоккун ордон, харуул солих ёслолыг үзэх',
          ),
          t('Walk through Bukchon Hanok Village', 'Букчоны ханок тосгоноор алхах'),
          t('Tea houses and craft shops of Insadong', 'Инсадоны цайны газар, гар урлалын дэлгүүрүүд'),
        ],
      },
      {
        day: 3,
        title: t('Modern Seoul', 'Орчин үеийн Сөүл'),
        activities: [
          t(
            'Gangnam, the Starfield Library and the Lotte World Tower observation deck',
            'Каннам, Старфилд номын сан, Лотте Ворлд цамхгийн ажиглалтын тавцан',
          ),
          t('Evening cruise on the Han River', 'Хан мөрөнд оройн усан онгоцоор аялах'),
          t('Night shopping at Dongdaemun', 'Тондэмуны шөнийн захаар дэлгүүр хэсэх'),
        ],
      },
      {
        day: 4,
        title: t('Fly to Jeju', 'Жэжү рүү нисэх'),
        activities: [
          t('Short flight from Gimpo to Jeju (1 h)', 'Кимпогоос Жэжү рүү богино нислэг (1 цаг)'),
          t('Yongduam, the dragon-head rock on the shore', 'Далайн эрэг дэх луу толгойт Ёндуам хад'),
          t('Dinner of Jeju black pork at Dongmun Market', 'Тонмун захад Жэжүгийн хар гахайн махаар оройн зоог'),
        ],
      },
      {
        day: 5,
        title: t('Eastern Jeju', 'Жэжүгийн зүүн хэсэг'),
        activities: [
          t(
            'Sunrise climb of the Seongsan Ilchulbong crater',
            'Сонсан Илчулбон галт уулын тогоо руу авирч нар мандахыг угтах',
          ),
          t('Watch the haenyeo women divers come ashore', 'Хэнё шумбагч эмэгтэйчүүд далайгаас гарч ирэхийг үзэх'),
          t('Walk through the Manjanggul lava tube', 'Манжангул лаавын агуйгаар алхах'),
        ],
      },
      {
        day: 6,
        title: t('Western Jeju', 'Жэжүгийн баруун хэсэг'),
        activities: [
          t('Morning hike on the Eorimok trail of Hallasan', 'Халла уулын Орымок жимээр өглөөний явган аялал'),
          t("Green tea fields and the O'sulloc tea museum", 'Ногоон цайны тариалан, Осуллок цайны музей'),
          t('Swim or relax at Hyeopjae beach', 'Хёбжэ далайн эрэгт сэлэх, амрах'),
        ],
      },
      {
        day: 7,
        title: t('Fly back to Ulaanbaatar', 'Улаанбаатар руу буцах'),
        activities: [
          t('Free morning for last-minute shopping', 'Өглөөний чөлөөт цагаар дэлгүүр хэсэх'),
          t('Flight from Jeju to Ulaanbaatar via Incheon', 'Инчоноор дамжин Улаанбаатар руу нисэх'),
        ],
      },
    ],
    status: 'published',
  },
  {
    title: t('Japan in Cherry Blossom Season', 'Сакура цэцэглэх улиралд Япон орноор'),
    summary: t(
      'Tokyo, Mount Fuji, Kyoto, Nara and Osaka at the height of cherry blossom season, travelling between them by bullet train.',
      'Сакура цэцэглэлтийн оргил үед Токио, Фүжи уул, Киото, Нара, Осакаар хурдны галт тэргээр аялна.',
    ),
    description: paragraphs(
      [
        'For about two weeks each spring Japan turns pink, and the whole country goes out to picnic under the trees. Our departures follow the blossom as it moves from Tokyo to Kyoto in early April.',
        "You will see Ueno Park and the Chidorigafuchi moat in Tokyo, the Chureito pagoda framed by Mount Fuji, the temples and geisha lanes of Kyoto and the deer of Nara, and finish with street food in Osaka's Dotonbori. One night is spent in a traditional ryokan with a hot-spring bath.",
        'Flights, hotels with breakfast, a kaiseki dinner at the ryokan, bullet-train tickets and a Mongolian-speaking guide are included. Mongolian citizens need a visa; we prepare the documents together with you.',
      ],
      [
        'Жил бүрийн хавар хоёр орчим долоо хоногийн турш Япон ягаан өнгөөр бүрхэгдэж, хүн бүр сакурын мод дор зугаалдаг. Манай аялал сакурын цэцэглэлтийг даган дөрөвдүгээр сарын эхээр Токиогоос Киото хүртэл явна.',
        'Токиогийн Үэно цэцэрлэгт хүрээлэн, Чидоригафүчи суваг, Фүжи уулын дэргэдэх Чүрэйто пагода, Киотогийн сүм хийд, гейшүүдийн гудамж, Нарагийн бугуудыг үзээд, Осакагийн Дотонборид гудамжны хоол амталж аяллаа өндөрлөнө. Нэг шөнийг халуун рашаантай уламжлалт рёоканд өнгөрөөнө.',
        'Нислэг, өглөөний цайтай зочид буудал, рёоканы кайсэки оройн зоог, хурдны галт тэрэгний тасалбар, монгол хэлтэй хөтөч үнэд багтсан. Монгол Улсын иргэдэд виз шаардлагатай тул бичиг баримтыг тань хамтдаа бүрдүүлнэ.',
      ],
    ),
    continent: 'asia',
    country: { en: 'Japan', mn: 'Япон' },
    destination: { en: 'Tokyo & Kyoto', mn: 'Токио, Киото' },
    type: 'group',
    tags: ['culture', 'city', 'food', 'photography', 'history'],
    mealPlan: 'breakfast',
    durationDays: 8,
    fare: 2690,
    capacity: 20,
    departureDates: ['2027-03-27', '2027-03-31', '2027-04-04'],
    stops: [
      { place: t('Tokyo', 'Токио'), transport: 'plane' },
      { place: t('Lake Kawaguchi & Mount Fuji', 'Кавагүчи нуур, Фүжи уул'), transport: 'bus' },
      { place: t('Kyoto', 'Киото'), transport: 'train' },
      { place: t('Nara', 'Нара'), transport: 'train' },
      { place: t('Osaka', 'Осака'), transport: 'train' },
    ],
    itinerary: [
      {
        day: 1,
        title: t('Arrive in Tokyo', 'Токиод ирэх'),
        activities: [
          t('Flight from Ulaanbaatar to Tokyo Narita', 'Улаанбаатараас Токиогийн Нарита нисэх буудал руу нисэх'),
          t('Check in to a hotel in Shinjuku', 'Шинжүкү дахь зочид буудалд буух'),
          t('Evening walk among the neon lights of Shinjuku', 'Шинжүкүгийн гэрэлт гудамжаар оройн зугаалга'),
        ],
      },
      {
        day: 2,
        title: t('Tokyo in bloom', 'Цэцэглэсэн Токио'),
        activities: [
          t(
            'Hanami picnic under the cherry trees of Ueno Park',
            'Үэно цэцэрлэгт хүрээлэнд сакурын мод дор ханами зугаалга',
          ),
          t('Sensō-ji temple and Nakamise street in Asakusa', 'Асакусагийн Сэнсожи сүм, Накамисэ гудамж'),
          t(
            'Sumida River cruise and the view from Tokyo Skytree',
            'Сумида голоор усан онгоцоор аялж, Токио Скайтри цамхгаас хотыг харах',
          ),
        ],
      },
      {
        day: 3,
        title: t('Moats, shrines and Shibuya', 'Суваг, сүм, Шибуяа'),
        activities: [
          t(
            'Row a boat under the blossoms of the Chidorigafuchi moat',
            'Чидоригафүчи сувагт сакурын дор завиар сэлүүрдэх',
          ),
          t('Meiji Shrine and the fashion streets of Harajuku', 'Мэйжи сүм, Харажүкүгийн загварын гудамж'),
          t('Shibuya Crossing at dusk', 'Бүрэнхий болоход Шибуяагийн уулзвар'),
        ],
      },
      {
        day: 4,
        title: t('Mount Fuji and Lake Kawaguchi', 'Фүжи уул, Кавагүчи нуур'),
        activities: [
          t('Coach to Lake Kawaguchi (about 2 h)', 'Автобусаар Кавагүчи нуур руу явах (2 цаг орчим)'),
          t(
            'Climb the steps to the Chureito pagoda for the classic view of Fuji',
            'Фүжи уулын сонгодог үзэмжийг харахаар Чүрэйто пагода хүртэл шатаар өгсөх',
          ),
          t(
            'Kaiseki dinner and a hot-spring bath at a ryokan',
            'Рёоканд кайсэки оройн зоог барьж, халуун рашаанд орох',
          ),
        ],
      },
      {
        day: 5,
        title: t('Bullet train to Kyoto', 'Хурдны галт тэргээр Киото руу'),
        activities: [
          t('Shinkansen to Kyoto (about 2 h)', 'Шинкансэн хурдны галт тэргээр Киото хүрэх (2 цаг орчим)'),
          t('Walk through the thousand red gates of Fushimi Inari', 'Фүшими Инари сүмийн мянган улаан хаалгаар алхах'),
          t('Evening in Gion, the old geisha district', 'Орой гейшүүдийн эртний Гион хороололд зугаалах'),
        ],
      },
      {
        day: 6,
        title: t('Kyoto temples and gardens', 'Киотогийн сүм, цэцэрлэгүүд'),
        activities: [
          t('Kiyomizu-dera temple and its wooden terrace', 'Модон тагттай Киёмизү-дэра сүм'),
          t("The Philosopher's Path, lined with cherry trees", 'Сакурын модоор хүрээлэгдсэн «Философичийн зам»'),
          t('Arashiyama bamboo grove', 'Арашиямагийн хулсан төгөл'),
        ],
      },
      {
        day: 7,
        title: t('Nara and Osaka', 'Нара, Осака'),
        activities: [
          t('Feed the tame deer of Nara Park', 'Нарагийн цэцэрлэгт хүрээлэнгийн номхон бугуудыг хооллох'),
          t('Tōdai-ji temple and its giant bronze Buddha', 'Тодай-жи сүм, Бурхан багшийн аварга хүрэл хөрөг'),
          t(
            'Street food in Dotonbori: takoyaki and okonomiyaki',
            'Дотонборид гудамжны хоол амтлах: такояки, окономияки',
          ),
        ],
      },
      {
        day: 8,
        title: t('Fly home from Osaka', 'Осакагаас буцах'),
        activities: [
          t('Free morning for last-minute shopping', 'Өглөөний чөлөөт цагаар дэлгүүр хэсэх'),
          t('Flight from Kansai airport to Ulaanbaatar', 'Кансай нисэх буудлаас Улаанбаатар руу нисэх'),
        ],
      },
    ],
    status: 'published',
  },
  {
    title: t('Istanbul & Cappadocia', 'Истанбул ба Каппадоки'),
    summary: t(
      "Explore Istanbul's palaces, mosques and bazaars on two continents, then fly to Cappadocia for fairy chimneys, cave hotels and sunrise balloons.",
      'Хоёр тивд оршдог Истанбулын ордон, сүм, базаараар аялаад, Каппадоки руу нисч, дагины яндан хад, агуйн зочид буудал, үүрийн агаарын бөмбөлгийг үзнэ.',
    ),
    description: paragraphs(
      [
        'Istanbul was a capital for sixteen centuries, and it shows: Hagia Sophia, the Blue Mosque and Topkapı Palace stand a short walk apart, and a boat on the Bosphorus takes you from Europe to Asia and back in an afternoon.',
        'In Cappadocia the landscape looks invented: valleys of rock cones, whole towns dug underground and churches cut into cliffs. You stay in a cave hotel, walk the Rose Valley at sunset and, if you wish, rise at dawn for a hot-air balloon flight (optional, booked on request).',
        'All flights including the hop to Cappadocia, hotels with breakfast and dinner, entrance fees and a Mongolian-speaking guide are included.',
      ],
      [
        'Истанбул арван зургаан зууны турш нийслэл байсан нь хаа сайгүй мэдрэгдэнэ: Айя София, Цэнхэр сүм, Топкапы ордон хоорондоо алхаад хүрэх зайтай бөгөөд Босфорын хоолойгоор усан онгоцоор аялж, нэг үдээс хойш Европоос Ази руу очоод буцаж болно.',
        'Каппадокийн байгаль хэн нэгний зохиосон мэт: шовгор хадтай хөндий, газар доор ухсан бүтэн хот, хадан хясаанд сийлсэн сүм. Агуйн зочид буудалд буудаллаж, нар жаргах үеэр Сарнайн хөндийгөөр алхаж, хүсвэл үүр цайхад агаарын бөмбөлгөөр нисэх боломжтой (нэмэлт төлбөртэй, хүсэлтээр захиална).',
        'Каппадоки хүрэх дотоодын нислэг зэрэг бүх нислэг, өглөө, оройн хоолтой зочид буудал, үзвэрийн тасалбар, монгол хэлтэй хөтөч үнэд багтсан.',
      ],
    ),
    continent: 'europe',
    country: { en: 'Turkey', mn: 'Турк' },
    destination: { en: 'Istanbul & Cappadocia', mn: 'Истанбул, Каппадоки' },
    type: 'group',
    tags: ['history', 'culture', 'food', 'shopping'],
    mealPlan: 'half-board',
    durationDays: 8,
    fare: 1890,
    capacity: 22,
    departureDates: ['2027-04-22', '2027-05-20', '2027-09-16', '2027-10-14'],
    stops: [
      { place: t('Istanbul', 'Истанбул'), transport: 'plane' },
      { place: t('Bosphorus Strait', 'Босфорын хоолой'), transport: 'cruise' },
      { place: t('Göreme, Cappadocia', 'Гёреме, Каппадоки'), transport: 'plane' },
      { place: t('Derinkuyu underground city', 'Деринкуюгийн газар доорх хот'), transport: 'bus' },
      { place: t('Red and Rose valleys', 'Улаан ба Сарнайн хөндий'), transport: 'hiking' },
    ],
    itinerary: [
      {
        day: 1,
        title: t('Arrive in Istanbul', 'Истанбулд ирэх'),
        activities: [
          t('Flight from Ulaanbaatar to Istanbul', 'Улаанбаатараас Истанбул руу нисэх'),
          t('Check in to a hotel in Sultanahmet, the old town', 'Хуучин хот Султанахмет дахь зочид буудалд буух'),
          t('Welcome dinner of meze and kebab', 'Мезе, кебабтай угтах оройн зоог'),
        ],
      },
      {
        day: 2,
        title: t('Byzantine and Ottoman Istanbul', 'Византи, Османы үеийн Истанбул'),
        activities: [
          t('Hagia Sophia and the Blue Mosque', 'Айя София, Цэнхэр сүм'),
          t('The Hippodrome and the underground Basilica Cistern', 'Ипподром, газар доорх Базилика усан сан'),
          t('Turkish tea and baklava in a local café', 'Цайны газарт турк цай, баклава амтлах'),
        ],
      },
      {
        day: 3,
        title: t('Palaces and bazaars', 'Ордон ба базаар'),
        activities: [
          t('Topkapı Palace, home of the Ottoman sultans', 'Османы султануудын өргөө байсан Топкапы ордон'),
          t('Get lost in the Grand Bazaar', 'Их базаарын мянга мянган лангуугаар зугаалах'),
          t('Spices and Turkish delight at the Spice Bazaar', 'Амтлагчийн базаараас амтлагч, рахат-лукум авах'),
        ],
      },
      {
        day: 4,
        title: t('The Bosphorus', 'Босфорын хоолой'),
        activities: [
          t(
            'Cruise the Bosphorus between Europe and Asia',
            'Европ, Азийн хооронд Босфорын хоолойгоор усан онгоцоор аялах',
          ),
          t('Dolmabahçe Palace', 'Долмабахче ордон'),
          t('Galata Tower and an evening on İstiklal Avenue', 'Галата цамхаг, Истиклал гудамжинд өнгөрөөх үдэш'),
        ],
      },
      {
        day: 5,
        title: t('Fly to Cappadocia', 'Каппадоки руу нисэх'),
        activities: [
          t('Morning flight to Kayseri and transfer to Göreme', 'Өглөө Кайсери руу нисч, Гёреме хүрэх'),
          t(
            'Göreme Open-Air Museum and its painted cave churches',
            'Гёремегийн ил задгай музей, ханын зурагтай агуйн сүмүүд',
          ),
          t(
            'Check in to a cave hotel; sunset from Uçhisar castle',
            'Агуйн зочид буудалд буудаллаж, Учхисар цайзаас нар жаргахыг харах',
          ),
        ],
      },
      {
        day: 6,
        title: t('Fairy chimneys and underground cities', 'Дагины яндан, газар доорх хот'),
        activities: [
          t('Optional sunrise hot-air balloon flight', 'Хүсвэл үүрээр агаарын бөмбөлгөөр нисэх (нэмэлт төлбөртэй)'),
          t('The fairy chimneys of Paşabağ and Devrent valleys', 'Дагины яндан хадтай Пашабаг, Деврент хөндий'),
          t(
            'Eight levels down into the underground city of Derinkuyu',
            'Деринкуюгийн газар доорх хотын найман давхарт буух',
          ),
        ],
      },
      {
        day: 7,
        title: t('Valleys on foot', 'Хөндийгөөр явган аялал'),
        activities: [
          t(
            'Hike through the Red and Rose valleys (about 3 hours)',
            'Улаан ба Сарнайн хөндийгөөр явган аялах (3 орчим цаг)',
          ),
          t('Pottery workshop in Avanos', 'Аваносын ваарны урланд зочлох'),
          t('Farewell dinner with a Turkish folk show', 'Турк ардын урлагийн тоглолттой үдэлтийн оройн зоог'),
        ],
      },
      {
        day: 8,
        title: t('Fly home', 'Улаанбаатар руу буцах'),
        activities: [
          t('Flight from Kayseri to Istanbul', 'Кайсериас Истанбул руу нисэх'),
          t('Connecting flight to Ulaanbaatar', 'Дамжин Улаанбаатар руу нисэх'),
        ],
      },
    ],
    status: 'published',
  },
  {
    title: t(
      'Bali for Two: Rice Terraces, Temples & Beaches',
      'Хоёулаа Бали руу: шатлаат будааны талбай, сүм, далайн эрэг',
    ),
    summary: t(
      "A relaxed week for couples: a pool villa in Ubud, temple visits, spa time and sunsets on Bali's southern beaches.",
      'Хосуудад зориулсан тайван долоо хоног: Убудын усан сантай вилла, сүм хийд, спа, Балийн өмнөд эргийн нар жаргалт.',
    ),
    description: paragraphs(
      [
        "A trip for honeymooners and couples who want Bali without the hassle. You start in Ubud, in a private pool villa among the rice fields, with temples, a cooking class and a couples' massage, then move to the coast for three nights by the sea.",
        'The group is small — at most six couples — and the programme leaves plenty of free time. From the beach you can take a boat to Nusa Penida to snorkel with manta rays, or simply watch the Kecak fire dance at Uluwatu as the sun goes down.',
        'Flights via Seoul or Bangkok, airport transfers, the villa and beach hotel, breakfasts and dinners, and a private driver for excursions are included.',
      ],
      [
        'Балид санаа зоволтгүй амрахыг хүссэн шинэ гэрлэсэн болон бусад хосуудад зориулсан аялал. Убудын будааны талбай дундах хувийн усан сантай виллагаас эхэлж, сүм хийдээр аялан, хоол хийх хичээлд сууж, хосын массаж хийлгээд, дараа нь далайн эрэгт гурван шөнө амарна.',
        'Бүлэг цөөхөн — ихдээ зургаан хос — бөгөөд хөтөлбөрт чөлөөт цаг их бий. Далайн эргээс завиар Нуса Пенида арал руу явж, аварга манта загастай хамт шумбах, эсвэл Улуватуд нар жаргах үеэр Кечак галт бүжгийг үзэх боломжтой.',
        'Сөүл эсвэл Бангкокоор дамжих нислэг, нисэх буудлын тээвэр, вилла болон далайн эргийн зочид буудал, өглөө, оройн хоол, аялалд зориулсан хувийн жолооч үнэд багтсан.',
      ],
    ),
    continent: 'asia',
    country: { en: 'Indonesia', mn: 'Индонез' },
    destination: { en: 'Bali', mn: 'Бали' },
    type: 'couple',
    tags: ['beach', 'wellness', 'nature', 'culture'],
    mealPlan: 'half-board',
    durationDays: 7,
    fare: 1980,
    capacity: 12,
    departureDates: ['2027-05-15', '2027-06-19', '2027-08-28', '2027-09-25'],
    stops: [
      { place: t('Denpasar', 'Денпасар'), transport: 'plane' },
      { place: t('Ubud', 'Убуд'), transport: 'car' },
      { place: t('Seminyak', 'Семиньяк'), transport: 'car' },
      { place: t('Nusa Penida', 'Нуса Пенида арал'), transport: 'cruise' },
      { place: t('Uluwatu', 'Улувату'), transport: 'car' },
    ],
    itinerary: [
      {
        day: 1,
        title: t('Arrive in Bali', 'Балид ирэх'),
        activities: [
          t(
            'Flight from Ulaanbaatar to Denpasar via Seoul or Bangkok',
            'Сөүл эсвэл Бангкокоор дамжин Денпасар руу нисэх',
          ),
          t('Private transfer to your pool villa in Ubud', 'Хувийн машинаар Убуд дахь усан сантай виллад хүрэх'),
          t('Candlelit welcome dinner', 'Лаа асаасан угтах оройн зоог'),
        ],
      },
      {
        day: 2,
        title: t('Ubud rice terraces', 'Убудын шатлаат будааны талбай'),
        activities: [
          t(
            'Morning walk through the Tegallalang rice terraces',
            'Тегаллаланг шатлаат будааны талбайгаар өглөөний алхалт',
          ),
          t('Sacred Monkey Forest and Ubud art market', 'Ариун сармагчны ой, Убудын урлагийн зах'),
          t('Balinese massage for two', 'Хосын Бали массаж'),
        ],
      },
      {
        day: 3,
        title: t('Temples and Balinese cooking', 'Сүм хийд, Бали хоол'),
        activities: [
          t('Water purification ritual at Tirta Empul temple', 'Тирта Эмпул сүмд ариун усаар ариусах зан үйл'),
          t('Balinese cooking class with a morning market visit', 'Өглөөний захаар орж, Бали хоол хийх хичээлд суух'),
          t('Sunset drinks overlooking the jungle', 'Ширэнгэн ой харагдах газар нар жаргахыг угтах'),
        ],
      },
      {
        day: 4,
        title: t('To the coast', 'Далайн эрэг рүү'),
        activities: [
          t('Transfer to a beach hotel in Seminyak', 'Семиньякийн далайн эргийн зочид буудал руу шилжих'),
          t(
            'Tanah Lot, the temple on a rock in the sea, at sunset',
            'Нар жаргах үеэр далай дахь хад дээр сүндэрлэх Танах Лот сүм',
          ),
          t('Free evening at the beachfront restaurants', 'Далайн эргийн ресторануудад өнгөрөөх чөлөөт үдэш'),
        ],
      },
      {
        day: 5,
        title: t('Nusa Penida by boat', 'Завиар Нуса Пенида арал руу'),
        activities: [
          t('Fast boat to Nusa Penida', 'Хурдан завиар Нуса Пенида арал руу явах'),
          t('Snorkelling with manta rays', 'Аварга манта загастай хамт шумбах'),
          t('Viewpoint over Kelingking beach', 'Келингкинг эргийн үзэгдэх цэг'),
        ],
      },
      {
        day: 6,
        title: t('Uluwatu', 'Улувату'),
        activities: [
          t('Free morning by the pool', 'Өглөө усан сангийн дэргэд амрах'),
          t(
            'Uluwatu temple on the cliffs and the Kecak fire dance',
            'Хадан хясаан дээрх Улувату сүм, Кечак галт бүжиг',
          ),
          t('Seafood dinner on Jimbaran beach', 'Жимбараны эрэгт далайн хоолоор оройн зоог'),
        ],
      },
      {
        day: 7,
        title: t('Fly home', 'Улаанбаатар руу буцах'),
        activities: [
          t('Late checkout and a last swim', 'Өрөөнөөс оройтож гарч, сүүлчийн удаа сэлэх'),
          t('Transfer to the airport for your flight home', 'Нисэх буудал руу хүргүүлж, эх орондоо буцах'),
        ],
      },
    ],
    status: 'published',
  },
  {
    title: t('Romantic Italy: Rome, Florence & Venice', 'Итали хосоороо: Ром, Флоренц, Венеци'),
    summary: t(
      "Nine days for couples in Italy's great cities by fast train, from the Colosseum to a gondola ride on the canals of Venice.",
      'Хосуудад зориулсан есөн өдрийн аялал: Колизейгээс Венецийн сувгаар гондолоор зугаалах хүртэл Италийн алдартай хотуудаар хурдны галт тэргээр аялна.',
    ),
    description: paragraphs(
      [
        'Rome, Florence and Venice in one unhurried trip, linked by fast trains so that you spend your time in piazzas rather than on motorways. Skip-the-line tickets take you into the Colosseum, the Vatican Museums and the Uffizi with a licensed guide.',
        'In between there is a day in the Tuscan hills with lunch at a Chianti wine estate, a gondola ride in Venice and a boat trip to the colourful houses of Burano. Hotels are small, central and chosen with couples in mind.',
        'Flights, hotels with breakfast, train tickets, entrance fees, two dinners and a Mongolian-speaking tour leader are included. We prepare your Schengen visa documents together with you.',
      ],
      [
        'Ром, Флоренц, Венеци хотуудыг яаралгүй үзэх аялал. Хотуудын хооронд хурдны галт тэргээр зорчих тул замд биш, талбай, гудамжаар зугаалахад цагаа зарцуулна. Колизей, Ватиканы музей, Уффици галерейд дугаарлахгүйгээр мэргэжлийн хөтөчтэй орно.',
        'Мөн Тосканы толгодоор нэг өдөр аялж, Кьянтигийн дарсны аж ахуйд үдийн зоог барьж, Венецид гондолоор зугаалж, Бурано арлын өнгө алаг байшингуудыг завиар очиж үзнэ. Зочид буудлууд нь хотын төвд байрлах жижиг, тухтай, хосуудад зориулан сонгосон газрууд.',
        'Нислэг, өглөөний цайтай зочид буудал, галт тэрэгний болон үзвэрийн тасалбар, хоёр удаагийн оройн зоог, монгол хэлтэй аяллын удирдагч үнэд багтсан. Шенгений визийн бичиг баримтыг тань хамтдаа бүрдүүлнэ.',
      ],
    ),
    continent: 'europe',
    country: { en: 'Italy', mn: 'Итали' },
    destination: { en: 'Rome, Florence & Venice', mn: 'Ром, Флоренц, Венец' },
    type: 'couple',
    tags: ['history', 'culture', 'food', 'city'],
    mealPlan: 'breakfast',
    durationDays: 9,
    fare: 3450,
    capacity: 12,
    departureDates: ['2027-05-08', '2027-06-05', '2027-09-11', '2027-10-09'],
    stops: [
      { place: t('Rome', 'Ром'), transport: 'plane' },
      { place: t('Florence', 'Флоренц'), transport: 'train' },
      { place: t('Chianti, Tuscany', 'Кьянти, Тоскана'), transport: 'car' },
      { place: t('Venice', 'Венеци'), transport: 'train' },
      { place: t('Murano & Burano', 'Мурано, Бурано арал'), transport: 'cruise' },
    ],
    itinerary: [
      {
        day: 1,
        title: t('Arrive in Rome', 'Ромд ирэх'),
        activities: [
          t('Flight from Ulaanbaatar to Rome via Istanbul', 'Истанбулаар дамжин Ром руу нисэх'),
          t('Check in near Piazza Navona', 'Навона талбайн ойролцоох зочид буудалд буух'),
          t('Evening stroll and your first gelato', 'Оройн зугаалга, анхны итали зайрмаг'),
        ],
      },
      {
        day: 2,
        title: t('Ancient Rome', 'Эртний Ром'),
        activities: [
          t(
            'Colosseum, Roman Forum and Palatine Hill with a licensed guide',
            'Мэргэжлийн хөтөчтэй Колизей, Ромын форум, Палатин толгод',
          ),
          t('Toss a coin into the Trevi Fountain', 'Треви усан оргилуурт зоос шидэх'),
          t('Sunset at the Spanish Steps', 'Испани шатан дээр нар жаргахыг харах'),
        ],
      },
      {
        day: 3,
        title: t('The Vatican', 'Ватикан'),
        activities: [
          t('Vatican Museums and the Sistine Chapel', 'Ватиканы музей, Сикстийн капелл'),
          t("St Peter's Basilica and Square", 'Гэгээн Петрийн сүм, талбай'),
          t('Dinner in the lanes of Trastevere', 'Трастеверегийн нарийн гудамжинд оройн зоог'),
        ],
      },
      {
        day: 4,
        title: t('Fast train to Florence', 'Хурдны галт тэргээр Флоренц руу'),
        activities: [
          t('Train from Rome to Florence (1 h 30 min)', 'Ромоос Флоренц руу галт тэргээр явах (1 цаг 30 минут)'),
          t("The Duomo and Brunelleschi's dome", 'Дуомо сүм, Брунеллескийн бөмбөгөр'),
          t(
            'Sunset over the city from Piazzale Michelangelo',
            'Микеланжелогийн талбайгаас хотын дээгүүр нар жаргахыг харах',
          ),
        ],
      },
      {
        day: 5,
        title: t('Tuscan hills', 'Тосканы толгод'),
        activities: [
          t('Drive through the Chianti hills', 'Кьянтигийн толгодоор машинаар аялах'),
          t(
            'Lunch and wine tasting at a family wine estate',
            'Гэр бүлийн дарсны аж ахуйд үдийн зоог барьж, дарс амтлах',
          ),
          t('The medieval towers of San Gimignano', 'Сан Жиминьяногийн дундад зууны цамхагууд'),
        ],
      },
      {
        day: 6,
        title: t('Florence to Venice', 'Флоренцоос Венеци рүү'),
        activities: [
          t("Uffizi Gallery and Botticelli's Birth of Venus", 'Уффици галерей, Боттичеллигийн «Венерагийн төрөлт»'),
          t('Ponte Vecchio and the leather market', 'Понте Веккио гүүр, арьсан эдлэлийн зах'),
          t('Afternoon train to Venice (2 h)', 'Үдээс хойш галт тэргээр Венеци рүү явах (2 цаг)'),
        ],
      },
      {
        day: 7,
        title: t('Venice', 'Венеци'),
        activities: [
          t("St Mark's Square and Basilica", 'Гэгээн Маркийн талбай, сүм'),
          t("Doge's Palace and the Bridge of Sighs", 'Дожийн ордон, Санаа алдах гүүр'),
          t('Gondola ride through the canals', 'Сувгуудаар гондолоор зугаалах'),
        ],
      },
      {
        day: 8,
        title: t('Murano and Burano', 'Мурано, Бурано арал'),
        activities: [
          t(
            'Water bus to Murano to watch the glassblowers',
            'Усан автобусаар Мурано арал руу явж, шил үлээгчдийн урлалыг үзэх',
          ),
          t('The colourful houses and lace of Burano', 'Бурано арлын өнгө алаг байшин, нэхсэн тор'),
          t('Farewell dinner by the Grand Canal', 'Их сувгийн эрэгт үдэлтийн оройн зоог'),
        ],
      },
      {
        day: 9,
        title: t('Fly home', 'Улаанбаатар руу буцах'),
        activities: [
          t('Water taxi to Marco Polo airport', 'Усан таксигаар Марко Поло нисэх буудал хүрэх'),
          t('Flight home via Istanbul', 'Истанбулаар дамжин Улаанбаатар руу нисэх'),
        ],
      },
    ],
    status: 'published',
  },
  {
    title: t('Beijing & the Great Wall by Train', 'Галт тэргээр Бээжин, Цагаан хэрэм рүү'),
    summary: t(
      'Ride the international train across the Gobi to Beijing for the Forbidden City and the Great Wall — made for solo travellers.',
      'Олон улсын галт тэргээр Говийг туулж Бээжинд хүрээд, Гугун ордон, Цагаан хэрмийг үзэх, ганцаараа аялагчдад зориулсан аялал.',
    ),
    description: paragraphs(
      [
        'This trip is designed for people travelling on their own. There is no single supplement: we pair you with a roommate of the same gender, or you can choose a private room for a small extra charge. The group is small, and by the end of the overnight train you will know everyone.',
        'The journey starts at Ulaanbaatar station on the international train, crossing the Gobi and the border at Zamyn-Üüd; in Erlian the carriages are lifted to change wheels for the Chinese gauge. In Beijing you will see Tiananmen Square, the Forbidden City, the Temple of Heaven and the Summer Palace, and walk the restored Ming-era wall at Mutianyu.',
        'The train ticket and return flight, a hotel with breakfast, a Peking duck welcome dinner, entrance fees and a Mongolian-speaking guide are included.',
      ],
      [
        'Ганцаараа аялах хүмүүст зориулсан аялал. Ганцаарчилсан өрөөний нэмэлт төлбөр байхгүй: таныг ижил хүйсийн аялагчтай өрөө хуваалцуулна, эсвэл бага хэмжээний нэмэлт төлбөрөөр тусдаа өрөө сонгож болно. Бүлэг цөөхөн тул шөнийн галт тэргэнд бүгдтэй танилцчихна.',
        'Аялал Улаанбаатарын вокзалаас олон улсын галт тэргээр эхэлж, Говийг туулан Замын-Үүдээр хил гарна. Эрээнд вагонуудыг өргөж, Хятадын төмөр замын царигт тааруулан дугуйг нь сольдог. Бээжинд Тяньаньмэний талбай, Гугун ордон, Тэнгэрийн сүм, Зуны ордныг үзэж, Мутяньюй дахь Мин улсын үеийн сэргээн засварласан Цагаан хэрмээр алхана.',
        'Галт тэрэгний болон буцах нислэгийн тийз, өглөөний цайтай зочид буудал, Бээжингийн шарсан нугастай угтах оройн зоог, үзвэрийн тасалбар, монгол хэлтэй хөтөч үнэд багтсан.',
      ],
    ),
    continent: 'asia',
    country: { en: 'China', mn: 'Хятад' },
    destination: { en: 'Beijing', mn: 'Бээжин' },
    type: 'single',
    tags: ['history', 'culture', 'city', 'food'],
    mealPlan: 'breakfast',
    durationDays: 6,
    fare: 690,
    capacity: 12,
    departureDates: ['2027-04-15', '2027-05-20', '2027-06-17', '2027-09-09', '2027-10-21'],
    stops: [
      { place: t('Zamyn-Üüd border', 'Замын-Үүд боомт'), transport: 'train' },
      { place: t('Beijing', 'Бээжин'), transport: 'train' },
      { place: t('Great Wall at Mutianyu', 'Мутяньюй дахь Цагаан хэрэм'), transport: 'bus' },
    ],
    itinerary: [
      {
        day: 1,
        title: t('All aboard in Ulaanbaatar', 'Улаанбаатараас галт тэргээр хөдлөх'),
        activities: [
          t('Meet the group at Ulaanbaatar railway station', 'Улаанбаатарын төмөр замын вокзал дээр бүлгээрээ уулзах'),
          t(
            'Board the international train to Beijing (four-berth compartments)',
            'Бээжин рүү явах олон улсын галт тэргэнд суух (дөрвөн ортой купе)',
          ),
          t('Watch the steppe turn into the Gobi from the window', 'Цонхоор тал нутаг говь болон хувирахыг харах'),
          t(
            'Night border crossing at Zamyn-Üüd and the wheel change at Erlian',
            'Шөнө Замын-Үүдээр хил гарч, Эрээнд дугуй солихыг үзэх',
          ),
        ],
      },
      {
        day: 2,
        title: t('Arrive in Beijing', 'Бээжинд ирэх'),
        activities: [
          t('Morning views of the mountains north of Beijing', 'Өглөө Бээжингийн хойд талын уулсын үзэмж'),
          t(
            'Arrive at Beijing station and check in near Wangfujing',
            'Бээжингийн вокзалд хүрч, Ванфүжин орчмын зочид буудалд буух',
          ),
          t('Peking duck welcome dinner', 'Бээжингийн шарсан нугастай угтах оройн зоог'),
        ],
      },
      {
        day: 3,
        title: t('The imperial heart of Beijing', 'Эзэн хааны нийслэлийн зүрх'),
        activities: [
          t('Tiananmen Square', 'Тяньаньмэний талбай'),
          t('The Forbidden City with a guide', 'Хөтөчтэй Гугун ордныг үзэх'),
          t('View over the palace roofs from Jingshan Park', 'Жиншань цэцэрлэгт хүрээлэнгээс ордны дээврүүдийг харах'),
          t('Rickshaw ride through the hutongs around Houhai', 'Хоухай орчмын хутун гудамжаар рикшээр зугаалах'),
        ],
      },
      {
        day: 4,
        title: t('The Great Wall', 'Цагаан хэрэм'),
        activities: [
          t(
            'Drive to the Mutianyu section of the Great Wall (about 1 h 30 min)',
            'Цагаан хэрмийн Мутяньюй хэсэг рүү явах (1 цаг 30 минут орчим)',
          ),
          t(
            'Cable car up, a walk along the wall and a toboggan ride down',
            'Дүүжин тэргээр өгсөж, хэрмээр алхаад, гулгуураар буух',
          ),
          t('Evening acrobatics show', 'Оройн акробатын тоглолт'),
        ],
      },
      {
        day: 5,
        title: t('Temples and gardens', 'Сүм, цэцэрлэгүүд'),
        activities: [
          t(
            'Morning tai chi in the park of the Temple of Heaven',
            'Тэнгэрийн сүмийн цэцэрлэгт хүрээлэнд өглөөний тайчи',
          ),
          t('The Summer Palace and a boat on Kunming Lake', 'Зуны ордон, Кунмин нуурт завиар зугаалах'),
          t('Free evening in Sanlitun or Wangfujing', 'Санлитунь эсвэл Ванфүжинд чөлөөт үдэш'),
        ],
      },
      {
        day: 6,
        title: t('Fly back to Ulaanbaatar', 'Улаанбаатар руу нисэх'),
        activities: [
          t('Free morning', 'Өглөөний чөлөөт цаг'),
          t('Two-hour flight back to Ulaanbaatar', 'Улаанбаатар руу хоёр цагийн нислэг'),
        ],
      },
    ],
    status: 'published',
  },
  {
    title: t('Swiss Alps by Panoramic Train', 'Швейцарын Альпын нуруугаар галт тэргээр'),
    summary: t(
      "New for 2027: lakes, glaciers and the Matterhorn from the windows of Switzerland's famous mountain trains. Fares will be announced soon.",
      '2027 оны шинэ аялал: Швейцарын алдарт уулын галт тэрэгний цонхоор нуур, мөсөн гол, Маттерхорн оргилыг үзнэ. Үнийг удахгүй зарлана.',
    ),
    description: paragraphs(
      [
        'Switzerland is best seen from a train window, and this new itinerary is built around its great mountain railways: the cogwheel line up Mount Pilatus, the Jungfrau railway to the highest station in Europe, the Gornergrat train facing the Matterhorn and a full day on the Glacier Express.',
        'Between the rides there is time to walk: lakeside promenades in Lucerne, the waterfalls of the Lauterbrunnen valley and alpine trails above Zermatt. Hotels are comfortable three- and four-star, with breakfast and dinner.',
        'We are finalising prices with our Swiss partners. Leave your contact details and we will let you know as soon as the fare is published; Schengen visa support is included.',
      ],
      [
        'Швейцарыг галт тэрэгний цонхоор үзэх нь хамгийн сайхан. Энэ шинэ аялал тус улсын алдарт уулын төмөр замуудыг тойрон бүтсэн: Пилатус уул руу өгсөх шүдэт төмөр зам, Европын хамгийн өндөрт орших өртөөнд хүрдэг Юнгфрау төмөр зам, Маттерхорныг харсан Горнерграт галт тэрэг, мөн бүтэн өдрийн «Глэсиер экспресс».',
        'Галт тэрэгний хооронд явган алхах цаг ч бий: Люцерн нуурын эргийн зугаалга, Лаутербруннен хөндийн хүрхрээнүүд, Зерматтын дээгүүрх уулын жим. Өглөө, оройн хоолтой, тав тухтай гурав, дөрвөн одтой зочид буудалд буудална.',
        'Бид Швейцарын түншүүдтэйгээ үнээ эцэслэн тохирч байна. Холбоо барих мэдээллээ үлдээвэл үнэ зарлагдмагц танд мэдэгдэнэ. Шенгений визийн зөвлөгөө, тусламж үнэд багтана.',
      ],
    ),
    continent: 'europe',
    country: { en: 'Switzerland', mn: 'Швейцарь' },
    destination: { en: 'Swiss Alps', mn: 'Швейцарийн Альп' },
    type: 'group',
    tags: ['mountains', 'nature', 'hiking', 'lakes', 'photography'],
    mealPlan: 'half-board',
    durationDays: 9,
    fare: 0,
    capacity: 16,
    departureDates: ['2027-06-12', '2027-07-17', '2027-08-14', '2027-09-04'],
    stops: [
      { place: t('Zurich', 'Цюрих'), transport: 'plane' },
      { place: t('Lucerne', 'Люцерн'), transport: 'train' },
      { place: t('Interlaken', 'Интерлакен'), transport: 'train' },
      { place: t('Jungfraujoch', 'Юнгфрауйох'), transport: 'train' },
      { place: t('Zermatt', 'Зерматт'), transport: 'train' },
      { place: t('St. Moritz', 'Санкт-Мориц'), transport: 'train' },
    ],
    itinerary: [
      {
        day: 1,
        title: t('Arrive in Switzerland', 'Швейцарт ирэх'),
        activities: [
          t('Flight from Ulaanbaatar to Zurich via Istanbul', 'Истанбулаар дамжин Цюрих рүү нисэх'),
          t('Train from the airport to Lucerne (1 h)', 'Нисэх буудлаас галт тэргээр Люцерн хүрэх (1 цаг)'),
          t('Evening walk across the wooden Chapel Bridge', 'Орой Люцерны алдарт модон гүүрээр алхах'),
        ],
      },
      {
        day: 2,
        title: t('Lake Lucerne and Mount Pilatus', 'Люцерн нуур, Пилатус уул'),
        activities: [
          t('Boat across Lake Lucerne to Alpnachstad', 'Люцерн нуураар усан онгоцоор Альпнахштад хүрэх'),
          t(
            "The world's steepest cogwheel railway to the summit of Pilatus",
            'Дэлхийн хамгийн эгц шүдэт төмөр замаар Пилатусын оройд гарах',
          ),
          t('Cable car down to Kriens and back to town', 'Дүүжин тэргээр Криенс рүү бууж, хот руу буцах'),
        ],
      },
      {
        day: 3,
        title: t('To Interlaken', 'Интерлакен рүү'),
        activities: [
          t(
            'Luzern–Interlaken Express over the Brünig Pass',
            'Брюнигийн давааг даван Люцерн–Интерлакен буухиа галт тэргээр явах',
          ),
          t('Boat on the turquoise Lake Brienz', 'Оюу өнгөт Бриенц нуурт усан онгоцоор аялах'),
          t('Optional tandem paragliding over Interlaken', 'Хүсвэл багштай хамт Интерлакены дээгүүр шүхрээр нисэх'),
        ],
      },
      {
        day: 4,
        title: t('Jungfraujoch, the Top of Europe', 'Юнгфрауйох — Европын орой'),
        activities: [
          t(
            "Train via Kleine Scheidegg to Europe's highest railway station (3,454 m)",
            'Кляйне Шайдэгээр дамжин Европын хамгийн өндөрт орших төмөр замын өртөөнд (3454 м) хүрэх',
          ),
          t('The Ice Palace and the view over the Aletsch Glacier', 'Мөсөн ордон, Алечийн мөсөн голын үзэмж'),
          t(
            'Walk past the waterfalls of the Lauterbrunnen valley',
            'Лаутербруннен хөндийн хүрхрээнүүдийн дэргэдүүр алхах',
          ),
        ],
      },
      {
        day: 5,
        title: t('To Zermatt', 'Зерматт руу'),
        activities: [
          t(
            'Scenic train ride to car-free Zermatt',
            'Машин зорчдоггүй Зерматт тосгон руу үзэсгэлэнт замаар галт тэргээр явах',
          ),
          t('Village walk and a first view of the Matterhorn', 'Тосгоноор зугаалж, Маттерхорн оргилыг анх удаа харах'),
          t('Swiss cheese fondue dinner', 'Швейцарын бяслагтай фондюгаар оройн зоог'),
        ],
      },
      {
        day: 6,
        title: t('Gornergrat and the Matterhorn', 'Горнерграт, Маттерхорн'),
        activities: [
          t(
            'Gornergrat railway to 3,089 m, face to face with the Matterhorn',
            'Горнерграт төмөр замаар Маттерхорны өөдөөс харсан 3089 метрийн өндөрт гарах',
          ),
          t(
            'Walk to Riffelsee, the lake that mirrors the mountain',
            'Уулын тусгал тусдаг Риффельзее нуур хүртэл алхах',
          ),
          t('Free afternoon in Zermatt', 'Зерматтад үдээс хойш чөлөөт цаг'),
        ],
      },
      {
        day: 7,
        title: t('Glacier Express', '«Глэсиер экспресс» галт тэрэг'),
        activities: [
          t(
            'Full-day journey from Zermatt to St. Moritz in a panoramic carriage',
            'Том шилэн цонхтой вагонд Зерматтаас Санкт-Мориц хүртэл бүтэн өдөр аялах',
          ),
          t(
            'Cross the Oberalp Pass and the Landwasser Viaduct',
            'Оберальпийн даваа, Ландвассерын гүүрээр дайран өнгөрөх',
          ),
          t('Three-course lunch served at your seat', 'Суудал дээрээ гурван төрлийн хоолтой үдийн зоог барих'),
        ],
      },
      {
        day: 8,
        title: t('St. Moritz and back to Zurich', 'Санкт-Мориц, Цюрих рүү буцах'),
        activities: [
          t('Morning walk around Lake St. Moritz', 'Санкт-Морицын нуурын эргээр өглөө алхах'),
          t('Train back to Zurich along the Albula line', 'Альбулын шугамаар галт тэргээр Цюрих рүү буцах'),
          t("Farewell dinner in Zurich's old town", 'Цюрихийн хуучин хотод үдэлтийн оройн зоог'),
        ],
      },
      {
        day: 9,
        title: t('Fly home', 'Улаанбаатар руу буцах'),
        activities: [
          t('Train to Zurich airport', 'Галт тэргээр Цюрихийн нисэх буудалд хүрэх'),
          t('Flight home via Istanbul', 'Истанбулаар дамжин Улаанбаатар руу нисэх'),
        ],
      },
    ],
    status: 'published',
  },
];
