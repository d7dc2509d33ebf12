// The token in a payment's callback URL (decision 033): only the provider we gave the URL to can
// name the payment. An HMAC of the payment's id under a key derived from AUTH_SECRET for this use
// alone; nothing is stored. The callback is only a prompt to ask the provider, so a token that
// leaked could make us ask again, never make anything paid.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

const keyOf = (secret: string) => Buffer.from(hkdfSync('sha256', secret, 'aylal', 'payment-callback', 32));

export function callbackToken(secret: string, paymentId: string): string {
  return createHmac('sha256', keyOf(secret)).update(paymentId).digest('base64url');
}

export function isCallbackToken(secret: string, paymentId: string, token: string): boolean {
  const expected = Buffer.from(callbackToken(secret, paymentId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
