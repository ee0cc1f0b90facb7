/**
 * A software passkey for the server's passkey tests (test code only): an ES256 key from node:crypto that
 * answers WebAuthn registration and authentication options as a browser and authenticator would ('none'
 * attestation, a discoverable credential with its user handle), for any origin the test names. CBOR by
 * @simplewebauthn/server's own helper.
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const b64 = (b: Uint8Array): string => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string): Buffer => createHash('sha256').update(b).digest();

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export class SoftKey {
  private readonly key = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  readonly rawId = randomBytes(16);
  private counter = 0;
  private userHandle: string | null = null;

  get id(): string {
    return b64(this.rawId);
  }

  private authData(rpId: string, flags: number, attested?: Uint8Array): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  /** navigator.credentials.create(): the answer as @simplewebauthn/browser's startRegistration returns it. */
  create(options: CreationOptions, origin: string) {
    const rpId = options.rp.id ?? new URL(origin).hostname;
    this.userHandle = options.user.id;
    const jwk = this.key.publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
    const len = Buffer.alloc(2);
    len.writeUInt16BE(this.rawId.length);
    const attested = Buffer.concat([Buffer.alloc(16), len, this.rawId, cose]);
    // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
    const authData = this.authData(rpId, 0x45, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin });
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(Buffer.from(clientData)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get(): the answer as @simplewebauthn/browser's startAuthentication returns it. */
  get(options: RequestOptions, origin: string) {
    const rpId = options.rpId ?? new URL(origin).hostname;
    this.counter++;
    const authData = this.authData(rpId, 0x05);
    const clientData = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin }),
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.key.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(clientData),
        authenticatorData: b64(authData),
        signature: b64(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
    };
  }
}
