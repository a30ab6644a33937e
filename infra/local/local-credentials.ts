/**
 * The access key the runtime signs DynamoDB Local requests with. Started without `-sharedDb`, DynamoDB Local
 * keeps a database of its own per access key (and region), so a key names a database: the tests give each test
 * file its own (DynamoDB Local slows down many times over as tables come and go in one database; each file's
 * transactions also wait on no other file's locks), and `npm start` keeps its store under a random key of its
 * own. DynamoDB Local takes only letters and digits in a key.
 *
 * Why the store's key is random: DynamoDB Local cannot be bound to an address (its only network option is
 * `-port`; it makes a Jetty `Server(port)`, which listens on every interface, and has no setting for a host),
 * and it checks no signature. Anyone who reaches its port may call it, but with another key they reach an
 * empty database of their own: the store's tables are only under the store's key, which never leaves
 * DATA_DIR/local-state.json and the runtime's own process (docs/local-runtime.md "Who can reach it").
 */
import { randomBytes } from 'node:crypto';
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';

export const LOCAL_DATABASE = 'local';

/** The region of every local database (DynamoDB Local's file is `<key>_<region>.db`). */
export const LOCAL_REGION = 'us-east-1';

/** Credentials that reach `database` of a DynamoDB Local (any key reaches the one database under `-sharedDb`). */
export const localCredentials = (database: string = LOCAL_DATABASE) => ({
  accessKeyId: database,
  secretAccessKey: 'local',
});

/** A new store's database: 128 random bits, as letters and digits. */
export const newStoreDatabase = (): string => `store${randomBytes(16).toString('hex')}`;

/**
 * A store kept before it had a key of its own was one `-sharedDb` database (`shared-local-instance.db`): it
 * becomes the store's database, once, by its file's name.
 */
export function adoptSharedDatabase(dynamodbDir: string, database: string): void {
  const shared = join(dynamodbDir, 'shared-local-instance.db');
  const own = join(dynamodbDir, `${database}_${LOCAL_REGION}.db`);
  if (existsSync(shared) && !existsSync(own)) renameSync(shared, own);
}
