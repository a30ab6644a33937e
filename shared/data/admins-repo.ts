/**
 * Admin profile records (ADMIN#<id>): names and role as the back office shows them; Cognito holds the
 * credentials. The profile also carries the admin's credentials version, moved by every write of the admin's
 * identity (password, role, active state), so those writes end the admin's earlier sessions.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { indexKeys, keys } from '../db/keys.js';
import { batchGet, queryPartition, stripKeys } from '../db/query.js';
import { INDEX } from '../db/table-definition.js';
import { updateParts } from '../db/update-expression.js';

export interface AdminProfile {
  adminId: number;
  adminAPIKey: string;
  adminFirstName: string;
  adminLastName: string;
  adminRole: string;
  /** Where the admin's mail goes (a landlord's owner statement); absent or '' for none. */
  adminEmail?: string;
  /**
   * The admin's mailing address (a landlord's, on the owner statement), as lines of text; absent or '' for
   * none on file.
   */
  adminAddress?: string;
  /** Absent on profiles written before versions existed: read as 0. */
  credentialsVersion?: number;
}

export async function getAdminProfile(adminId: number): Promise<AdminProfile | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: keys.admin(adminId) }));
  return Item as AdminProfile | undefined;
}

/** The admin's credentials version (0 without a profile or a version): what an admin session is checked against. */
export async function adminCredentialsVersion(adminId: number): Promise<number> {
  const { Item } = await ddb.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: keys.admin(adminId),
      ProjectionExpression: 'credentialsVersion',
    }),
  );
  return Number(Item?.credentialsVersion ?? 0);
}

/**
 * Writes the profile after its identity was written (password, role or active state) and moves the
 * credentials version in the same UpdateItem (ADD: atomic, 1 for a new profile), so sessions opened before
 * the identity changed stop working. Call it after the identity provider's write: a login that verified
 * the new credentials then reads the new version. (A login that verified the old credentials just before
 * the identity write and reads the profile just after the bump keeps its session: a window of one Cognito
 * round trip, which the login cannot close without a profile lookup by key.)
 */
export async function putAdminProfileEndingSessions(
  profile: Omit<AdminProfile, 'credentialsVersion'>,
): Promise<number> {
  const fields = {
    entity: 'admin',
    ...profile,
    GSI1PK: indexKeys.admins(),
    GSI1SK: indexKeys.propertyById(profile.adminId),
  };
  const { Attributes } = await ddb.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: keys.admin(profile.adminId),
      ...updateParts({ set: fields, add: { credentialsVersion: 1 } }),
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.credentialsVersion ?? 1);
}

/** Many admin profiles by id (BatchGetItem); ids without a profile are absent from the answer. */
export async function adminProfiles(adminIds: readonly number[]): Promise<AdminProfile[]> {
  return (await batchGet(adminIds.map((id) => keys.admin(id)))).map((item) => stripKeys<AdminProfile>(item));
}

/** Every admin profile, by id (GSI1 `ADMINS`: a short list, the business's own staff and landlords). */
export async function allAdminProfiles(): Promise<AdminProfile[]> {
  const items = await queryPartition({ index: INDEX.gsi1, pk: indexKeys.admins() });
  return items.map((item) => stripKeys<AdminProfile>(item));
}
