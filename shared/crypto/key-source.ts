/**
 * Where the 256-bit data key for field encryption comes from. Two sources behind one small interface:
 * - env: DATA_ENCRYPTION_KEY (base64 of 32 bytes) — the local runtime and tests;
 * - kms (cloud): envelope encryption. A data key is generated once with KMS GenerateDataKey under the KMS
 *   key DATA_KEY_KMS_KEY_ID; only its KMS ciphertext is stored in the table. A cold start reads that blob and
 *   asks KMS Decrypt for the plaintext key, which is then cached for the life of the Lambda instance.
 * The choice is configuration only (which variable is set), never an `if (local)` in the data path.
 */
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { optionalEnv } from '../config.js';
import { traced } from '../tracer.js';

export interface DataKeySource {
  dataKey(): Promise<Buffer>;
}

/** The stored KMS ciphertext of the data key (one table item; shared/data/data-keys-repo.ts). */
export interface WrappedKeyStore {
  load(): Promise<Uint8Array | undefined>;
  /** Stores the blob unless one exists; false when another instance stored first. */
  saveIfAbsent(blob: Uint8Array): Promise<boolean>;
}

/** Both KMS calls carry this context: a blob made for another purpose does not decrypt as our data key. */
export const KMS_CONTEXT = { purpose: 'rental-pm-field-encryption' } as const;

export function envKeySource(base64: string): DataKeySource {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 32) throw new Error('DATA_ENCRYPTION_KEY must be the base64 of 32 bytes');
  return { dataKey: async () => key };
}

type KmsLike = Pick<KMSClient, 'send'>;

export function kmsKeySource(
  kmsKeyId: string,
  store: WrappedKeyStore,
  kms: KmsLike = traced(new KMSClient({})),
): DataKeySource {
  const unwrap = async (blob: Uint8Array) => {
    const { Plaintext } = await kms.send(
      new DecryptCommand({ CiphertextBlob: blob, KeyId: kmsKeyId, EncryptionContext: KMS_CONTEXT }),
    );
    if (Plaintext?.length !== 32) throw new Error('KMS Decrypt did not return a 32-byte data key');
    return Buffer.from(Plaintext);
  };
  const load = async (): Promise<Buffer> => {
    const stored = await store.load();
    if (stored) return unwrap(stored);
    const generated = await kms.send(
      new GenerateDataKeyCommand({ KeyId: kmsKeyId, KeySpec: 'AES_256', EncryptionContext: KMS_CONTEXT }),
    );
    if (!generated.CiphertextBlob || !generated.Plaintext)
      throw new Error('KMS GenerateDataKey returned no key');
    if (await store.saveIfAbsent(generated.CiphertextBlob)) return Buffer.from(generated.Plaintext);
    // Two cold starts raced to create the key: the first stored one wins and everyone uses it.
    const winner = await store.load();
    if (!winner) throw new Error('The data key vanished after a concurrent create');
    return unwrap(winner);
  };
  let cached: Promise<Buffer> | undefined;
  return {
    dataKey: () => {
      cached ??= load().catch((error) => {
        // A failed cold start (KMS throttled, network) must not poison the instance: the next call retries.
        cached = undefined;
        throw error;
      });
      return cached;
    },
  };
}

/** The source this deployment is configured for; the store is only touched on the KMS path. */
export function configuredKeySource(store: () => WrappedKeyStore): DataKeySource {
  const envKey = optionalEnv('DATA_ENCRYPTION_KEY');
  if (envKey) return envKeySource(envKey);
  const kmsKeyId = optionalEnv('DATA_KEY_KMS_KEY_ID');
  if (!kmsKeyId)
    throw new Error('Set DATA_ENCRYPTION_KEY (base64, 32 bytes) or DATA_KEY_KMS_KEY_ID for field encryption');
  return kmsKeySource(kmsKeyId, store());
}
