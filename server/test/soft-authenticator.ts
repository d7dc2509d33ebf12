/**
 * A software authenticator for the passkey tests: what a phone or a laptop's secure chip does
 * (WebAuthn Level 2), with an ES256 key pair per credential in memory and `none` attestation, so
 * the server's real verification (@simplewebauthn/server through Better Auth) runs unchanged.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  counter: number;
  rpId: string;
}

export interface CreationOptions {
  challenge: string;
  rp: { id?: string };
}
export interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

export class SoftAuthenticator {
  private readonly credentials: Credential[] = [];

  /**
   * `origin`: the page the browser would be on. `userVerified`: whether the device checks the
   * person (a PIN, a fingerprint); a plain security key only checks that someone touched it.
   */
  constructor(
    private readonly origin: string,
    public userVerified = true,
  ) {}

  /** The id of the last credential made (base64url), as the server stores it. */
  get lastCredentialId(): string {
    return b64url(this.credentials.at(-1)!.id);
  }

  private flags(extra = 0): number {
    return FLAG_USER_PRESENT | (this.userVerified ? FLAG_USER_VERIFIED : 0) | extra;
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** navigator.credentials.create(), as @simplewebauthn/browser's startRegistration answers it. */
  register(options: CreationOptions) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const credential: Credential = { id: randomBytes(32), privateKey, counter: 0, rpId };
    this.credentials.push(credential);
    // COSE_Key (RFC 9053): EC2, ES256, P-256, x, y.
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(FLAG_ATTESTED_CREDENTIAL)]),
      Buffer.alloc(4), // signature counter 0
      Buffer.alloc(16), // AAGUID: none
      idLength,
      credential.id,
      Buffer.from(coseKey),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get() with this device's credential (the last one made, or the one named). */
  authenticate(options: RequestOptions, credentialId?: string) {
    const credential = credentialId
      ? this.credentials.find((candidate) => b64url(candidate.id) === credentialId)
      : this.credentials.at(-1);
    if (!credential) throw new Error('no credential on this authenticator');
    credential.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const authenticatorData = Buffer.concat([
      sha256(options.rpId ?? credential.rpId),
      Buffer.from([this.flags()]),
      counter,
    ]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
