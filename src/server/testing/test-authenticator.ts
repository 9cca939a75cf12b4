import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/*
 * A software passkey for tests: an ES256 (P-256) key pair that answers WebAuthn registration and sign-in
 * options the way a browser and a platform authenticator would ('none' attestation, user present and
 * verified), so that the real @simplewebauthn/server verifies its answers.
 */

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor };

/** CBOR head: the major type and the length or value. */
function head(major: number, value: number): Buffer {
  const type = major << 5;
  if (value < 24) return Buffer.from([type | value]);
  if (value < 0x100) return Buffer.from([type | 24, value]);
  if (value < 0x10000) return Buffer.from([type | 25, value >> 8, value & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = type | 26;
  out.writeUInt32BE(value, 1);
  return out;
}

/** Enough CBOR for attestation objects and COSE keys: integers, text, bytes, arrays and maps. */
export function encodeCbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(encodeCbor)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [encodeCbor(k), encodeCbor(v)])]);
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface AnswerOptions {
  /** The origin the browser reports; the authenticator's own by default. */
  origin?: string;
  /** The challenge signed; the options' by default. */
  challenge?: string;
  /** Leave user verification out of the flags. */
  unverified?: boolean;
}

export class TestAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  counter = 0;
  private userHandle: string | undefined;

  constructor(
    readonly origin: string,
    readonly rpId = new URL(origin).hostname,
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    const coordinate = (text: string | undefined) => Buffer.from(text ?? '', 'base64url');
    // kty: EC2, alg: ES256, crv: P-256, x, y.
    return encodeCbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, coordinate(jwk.x)],
        [-3, coordinate(jwk.y)],
      ]),
    );
  }

  private authData(flags: number, attested: boolean): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const parts: Uint8Array[] = [sha256(this.rpId), Buffer.from([flags]), counter];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), length, this.credentialId, this.coseKey());
    }
    return Buffer.concat(parts);
  }

  /** The client data the browser signs: the options' challenge and this origin, unless the answer says other. */
  private clientData(type: string, options: { challenge: string }, answer: AnswerOptions): Buffer {
    const challenge = answer.challenge ?? options.challenge;
    const origin = answer.origin ?? this.origin;
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** A credential as the browser hands it to the page, around the ceremony's own response. */
  private credential<Response>(response: Response) {
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response,
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /** The answer of navigator.credentials.create() to these options, as startRegistration() sends it. */
  register(options: { challenge: string; user?: { id?: string } }, answer: AnswerOptions = {}) {
    this.userHandle = options.user?.id;
    const flags = FLAG_UP | (answer.unverified ? 0 : FLAG_UV) | FLAG_AT;
    const attestationObject = encodeCbor({ fmt: 'none', attStmt: {}, authData: this.authData(flags, true) });
    const clientDataJSON = this.clientData('webauthn.create', options, answer);
    return this.credential({
      clientDataJSON: b64url(clientDataJSON),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    });
  }

  /** The answer of navigator.credentials.get() to these options; each answer counts one more use. */
  authenticate(options: { challenge: string }, answer: AnswerOptions = {}) {
    this.counter += 1;
    const authenticatorData = this.authData(FLAG_UP | (answer.unverified ? 0 : FLAG_UV), false);
    const clientDataJSON = this.clientData('webauthn.get', options, answer);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.privateKey);
    return this.credential({
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authenticatorData),
      signature: b64url(signature),
      ...(this.userHandle ? { userHandle: this.userHandle } : {}),
    });
  }
}
