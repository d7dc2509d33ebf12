/**
 * An account's picture is shown as an image wherever the account appears, so only an https
 * address is kept (docs/decisions/022): `javascript:`, `data:`, plain http and addresses with
 * credentials are refused at sign-up and dropped from whatever else would store them (Google's
 * profile included).
 */
export const PICTURE_URL_MAX_LENGTH = 2048;

export function isSafePictureUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > PICTURE_URL_MAX_LENGTH || !URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
}

/** The picture to store: the address when it is safe, nothing otherwise. */
export function safePicture(value: unknown): string | null {
  return isSafePictureUrl(value) ? value : null;
}
