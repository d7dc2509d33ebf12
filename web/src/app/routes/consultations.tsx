import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MyConsultations } from '../../features/consultations/components/my-consultations.tsx';
import { VisaBooking } from '../../features/consultations/components/visa-booking.tsx';

/**
 * /consultations: the signed-in traveller's own consultations; `?visa=<id>` opens a booking about
 * that visa application (`?visa` alone: their newest submitted one), or says why it cannot be yet.
 */
export function Component() {
  const { t } = useTranslation('consultationBooking');
  const [search, setSearch] = useSearchParams();
  const visa = search.get('visa');
  return (
    <div className="container" style={{ paddingTop: 32, paddingBottom: 64, maxWidth: 760 }}>
      <h1 style={{ marginBottom: 6 }}>{t('mine.title')}</h1>
      <p className="dimmed" style={{ marginTop: 0, marginBottom: 28 }}>
        {t('mine.intro')}
      </p>
      {visa !== null && (
        <VisaBooking
          id={visa}
          onClose={() =>
            setSearch(
              (current) => {
                const next = new URLSearchParams(current);
                next.delete('visa');
                return next;
              },
              { replace: true },
            )
          }
        />
      )}
      <MyConsultations />
    </div>
  );
}
