import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { disablePush, enablePush, pushEnabled, pushSupport, type PushSupport } from './push.ts';
import { useSession } from './session.ts';
import { readStored, writeStored } from './storage.ts';
import classes from './push-opt-in.module.css';

const OFFER_DISMISSED = 'aylal.push.offerDismissed';

/**
 * Push notifications for this device, turned on only by the person's own click (decision 014):
 * - `offer`: after a first booking or application, "Get notified on this device?" with Turn on
 *   and Not now (not offered again once answered, nor where push is on, blocked or impossible);
 * - `switch`: the profile's switch for this device.
 * On iPhone and iPad outside the Home Screen app, it says how to get notifications instead.
 */
export function PushOptIn({ variant }: { variant: 'offer' | 'switch' }) {
  const { t } = useTranslation('notifications');
  const userId = useSession().user?.id;
  // Read in an effect: the server draws without a browser to ask.
  const [support, setSupport] = useState<PushSupport>('none');
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [turnedOn, setTurnedOn] = useState(false);

  useEffect(() => {
    setSupport(pushSupport());
    setDismissed(readStored(OFFER_DISMISSED) === '1');
    if (!userId) return;
    let live = true;
    pushEnabled(userId)
      .then((enabled) => live && setOn(enabled))
      .catch(() => live && setOn(false));
    return () => {
      live = false;
    };
  }, [userId]);

  if (!userId || support === 'none') return null;

  const turn = async (next: boolean) => {
    setBusy(true);
    setFailed(false);
    try {
      if (next) {
        const enabled = await enablePush(userId);
        setOn(enabled);
        setTurnedOn(enabled);
      } else {
        await disablePush();
        setOn(false);
      }
    } catch (error) {
      console.info('Push not changed', error);
      setFailed(true);
    } finally {
      setSupport(pushSupport());
      setBusy(false);
    }
  };

  const iosNote = <p>{t('push.iosHomeScreen')}</p>;
  const failure = failed && (
    <p className={classes.alert} role="alert">
      {t('push.failed')}
    </p>
  );

  if (variant === 'offer') {
    if (support === 'ios-needs-home-screen') {
      return dismissed ? null : (
        <div className={classes.offer}>
          <strong>{t('push.offerTitle')}</strong>
          {iosNote}
        </div>
      );
    }
    // Answered before (here, or by the browser's permission): nothing to offer.
    if (on === null || (on === false && (dismissed || support !== 'default'))) return null;
    if (on) {
      // On already before this offer: nothing to say.
      return !turnedOn ? null : (
        <div className={classes.offer} role="status">
          <p>{t('push.enabled')}</p>
        </div>
      );
    }
    return (
      <div className={classes.offer}>
        <strong>{t('push.offerTitle')}</strong>
        <p>{t('push.offerDescription')}</p>
        {failure}
        <div className={classes.actions}>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void turn(true)}>
            {t('push.enable')}
          </button>
          <button
            type="button"
            className="btn btn-light"
            onClick={() => {
              writeStored(OFFER_DISMISSED, '1');
              setDismissed(true);
            }}
          >
            {t('push.notNow')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className={classes.row}>
      <label className={classes.switch}>
        <input
          type="checkbox"
          role="switch"
          checked={on === true}
          disabled={busy || on === null || support === 'ios-needs-home-screen' || support === 'denied'}
          onChange={(event) => void turn(event.currentTarget.checked)}
        />
        {t('push.switchLabel')}
      </label>
      {support === 'ios-needs-home-screen' ? iosNote : <p>{t('push.description')}</p>}
      {failure}
    </div>
  );
}
