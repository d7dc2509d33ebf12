// A stored picture's WebP variants: what the server makes of every upload and what pages ask for.

/** Widths of the WebP variants made of every uploaded trip image. */
export const TRIP_IMAGE_WIDTHS = [480, 960, 1600] as const;

/** `srcset` of a stored picture (its URL base): every WebP width. */
export function tripImageSrcSet(url: string): string {
  return TRIP_IMAGE_WIDTHS.map((width) => `${url}-${width}.webp ${width}w`).join(', ');
}

/** `sizes` of a catalogue card's picture and of a gallery thumbnail (the server preloads both). */
export const CARD_IMAGE_SIZES = '(min-width: 62em) 360px, (min-width: 48em) 50vw, 100vw';
export const GALLERY_THUMB_SIZES = '(min-width: 62em) 240px, 50vw';
/** `sizes` of a trip's picture on the home page: a thumbnail beside the text on phones, a card's top above. */
export const SHOWCASE_IMAGE_SIZES = '(min-width: 62em) 360px, (min-width: 48em) 33vw, 112px';
