/** Admin profile records (ADMIN#<id>): names and role as the back office shows them; Cognito holds the credentials. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE_NAME } from '../db/client.js';
import { keys } from '../db/keys.js';

export interface AdminProfile {
  adminId: number;
  adminAPIKey: string;
  adminFirstName: string;
  adminLastName: string;
  adminRole: string;
}

export async function getAdminProfile(adminId: number): Promise<AdminProfile | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: TABLE_NAME, Key: keys.admin(adminId) }));
  return Item as AdminProfile | undefined;
}
