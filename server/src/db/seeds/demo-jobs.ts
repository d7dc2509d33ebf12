import type { JobInput } from '@aylal/shared/schemas/jobs';

/** A demo job; its deadline is this many days after the day the demo is seeded. */
export type DemoJob = Omit<JobInput, 'deadline' | 'status'> & { daysOpen: number };

const lines = (...items: string[]) => items.join('\n');

/** A dozen jobs abroad of the kinds the agency recruits for, in both languages. */
export const DEMO_JOBS: DemoJob[] = [
  {
    title: { en: 'Production line operator', mn: 'Үйлдвэрийн шугамын оператор' },
    company: 'Hanil Precision Co.',
    location: { en: 'Incheon, South Korea', mn: 'Инчхон, Өмнөд Солонгос' },
    type: 'full-time',
    description: {
      en: 'Hanil Precision makes car parts for Korean and European carmakers. We are hiring operators under the Employment Permit System (EPS) for a three-year contract, with housing next to the plant.',
      mn: 'Ханил Прэсижн компани Солонгос, Европын автомашины үйлдвэрүүдэд сэлбэг нийлүүлдэг. Хөдөлмөрийн зөвшөөрлийн хөтөлбөрөөр (EPS) гурван жилийн гэрээгээр оператор ажилд авна. Үйлдвэрийн хажууд байр олгоно.',
    },
    requirements: {
      en: lines('Age 18–39', 'EPS-TOPIK score of 140 or more', 'No criminal record', 'Able to stand for long shifts'),
      mn: lines(
        '18–39 насны',
        'EPS-TOPIK шалгалтын 140-өөс дээш оноотой',
        'Ял шийтгэлгүй',
        'Урт ээлжээр зогсож ажиллах чадвартай',
      ),
    },
    responsibilities: {
      en: lines(
        'Run and watch CNC and press machines',
        'Check parts against drawings',
        'Keep the work area clean and safe',
      ),
      mn: lines(
        'CNC болон пресс машин ажиллуулж хянах',
        'Эд ангийг зурагтай тулган шалгах',
        'Ажлын байраа цэвэр, аюулгүй байлгах',
      ),
    },
    benefits: {
      en: lines(
        'Minimum wage of about ₩2,100,000 a month plus overtime',
        'Shared housing and meals',
        'National health insurance',
      ),
      mn: lines(
        'Сарын доод цалин ойролцоогоор 2,100,000 вон, илүү цагийн нэмэгдэлтэй',
        'Дотуур байр, хоол',
        'Эрүүл мэндийн даатгал',
      ),
    },
    skills: {
      en: ['Korean (EPS-TOPIK)', 'Machine operation', 'Quality checks'],
      mn: ['Солонгос хэл (EPS-TOPIK)', 'Машин тоног төхөөрөмж ажиллуулах', 'Чанарын шалгалт'],
    },
    daysOpen: 45,
  },
  {
    title: { en: 'Care worker for the elderly', mn: 'Ахмад настны асрагч' },
    company: 'Sakura Care Group',
    location: { en: 'Osaka, Japan', mn: 'Осака, Япон' },
    type: 'full-time',
    description: {
      en: 'Sakura Care runs six nursing homes in Osaka. Through the Specified Skilled Worker (Tokutei Ginou) programme we welcome caring people who want to build a career in Japan.',
      mn: 'Сакура Кэйр групп Осака хотод зургаан асрамжийн газар ажиллуулдаг. Тусгай ур чадвартай ажилтны (Токутэй Гино) хөтөлбөрөөр Японд ажиллах хүсэлтэй, халамжтай хүмүүсийг урьж байна.',
    },
    requirements: {
      en: lines(
        'Japanese at JLPT N4 or above',
        'Nursing care skills test passed',
        'Patient and kind with older people',
      ),
      mn: lines(
        'Япон хэлний JLPT N4 ба түүнээс дээш түвшин',
        'Асаргааны ур чадварын шалгалт өгсөн',
        'Ахмад настанд тэвчээртэй, эелдэг',
      ),
    },
    responsibilities: {
      en: lines(
        'Help residents with meals, bathing and moving',
        'Take part in daily activities and outings',
        'Write short daily care notes',
      ),
      mn: lines(
        'Үйлчлүүлэгчдэд хооллох, усанд орох, хөдөлгөөнд туслах',
        'Өдөр тутмын арга хэмжээ, зугаалгад оролцох',
        'Өдөр бүр асаргааны товч тэмдэглэл хөтлөх',
      ),
    },
    benefits: {
      en: lines('¥210,000–240,000 a month', 'Subsidised apartment', 'Japanese lessons paid by the employer'),
      mn: lines('Сард 210,000–240,000 иен', 'Хөнгөлөлттэй орон сууц', 'Ажил олгогчийн төлдөг япон хэлний сургалт'),
    },
    skills: {
      en: ['Japanese (JLPT N4)', 'Elderly care', 'First aid'],
      mn: ['Япон хэл (JLPT N4)', 'Ахмад настныг асрах', 'Анхны тусламж'],
    },
    daysOpen: 60,
  },
  {
    title: { en: 'MIG/MAG welder', mn: 'MIG/MAG гагнуурчин' },
    company: 'Brno Steel Works s.r.o.',
    location: { en: 'Brno, Czech Republic', mn: 'Брно, Чех' },
    type: 'contract',
    description: {
      en: 'A steel structures workshop supplying bridges and halls across Central Europe needs experienced welders for a two-year contract, with an Employee Card (work and residence permit).',
      mn: 'Төв Европын гүүр, барилгад ган бүтээц нийлүүлдэг цех хоёр жилийн гэрээгээр туршлагатай гагнуурчин авна. Ажиллах, оршин суух зөвшөөрөл (Employee Card) гаргаж өгнө.',
    },
    requirements: {
      en: lines(
        'At least 3 years of MIG/MAG welding',
        'Can read technical drawings',
        'Welding certificate (ISO 9606 is a plus)',
      ),
      mn: lines(
        'MIG/MAG гагнуурын 3-аас доошгүй жилийн туршлага',
        'Техникийн зураг уншдаг',
        'Гагнуурын гэрчилгээтэй (ISO 9606 бол давуу тал)',
      ),
    },
    responsibilities: {
      en: lines('Weld steel structures to drawings', 'Prepare and check joints', 'Follow workshop safety rules'),
      mn: lines('Ган бүтээцийг зургийн дагуу гагнах', 'Холбоосыг бэлтгэж шалгах', 'Цехийн аюулгүй ажиллагааг мөрдөх'),
    },
    benefits: {
      en: lines('CZK 42,000–50,000 a month', 'Accommodation provided', 'Return flight after the contract'),
      mn: lines('Сард 42,000–50,000 чех крон', 'Байраар хангана', 'Гэрээ дуусахад буцах нислэгийн тийз'),
    },
    skills: {
      en: ['MIG/MAG welding', 'Technical drawings', 'Metalwork'],
      mn: ['MIG/MAG гагнуур', 'Техникийн зураг унших', 'Металл боловсруулалт'],
    },
    daysOpen: 30,
  },
  {
    title: { en: 'Registered nurse', mn: 'Мэргэшсэн сувилагч' },
    company: 'Klinikum Bayern Nord',
    location: { en: 'Nuremberg, Germany', mn: 'Нюрнберг, Герман' },
    type: 'full-time',
    description: {
      en: 'A regional hospital with 900 beds invites nurses from Mongolia. We support you through the recognition of your diploma and a German course before you start on the ward.',
      mn: '900 ортой бүсийн эмнэлэг Монголоос сувилагч урьж байна. Дипломоо хүлээн зөвшөөрүүлэх болон тасагт ажиллахаас өмнө герман хэлний сургалтад хамрагдахад тань дэмжлэг үзүүлнэ.',
    },
    requirements: {
      en: lines(
        'Nursing diploma and 2 years of hospital work',
        'German at B1, ready to reach B2',
        'Valid nursing licence in Mongolia',
      ),
      mn: lines(
        'Сувилахуйн диплом, эмнэлэгт 2 жил ажилласан',
        'Герман хэлний B1 түвшин, B2 хүрэхэд бэлэн',
        'Монголд хүчинтэй сувилагчийн лиценз',
      ),
    },
    responsibilities: {
      en: lines(
        'Care for patients on an internal medicine ward',
        'Give medication and keep records',
        'Work in a team with doctors and carers',
      ),
      mn: lines(
        'Дотрын тасгийн өвчтөнийг асрах',
        'Эм тарилга хийж, бүртгэл хөтлөх',
        'Эмч, асрагч нартай багаар ажиллах',
      ),
    },
    benefits: {
      en: lines(
        '€3,400 a month after recognition',
        'Visa, flights and first-month housing paid',
        '30 days of paid leave',
      ),
      mn: lines(
        'Диплом хүлээн зөвшөөрөгдсөний дараа сард 3,400 евро',
        'Виз, нислэг, эхний сарын байрны зардлыг хариуцна',
        'Жилд 30 хоногийн цалинтай амралт',
      ),
    },
    skills: {
      en: ['Nursing', 'German (B1)', 'Patient care'],
      mn: ['Сувилахуй', 'Герман хэл (B1)', 'Өвчтөн асаргаа'],
    },
    daysOpen: 75,
  },
  {
    title: { en: 'Truck driver (C+E)', mn: 'Ачааны машины жолооч (C+E)' },
    company: 'TransWisła Logistics',
    location: { en: 'Poznań, Poland', mn: 'Познань, Польш' },
    type: 'full-time',
    description: {
      en: 'An international haulier with 300 trucks is hiring drivers for routes across the European Union. Modern tractors, two-week rotations and help with the EU driving licence exchange.',
      mn: '300 ачааны машинтай олон улсын тээврийн компани Европын холбооны орнуудаар явах жолооч авна. Шинэ техник, хоёр долоо хоногийн ээлжийн хуваарьтай. Жолооны үнэмлэхээ ЕХ-ны үнэмлэхээр солиход туслана.',
    },
    requirements: {
      en: lines(
        'C+E licence and 2 years of experience',
        'Driver qualification card (or ready to get one)',
        'Basic English or Russian',
      ),
      mn: lines(
        'C+E ангиллын үнэмлэх, 2 жилийн туршлага',
        'Мэргэжлийн жолоочийн карттай (эсвэл авахад бэлэн)',
        'Англи эсвэл орос хэлний анхан шатны мэдлэг',
      ),
    },
    responsibilities: {
      en: lines(
        'Deliver loads safely and on time',
        'Keep tachograph and delivery papers in order',
        'Do daily checks of the truck',
      ),
      mn: lines(
        'Ачааг аюулгүй, цагт нь хүргэх',
        'Тахограф, тээврийн баримтыг зөв хөтлөх',
        'Машинаа өдөр бүр үзлэг хийх',
      ),
    },
    benefits: {
      en: lines(
        '€2,600–3,000 a month with daily allowances',
        'Paid training in Poland',
        'Free accommodation between rotations',
      ),
      mn: lines('Өдрийн мөнгө оруулаад сард 2,600–3,000 евро', 'Польшид цалинтай сургалт', 'Ээлж хооронд үнэгүй байр'),
    },
    skills: {
      en: ['C+E licence', 'Route planning', 'Tachograph'],
      mn: ['C+E ангиллын жолооны үнэмлэх', 'Маршрут төлөвлөх', 'Тахограф'],
    },
    daysOpen: 40,
  },
  {
    title: { en: 'Seasonal farm worker', mn: 'Улирлын хөдөө аж ахуйн ажилтан' },
    company: 'Sunraysia Fresh Farms',
    location: { en: 'Mildura, Australia', mn: 'Милдура, Австрали' },
    type: 'contract',
    description: {
      en: 'Harvest season on a family-run grape and citrus farm. Six-month contract under the seasonal worker scheme, with transport to the fields every day.',
      mn: 'Гэр бүлийн усан үзэм, цитрусын фермд ургац хураалтын улирал. Улирлын ажилтны хөтөлбөрөөр зургаан сарын гэрээ. Талбай руу өдөр бүр унаагаар хүргэнэ.',
    },
    requirements: {
      en: lines('Fit and happy to work outdoors', 'Age 21–45', 'Basic English'),
      mn: lines('Биеийн тамиртай, гадаа ажиллах дуртай', '21–45 насны', 'Англи хэлний анхан шатны мэдлэг'),
    },
    responsibilities: {
      en: lines('Pick and pack fruit', 'Prune vines after the harvest', 'Follow food safety rules'),
      mn: lines(
        'Жимс түүж савлах',
        'Ургац хураасны дараа усан үзмийн мөчир тайрах',
        'Хүнсний аюулгүй байдлын дүрмийг мөрдөх',
      ),
    },
    benefits: {
      en: lines('AUD 30 an hour', 'Shared housing near the farm', 'Superannuation paid by the employer'),
      mn: lines('Цагт 30 австрали доллар', 'Фермийн ойролцоо хамтын байр', 'Ажил олгогчийн төлдөг тэтгэврийн шимтгэл'),
    },
    skills: {
      en: ['Fruit picking', 'Teamwork', 'English (basic)'],
      mn: ['Жимс түүх', 'Багаар ажиллах', 'Англи хэл (анхан шат)'],
    },
    daysOpen: 25,
  },
  {
    title: { en: 'Hotel front desk agent', mn: 'Зочид буудлын ресепшн' },
    company: 'Al Noor Hospitality',
    location: { en: 'Dubai, United Arab Emirates', mn: 'Дубай, Арабын Нэгдсэн Эмират' },
    type: 'full-time',
    description: {
      en: 'A five-star beach resort is growing its front office team. Guests come from Asia and Russia, so a third language is welcome. Tax-free salary with housing and meals.',
      mn: 'Далайн эргийн таван одтой амралтын газар ресепшний багаа өргөжүүлж байна. Зочид Ази, Оросоос ирдэг тул гурав дахь хэлтэй бол давуу тал. Татваргүй цалин, байр, хоолтой.',
    },
    requirements: {
      en: lines('Good spoken English', 'A year in hotel or customer service', 'Russian, Chinese or Korean is a plus'),
      mn: lines(
        'Англиар сайн ярьдаг',
        'Зочид буудал эсвэл үйлчилгээнд нэг жил ажилласан',
        'Орос, хятад эсвэл солонгос хэлтэй бол давуу тал',
      ),
    },
    responsibilities: {
      en: lines('Check guests in and out', 'Answer requests by phone and in person', 'Handle payments and bookings'),
      mn: lines(
        'Зочдыг буудалд бүртгэх, гаргах',
        'Утсаар болон биечлэн ирсэн хүсэлтэд хариулах',
        'Төлбөр, захиалга хариуцах',
      ),
    },
    benefits: {
      en: lines('AED 4,500 a month, tax free', 'Staff housing, meals and transport', 'A return ticket home every year'),
      mn: lines('Сард 4,500 дирхам, татваргүй', 'Ажилчдын байр, хоол, унаа', 'Жил бүр эх орондоо ирэх нислэгийн тийз'),
    },
    skills: {
      en: ['English', 'Customer service', 'Opera PMS'],
      mn: ['Англи хэл', 'Үйлчлүүлэгчид үйлчлэх', 'Opera PMS'],
    },
    daysOpen: 35,
  },
  {
    title: { en: 'Remote front-end developer', mn: 'Зайнаас ажиллах фронтенд хөгжүүлэгч' },
    company: 'Northwind Apps Inc.',
    location: { en: 'Remote (Vancouver, Canada team)', mn: 'Зайнаас (Ванкувер, Канадын баг)' },
    type: 'remote',
    description: {
      en: 'A product studio building booking software for tour operators. You will work from Ulaanbaatar with a team in Vancouver, with four hours of overlap each day.',
      mn: 'Аялал жуулчлалын компаниудад захиалгын програм хийдэг студи. Улаанбаатараас Ванкувер дахь багтайгаа өдөр бүр дөрвөн цаг давхцуулан ажиллана.',
    },
    requirements: {
      en: lines(
        '3 years with React and TypeScript',
        'Writes tests and cares about accessibility',
        'Good written English',
      ),
      mn: lines(
        'React, TypeScript-ээр 3 жил ажилласан',
        'Тест бичдэг, хүртээмжтэй байдалд анхаардаг',
        'Англиар сайн бичдэг',
      ),
    },
    responsibilities: {
      en: lines(
        'Build new screens with the design team',
        'Review code and improve performance',
        'Take part in planning calls',
      ),
      mn: lines(
        'Дизайны багтай хамтран шинэ дэлгэц хөгжүүлэх',
        'Код хянаж, хурдыг сайжруулах',
        'Төлөвлөлтийн уулзалтад оролцох',
      ),
    },
    benefits: {
      en: lines('USD 3,500–4,500 a month', 'Flexible hours', 'A yearly trip to meet the team'),
      mn: lines('Сард 3,500–4,500 ам.доллар', 'Уян хатан цагийн хуваарь', 'Багтайгаа жил бүр уулзах аялал'),
    },
    skills: {
      en: ['React', 'TypeScript', 'Accessibility', 'English'],
      mn: ['React', 'TypeScript', 'Хүртээмжтэй дизайн', 'Англи хэл'],
    },
    daysOpen: 50,
  },
  {
    title: { en: 'Construction worker', mn: 'Барилгын ажилтан' },
    company: 'Daewon E&C',
    location: { en: 'Busan, South Korea', mn: 'Пусан, Өмнөд Солонгос' },
    type: 'full-time',
    description: {
      en: 'A construction company building apartment blocks in Busan is hiring workers through EPS. Training on site and a team leader who speaks Mongolian.',
      mn: 'Пусан хотод орон сууцны барилга барьдаг компани EPS хөтөлбөрөөр ажилтан авна. Талбай дээр сургалт явуулна, монгол хэлтэй багийн ахлагчтай.',
    },
    requirements: {
      en: lines('EPS-TOPIK passed (construction)', 'Age 18–39', 'Experience on a building site is a plus'),
      mn: lines('EPS-TOPIK (барилгын салбар) шалгалт өгсөн', '18–39 насны', 'Барилгад ажиллаж байсан бол давуу тал'),
    },
    responsibilities: {
      en: lines('Formwork and rebar work', 'Carry and place materials', 'Wear protective equipment at all times'),
      mn: lines('Хэв хашмал, арматурын ажил', 'Материал зөөж байрлуулах', 'Хамгаалах хэрэгслээ үргэлж зүүх'),
    },
    benefits: {
      en: lines('About ₩2,500,000 a month with overtime', 'Dormitory', 'Industrial accident insurance'),
      mn: lines('Илүү цагийг оруулаад сард ойролцоогоор 2,500,000 вон', 'Дотуур байр', 'Үйлдвэрлэлийн ослын даатгал'),
    },
    skills: {
      en: ['Korean (EPS-TOPIK)', 'Formwork', 'Rebar'],
      mn: ['Солонгос хэл (EPS-TOPIK)', 'Хэв хашмал', 'Арматур'],
    },
    daysOpen: 55,
  },
  {
    title: { en: 'Summer resort staff (Work and Travel)', mn: 'Зуны амралтын газрын ажилтан (Work and Travel)' },
    company: 'Blue Ridge Lodges',
    location: { en: 'Yellowstone, United States', mn: 'Йеллоустоун, Америкийн Нэгдсэн Улс' },
    type: 'part-time',
    description: {
      en: 'For full-time university students: a summer at a national park lodge, working in the kitchen, shop or housekeeping, with time to travel afterwards on a J-1 visa.',
      mn: 'Их сургуулийн өдрийн ангийн оюутнуудад: үндэсний паркийн амралтын газарт гал тогоо, дэлгүүр эсвэл өрөө цэвэрлэгээний ажил хийж зуныг өнгөрөөгөөд J-1 визээр аялах боломж.',
    },
    requirements: {
      en: lines(
        'Full-time university student, age 18–28',
        'Conversational English',
        'Available from June to September',
      ),
      mn: lines(
        'Их сургуулийн өдрийн ангийн оюутан, 18–28 насны',
        'Англиар ярилцах чадвартай',
        '6–9-р сард ажиллах боломжтой',
      ),
    },
    responsibilities: {
      en: lines(
        'Serve guests in the lodge restaurant or shop',
        'Clean rooms and shared areas',
        'Work weekends and holidays',
      ),
      mn: lines(
        'Амралтын газрын ресторан, дэлгүүрт зочдод үйлчлэх',
        'Өрөө, нийтийн талбай цэвэрлэх',
        'Амралтын өдөр, баяраар ажиллах',
      ),
    },
    benefits: {
      en: lines('USD 15 an hour', 'Staff housing in the park', 'Help with the J-1 visa'),
      mn: lines('Цагт 15 ам.доллар', 'Парк дотор ажилчдын байр', 'J-1 виз мэдүүлэхэд туслана'),
    },
    skills: {
      en: ['English (conversational)', 'Customer service', 'Teamwork'],
      mn: ['Англи хэл (харилцан ярианы)', 'Үйлчлүүлэгчид үйлчлэх', 'Багаар ажиллах'],
    },
    daysOpen: 90,
  },
  {
    title: { en: 'Live-in caregiver', mn: 'Гэрт нь амьдарч асрах асрагч' },
    company: 'Shalom Home Care',
    location: { en: 'Tel Aviv, Israel', mn: 'Тель-Авив, Израиль' },
    type: 'full-time',
    description: {
      en: 'A licensed agency places caregivers with older people who live at home. You live with the family, with a private room and one day off each week.',
      mn: 'Тусгай зөвшөөрөлтэй агентлаг гэртээ амьдардаг ахмад настанд асрагч зуучилдаг. Та гэр бүлтэй хамт амьдарч, тусдаа өрөөтэй, долоо хоногт нэг өдөр амарна.',
    },
    requirements: {
      en: lines('Caregiving experience or a course certificate', 'Basic English', 'Age 25–50, in good health'),
      mn: lines(
        'Асаргааны туршлага эсвэл сургалтын гэрчилгээ',
        'Англи хэлний анхан шатны мэдлэг',
        '25–50 насны, эрүүл мэнд сайтай',
      ),
    },
    responsibilities: {
      en: lines(
        'Help with daily care and medication',
        'Cook simple meals and keep the home tidy',
        'Go with the person to appointments',
      ),
      mn: lines(
        'Өдөр тутмын асаргаа, эм уухад туслах',
        'Энгийн хоол хийж, гэрээ цэвэрхэн байлгах',
        'Эмчид үзүүлэхэд нь дагалдан явах',
      ),
    },
    benefits: {
      en: lines('ILS 6,500 a month', 'Room and board included', 'Health insurance'),
      mn: lines('Сард 6,500 шекель', 'Байр, хоол үнэгүй', 'Эрүүл мэндийн даатгал'),
    },
    skills: {
      en: ['Elderly care', 'Cooking', 'English (basic)'],
      mn: ['Ахмад настныг асрах', 'Хоол хийх', 'Англи хэл (анхан шат)'],
    },
    daysOpen: 65,
  },
  {
    title: { en: 'Electronics assembly technician', mn: 'Электроник угсрагч техникч' },
    company: 'Danube Electronics Kft.',
    location: { en: 'Győr, Hungary', mn: 'Дьёр, Унгар' },
    type: 'contract',
    description: {
      en: 'A supplier of control units for the car industry is hiring technicians for its clean-room assembly line. One-year contract, renewable, with a guest worker permit.',
      mn: 'Автомашины үйлдвэрлэлд удирдлагын блок нийлүүлдэг компани цэвэр өрөөнд угсралтын шугамд техникч авна. Нэг жилийн сунгах боломжтой гэрээ, зочин ажилчны зөвшөөрөлтэй.',
    },
    requirements: {
      en: lines('Technical school or college diploma', 'Good eyesight and steady hands', 'Basic English'),
      mn: lines(
        'Техникийн сургууль эсвэл коллеж төгссөн',
        'Хараа сайн, гар нь тогтвортой',
        'Англи хэлний анхан шатны мэдлэг',
      ),
    },
    responsibilities: {
      en: lines('Assemble and solder circuit boards', 'Test finished units', 'Keep clean-room rules'),
      mn: lines('Хэлхээний самбар угсарч гагнах', 'Бэлэн бүтээгдэхүүнийг турших', 'Цэвэр өрөөний дүрмийг мөрдөх'),
    },
    benefits: {
      en: lines('HUF 520,000 a month with shift pay', 'Company housing', 'Free Hungarian lessons'),
      mn: lines('Ээлжийн нэмэгдэлтэй сард 520,000 форинт', 'Компанийн байр', 'Унгар хэлний үнэгүй сургалт'),
    },
    skills: {
      en: ['Soldering', 'Electronics assembly', 'Quality checks'],
      mn: ['Тугалган гагнуур', 'Электроник угсралт', 'Чанарын шалгалт'],
    },
    daysOpen: 20,
  },
];
