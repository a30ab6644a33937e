/**
 * A stand-in for the AWS account the deploy scripts (infra/deployed/doctor, stripe:webhook) ask, on one local
 * port that the real SDK clients are pointed at (endpoint override), answering the operations they use as AWS
 * documents them, in each service's own protocol:
 * - Lambda GetAccountSettings (REST JSON, `GET /2016-08-19/account-settings`);
 * - CloudFormation DescribeStacks, DescribeStackResources (query protocol: form POST, XML answers; an unknown
 *   stack is a 400 ValidationError "Stack with id … does not exist");
 * - SESv2 GetAccount (`GET /v2/email/account`), GetEmailIdentity (`GET /v2/email/identities/{id}`, 404
 *   NotFoundException);
 * - Secrets Manager GetSecretValue, PutSecretValue and Cognito ListUsers (JSON 1.1, `X-Amz-Target`).
 * The account is plain data (`AccountState`) a test sets up and reads back.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StackState {
  status: string;
  terminationProtection: boolean;
  outputs: Record<string, string>;
  /** What DescribeStackResources lists. */
  resources?: { logicalId: string; type: string; physicalId: string; status: string }[];
}

export interface IdentityState {
  type: 'DOMAIN' | 'EMAIL_ADDRESS';
  verified: boolean;
  dkim: 'SUCCESS' | 'PENDING' | 'FAILED' | 'NOT_STARTED' | 'TEMPORARY_FAILURE';
}

export interface AccountState {
  region: string;
  accountId: string;
  lambda: { quota: number; unreserved: number };
  stacks: Record<string, StackState>;
  ses: {
    productionAccess: boolean;
    sendingEnabled: boolean;
    max24HourSend: number;
    maxSendRate: number;
    sentLast24Hours: number;
    review?: { status: 'PENDING' | 'GRANTED' | 'DENIED' | 'FAILED'; caseId: string };
    identities: Record<string, IdentityState>;
  };
  /** Secret ARN → its current value. */
  secrets: Record<string, string>;
  /** User pool id → its users (username and attributes). */
  users: Record<string, { username: string; attributes: Record<string, string>; enabled: boolean }[]>;
}

export interface AwsAccountStandIn {
  readonly url: string;
  readonly state: AccountState;
  /** Every operation asked, in order (`Service.Operation`). */
  readonly calls: string[];
  close(): Promise<void>;
}

const xmlEscape = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

async function bodyOf(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
}

function send(res: ServerResponse, status: number, type: string, body: string, headers = {}): void {
  res.writeHead(status, {
    'Content-Type': type,
    'x-amzn-RequestId': randomUUID(),
    ...headers,
  });
  res.end(body);
}

const json = (res: ServerResponse, status: number, body: unknown, headers = {}) =>
  send(res, status, 'application/json', JSON.stringify(body), headers);

/** A JSON 1.1 / REST JSON error, as AWS sends it: the type in the body and in x-amzn-ErrorType. */
const jsonError = (res: ServerResponse, status: number, type: string, message: string) =>
  json(res, status, { __type: type, message }, { 'x-amzn-ErrorType': type });

export async function startAwsAccountStandIn(state: AccountState): Promise<AwsAccountStandIn> {
  const calls: string[] = [];

  const lambda = (res: ServerResponse) => {
    calls.push('Lambda.GetAccountSettings');
    json(res, 200, {
      AccountLimit: {
        TotalCodeSize: 80530636800,
        CodeSizeUnzipped: 262144000,
        CodeSizeZipped: 52428800,
        ConcurrentExecutions: state.lambda.quota,
        UnreservedConcurrentExecutions: state.lambda.unreserved,
      },
      AccountUsage: { TotalCodeSize: 0, FunctionCount: 0 },
    });
  };

  const ses = (res: ServerResponse, path: string) => {
    if (path === '/v2/email/account') {
      calls.push('SESv2.GetAccount');
      const { ses: s } = state;
      json(res, 200, {
        DedicatedIpAutoWarmupEnabled: false,
        EnforcementStatus: s.sendingEnabled ? 'HEALTHY' : 'SHUTDOWN',
        ProductionAccessEnabled: s.productionAccess,
        SendQuota: {
          Max24HourSend: s.max24HourSend,
          MaxSendRate: s.maxSendRate,
          SentLast24Hours: s.sentLast24Hours,
        },
        SendingEnabled: s.sendingEnabled,
        SuppressionAttributes: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
        ...(s.review
          ? {
              Details: {
                MailType: 'TRANSACTIONAL',
                WebsiteURL: 'https://www.example-rentals.com',
                ContactLanguage: 'EN',
                ReviewDetails: { Status: s.review.status, CaseId: s.review.caseId },
              },
            }
          : {}),
      });
      return;
    }
    const name = decodeURIComponent(path.slice('/v2/email/identities/'.length));
    calls.push('SESv2.GetEmailIdentity');
    const identity = state.ses.identities[name];
    if (!identity) {
      jsonError(res, 404, 'NotFoundException', `Email identity ${name} does not exist.`);
      return;
    }
    json(res, 200, {
      IdentityType: identity.type,
      FeedbackForwardingStatus: true,
      VerifiedForSendingStatus: identity.verified,
      VerificationStatus: identity.verified ? 'SUCCESS' : 'PENDING',
      DkimAttributes: {
        SigningEnabled: identity.type === 'DOMAIN',
        Status: identity.dkim,
        Tokens: identity.type === 'DOMAIN' ? ['t1', 't2', 't3'] : [],
        SigningAttributesOrigin: 'AWS_SES',
      },
      MailFromAttributes: { BehaviorOnMxFailure: 'USE_DEFAULT_VALUE', MailFromDomainStatus: 'SUCCESS' },
      Policies: {},
      Tags: [],
    });
  };

  const cloudFormation = (res: ServerResponse, form: URLSearchParams) => {
    const action = form.get('Action') ?? '';
    calls.push(`CloudFormation.${action}`);
    const name = form.get('StackName') ?? '';
    const stack = state.stacks[name];
    const stackId = `arn:aws:cloudformation:${state.region}:${state.accountId}:stack/${name}/0f1e2d3c`;
    const requestId = `<ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata>`;
    if (!stack) {
      send(
        res,
        400,
        'text/xml',
        `<ErrorResponse xmlns="http://cloudformation.amazonaws.com/doc/2010-05-15/"><Error><Type>Sender</Type><Code>ValidationError</Code><Message>Stack with id ${xmlEscape(name)} does not exist</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`,
      );
      return;
    }
    if (action === 'DescribeStacks') {
      const outputs = Object.entries(stack.outputs)
        .map(
          ([key, value]) =>
            `<member><OutputKey>${xmlEscape(key)}</OutputKey><OutputValue>${xmlEscape(value)}</OutputValue></member>`,
        )
        .join('');
      send(
        res,
        200,
        'text/xml',
        `<DescribeStacksResponse xmlns="http://cloudformation.amazonaws.com/doc/2010-05-15/"><DescribeStacksResult><Stacks><member><StackName>${xmlEscape(name)}</StackName><StackId>${stackId}</StackId><CreationTime>2026-11-20T10:00:00.000Z</CreationTime><StackStatus>${stack.status}</StackStatus><EnableTerminationProtection>${stack.terminationProtection}</EnableTerminationProtection><Outputs>${outputs}</Outputs></member></Stacks></DescribeStacksResult>${requestId}</DescribeStacksResponse>`,
      );
      return;
    }
    if (action === 'DescribeStackResources') {
      const members = (stack.resources ?? [])
        .map(
          (r) =>
            `<member><StackName>${xmlEscape(name)}</StackName><StackId>${stackId}</StackId><LogicalResourceId>${xmlEscape(r.logicalId)}</LogicalResourceId><PhysicalResourceId>${xmlEscape(r.physicalId)}</PhysicalResourceId><ResourceType>${xmlEscape(r.type)}</ResourceType><Timestamp>2026-11-20T10:05:00.000Z</Timestamp><ResourceStatus>${r.status}</ResourceStatus></member>`,
        )
        .join('');
      send(
        res,
        200,
        'text/xml',
        `<DescribeStackResourcesResponse xmlns="http://cloudformation.amazonaws.com/doc/2010-05-15/"><DescribeStackResourcesResult><StackResources>${members}</StackResources></DescribeStackResourcesResult>${requestId}</DescribeStackResourcesResponse>`,
      );
      return;
    }
    send(res, 400, 'text/xml', `<ErrorResponse><Error><Code>InvalidAction</Code></Error></ErrorResponse>`);
  };

  const jsonAnswer = (res: ServerResponse, body: unknown) =>
    send(res, 200, 'application/x-amz-json-1.1', JSON.stringify(body));
  const jsonFail = (res: ServerResponse, code: string, message: string) =>
    send(res, 400, 'application/x-amz-json-1.1', JSON.stringify({ __type: code, message }));

  const secretsManager = (res: ServerResponse, operation: string, input: Record<string, unknown>) => {
    calls.push(`SecretsManager.${operation}`);
    const arn = String(input.SecretId ?? '');
    if (!(arn in state.secrets))
      return jsonFail(res, 'ResourceNotFoundException', "Secrets Manager can't find the specified secret.");
    const name = arn.split(':secret:')[1] ?? arn;
    if (operation === 'PutSecretValue') {
      state.secrets[arn] = String(input.SecretString ?? '');
      return jsonAnswer(res, {
        ARN: arn,
        Name: name,
        VersionId: randomUUID(),
        VersionStages: ['AWSCURRENT'],
      });
    }
    return jsonAnswer(res, {
      ARN: arn,
      Name: name,
      VersionId: randomUUID(),
      SecretString: state.secrets[arn],
      VersionStages: ['AWSCURRENT'],
      CreatedDate: 1795000000,
    });
  };

  const listUsers = (res: ServerResponse, input: Record<string, unknown>) => {
    calls.push('Cognito.ListUsers');
    const users = state.users[String(input.UserPoolId ?? '')];
    if (!users) return jsonFail(res, 'ResourceNotFoundException', 'User pool does not exist.');
    return jsonAnswer(res, {
      Users: users.map((u) => ({
        Username: u.username,
        Attributes: Object.entries(u.attributes).map(([Name, Value]) => ({ Name, Value })),
        Enabled: u.enabled,
        UserStatus: 'CONFIRMED',
        UserCreateDate: 1795000000,
        UserLastModifiedDate: 1795000000,
      })),
    });
  };

  const jsonTarget = (res: ServerResponse, target: string, input: Record<string, unknown>) => {
    const [service, operation = ''] = target.split('.');
    if (service === 'secretsmanager' && ['GetSecretValue', 'PutSecretValue'].includes(operation))
      return secretsManager(res, operation, input);
    if (target === 'AWSCognitoIdentityProviderService.ListUsers') return listUsers(res, input);
    return jsonFail(res, 'UnknownOperationException', `The stand-in does not answer ${target}`);
  };

  const server = createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const body = await bodyOf(req);
    const target = req.headers['x-amz-target'];
    if (req.method === 'GET' && path === '/2016-08-19/account-settings') return lambda(res);
    if (req.method === 'GET' && path.startsWith('/v2/email/')) return ses(res, path);
    if (typeof target === 'string') return jsonTarget(res, target, JSON.parse(body || '{}'));
    if (req.method === 'POST' && path === '/') return cloudFormation(res, new URLSearchParams(body));
    return jsonError(res, 404, 'UnknownOperationException', `${req.method} ${path}`);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    calls,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
