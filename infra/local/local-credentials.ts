/**
 * The access key the runtime signs DynamoDB Local requests with. Started without `-sharedDb`, DynamoDB Local
 * keeps a database of its own per access key (and region), so a key names a database: the tests give each test
 * file its own (DynamoDB Local slows down many times over as tables come and go in one database; each file's
 * transactions also wait on no other file's locks). DynamoDB Local takes only letters and digits in a key.
 */
export const LOCAL_DATABASE = 'local';

/** Credentials that reach `database` of a DynamoDB Local (any key reaches the one database under `-sharedDb`). */
export const localCredentials = (database: string = LOCAL_DATABASE) => ({
  accessKeyId: database,
  secretAccessKey: 'local',
});
