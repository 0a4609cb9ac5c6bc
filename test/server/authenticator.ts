import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/*
 * A software passkey for the server tests: an EC P-256 key from node:crypto, and the
 * bytes a platform authenticator would send (authenticatorData, a `none` attestation,
 * clientDataJSON, an ES256 signature). Nothing of the server's code makes them.
 */

const b64u = (bytes: Uint8Array<ArrayBuffer>) => isoBase64URL.fromBuffer(bytes);
const sha256 = (data: Uint8Array | string) =>
  new Uint8Array(createHash('sha256').update(data).digest());
const UP = 0x01;
const UV = 0x04;
const BE = 0x08;
const BS = 0x10;
const AT = 0x40;
/** Backup eligibility and state: a device-bound passkey, a syncable one, a synced one. */
const BACKUP = { none: 0, eligible: BE, synced: BE | BS } as const;

function uint32(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
}

const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

/** The options' challenge, whatever shape the answer's JSON has. */
export const challengeOf = (options: unknown) => (options as { challenge: string }).challenge;

export type SoftwarePasskey = {
  credentialId: string;
  /** The signature counter it will send next (it counts up by one per assertion). */
  counter: number;
  /**
   * navigator.credentials.create()'s JSON for a challenge; the user verified and a
   * device-bound key with the `internal` transport unless told otherwise.
   */
  register(
    challenge: string,
    over?: {
      origin?: string;
      rpId?: string;
      verified?: boolean;
      backup?: keyof typeof BACKUP;
      /** None: the response names no transports at all. */
      transports?: string[] | null;
    },
  ): unknown;
  /** navigator.credentials.get()'s JSON for a challenge; the user verified unless told. */
  assert(
    challenge: string,
    over?: { origin?: string; counter?: number; verified?: boolean; withoutHandle?: boolean },
  ): unknown;
};

/** A new passkey for the relying party at `origin` (its host is the rp id). */
export function softwarePasskey(origin: string, userHandle?: string): SoftwarePasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const id = new Uint8Array(randomBytes(32));
  const rpId = new URL(origin).hostname;
  const jwk = publicKey.export({ format: 'jwk' });
  const cosePublicKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
      [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
    ]),
  );
  const clientData = (type: string, challenge: string, from: string) =>
    new TextEncoder().encode(JSON.stringify({ type, challenge, origin: from, crossOrigin: false }));

  // Its backup flags, as registered, go with every assertion after.
  let backup = 0;
  const passkey: SoftwarePasskey = {
    credentialId: b64u(id),
    counter: 1,
    register(challenge, over = {}) {
      backup = BACKUP[over.backup ?? 'none'];
      const authData = concat(
        sha256(over.rpId ?? rpId),
        new Uint8Array([UP | (over.verified === false ? 0 : UV) | backup | AT]),
        uint32(0),
        new Uint8Array(16), // AAGUID: none
        new Uint8Array([id.length >> 8, id.length & 0xff]),
        id,
        cosePublicKey,
      );
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, string>>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', authData],
        ]),
      );
      return {
        id: b64u(id),
        rawId: b64u(id),
        type: 'public-key',
        response: {
          clientDataJSON: b64u(clientData('webauthn.create', challenge, over.origin ?? origin)),
          attestationObject: b64u(attestationObject),
          ...(over.transports === null ? {} : { transports: over.transports ?? ['internal'] }),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    assert(challenge, over = {}) {
      const counter = over.counter ?? passkey.counter++;
      const flags = UP | (over.verified === false ? 0 : UV) | backup;
      const authData = concat(sha256(rpId), new Uint8Array([flags]), uint32(counter));
      const clientDataJSON = clientData('webauthn.get', challenge, over.origin ?? origin);
      const signature = signWith(privateKey, concat(authData, sha256(clientDataJSON)));
      return {
        id: b64u(id),
        rawId: b64u(id),
        type: 'public-key',
        response: {
          clientDataJSON: b64u(clientDataJSON),
          authenticatorData: b64u(authData),
          signature: b64u(signature),
          ...(userHandle === undefined || over.withoutHandle ? {} : { userHandle }),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
  return passkey;
}

/** ES256 as WebAuthn wants it: ECDSA over SHA-256, DER-encoded. */
const signWith = (key: KeyObject, data: Uint8Array) => new Uint8Array(sign('sha256', data, key));
