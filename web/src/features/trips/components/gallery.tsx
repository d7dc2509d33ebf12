import { useEffect, useRef, useState } from 'react';
import { IconChevronLeft, IconChevronRight, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { GALLERY_THUMB_SIZES, pickText, TRIP_IMAGE_WIDTHS, tripImageSrcSet } from '@aylal/shared/trip-rules';
import type { TripImage } from '@aylal/shared/schemas/trips';
import classes from './gallery.module.css';

const srcSet = (image: TripImage) => tripImageSrcSet(image.url);

/** A trip's pictures as thumbnails; one opens full size in a viewer (arrows, swipe-free buttons, Escape). */
export function Gallery({ images, language }: { images: TripImage[]; language: 'en' | 'mn' }) {
  const { t } = useTranslation('tripDetails');
  const dialog = useRef<HTMLDialogElement>(null);
  const [current, setCurrent] = useState<number | null>(null);
  const count = images.length;
  const step = (delta: number) => setCurrent((index) => (index === null ? null : (index + delta + count) % count));

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (current !== null && !element.open) element.showModal();
    if (current === null && element.open) element.close();
  }, [current]);

  const shown = current === null ? null : images[current];
  return (
    <>
      <ul className={classes.grid}>
        {images.map((image, index) => (
          <li key={image.id}>
            <button
              type="button"
              className={classes.thumb}
              onClick={() => setCurrent(index)}
              aria-label={t('viewer.open', { n: index + 1, count })}
            >
              <img
                src={`${image.url}-${TRIP_IMAGE_WIDTHS[0]}.webp`}
                srcSet={srcSet(image)}
                sizes={GALLERY_THUMB_SIZES}
                width={image.width}
                height={image.height}
                alt={pickText(image.alt, language)}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                decoding="async"
              />
            </button>
          </li>
        ))}
      </ul>
      <dialog
        ref={dialog}
        className={classes.viewer}
        aria-label={t('gallery')}
        onClose={() => setCurrent(null)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight') step(1);
          if (event.key === 'ArrowLeft') step(-1);
        }}
      >
        {shown && (
          <figure className={classes.figure}>
            <img
              src={`${shown.url}-${TRIP_IMAGE_WIDTHS[2]}.webp`}
              srcSet={srcSet(shown)}
              sizes="100vw"
              width={shown.width}
              height={shown.height}
              alt={pickText(shown.alt, language)}
            />
            <figcaption>
              {pickText(shown.alt, language)} <span>{t('viewer.position', { n: (current ?? 0) + 1, count })}</span>
            </figcaption>
          </figure>
        )}
        <button
          type="button"
          className={`${classes.control} ${classes.close}`}
          onClick={() => setCurrent(null)}
          aria-label={t('viewer.close')}
        >
          <IconX size={24} aria-hidden="true" />
        </button>
        {count > 1 && (
          <>
            <button
              type="button"
              className={`${classes.control} ${classes.previous}`}
              onClick={() => step(-1)}
              aria-label={t('viewer.previous')}
            >
              <IconChevronLeft size={28} aria-hidden="true" />
            </button>
            <button
              type="button"
              className={`${classes.control} ${classes.next}`}
              onClick={() => step(1)}
              aria-label={t('viewer.next')}
            >
              <IconChevronRight size={28} aria-hidden="true" />
            </button>
          </>
        )}
      </dialog>
    </>
  );
}
