import { useTranslation } from 'react-i18next';
import { MyConsultations } from '../../features/consultations/components/my-consultations.tsx';

/** /consultations: the signed-in traveller's own consultations. */
export function Component() {
  const { t } = useTranslation('consultationBooking');
  return (
    <div className="container" style={{ paddingTop: 32, paddingBottom: 64, maxWidth: 760 }}>
      <h1 style={{ marginBottom: 6 }}>{t('mine.title')}</h1>
      <p className="dimmed" style={{ marginTop: 0, marginBottom: 28 }}>
        {t('mine.intro')}
      </p>
      <MyConsultations />
    </div>
  );
}
