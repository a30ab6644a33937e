/**
 * SES for the stage (SESv2 GetAccount, GetEmailIdentity): production access or the sandbox (and a request
 * under review), sending paused, the sending quota, and the mail identity verified (DKIM for a domain, the
 * link for an address). In the sandbox SES delivers only to verified identities of the account and region,
 * 200 a day at 1 a second: a tenant registering with any other address gets a 500 (the account is not kept),
 * so production access is a step of the first deploy (docs/cloud-stack.md "SES: the sandbox and production
 * access").
 */
import {
  GetAccountCommand,
  GetEmailIdentityCommand,
  type GetEmailIdentityResponse,
} from '@aws-sdk/client-sesv2';
import { type DoctorContext, isCreated } from './context.js';
import { type Finding, note, ready, todo } from './report.js';

const per = (n: number | undefined) => (n === undefined ? '?' : n.toLocaleString('en-US'));

export async function checkMail(ctx: DoctorContext): Promise<Finding[]> {
  return [...(await checkAccount(ctx)), ...(await checkIdentity(ctx))];
}

async function checkAccount(ctx: DoctorContext): Promise<Finding[]> {
  const account = await ctx.clients.ses.send(new GetAccountCommand({}));
  const quota = account.SendQuota ?? {};
  const quotaText = `${per(quota.Max24HourSend)} messages a day at ${per(quota.MaxSendRate)} a second (${per(quota.SentLast24Hours)} sent in the last 24 h)`;
  const findings: Finding[] = [];
  if (account.SendingEnabled === false)
    findings.push(
      todo(
        'ses sending',
        `SES has paused sending for the account in ${ctx.region} (enforcement status ${account.EnforcementStatus ?? '?'}): no mail goes out. See the SES console's account dashboard (reputation, the review's case) before anything else`,
      ),
    );
  if (account.ProductionAccessEnabled) {
    findings.push(ready('ses production access', `mail goes to any address; quota ${quotaText}`));
    findings.push(
      note(
        'ses sending quota',
        `${quotaText}. The mail jobs pace to the rate; raise it before the mail outgrows it (the first of the month's rent run mails every lease): SES console, Account dashboard, "Request a sending quota increase" (Service Quotas: Amazon SES "Sending quota" and "Maximum send rate")`,
      ),
    );
    return findings;
  }
  const review = account.Details?.ReviewDetails;
  const sandbox = `SES in ${ctx.region} is in the sandbox: mail goes only to verified identities of the account (and the mailbox simulator), ${quotaText}; a tenant registering with any other address gets a 500 and no account`;
  if (review?.Status === 'PENDING')
    findings.push(
      todo(
        'ses production access',
        `${sandbox}. Production access was asked for (case ${review.CaseId ?? '?'}) and AWS is reviewing it: wait for its answer (usually within a day); meanwhile verify test recipients`,
        [`aws sesv2 create-email-identity --region ${ctx.region} --email-identity tester@example.com`],
      ),
    );
  else
    findings.push(
      todo(
        'ses production access',
        `${sandbox}.${review?.Status === 'DENIED' || review?.Status === 'FAILED' ? ` The last request was ${review.Status} (case ${review.CaseId ?? '?'}): answer the case in the Support Center with more detail, then ask again.` : ''} Ask for production access (transactional mail: activation, bookings, invoices, receipts)`,
        [
          `aws sesv2 put-account-details --region ${ctx.region} --production-access-enabled --mail-type TRANSACTIONAL --website-url https://www.example-rentals.com --contact-language EN --use-case-description "Transactional mail of our rental site: account activation, booking confirmations, invoices and receipts, to our own tenants and guests"`,
          `aws sesv2 get-account --region ${ctx.region} --query '[ProductionAccessEnabled, Details.ReviewDetails]'`,
        ],
      ),
    );
  return findings;
}

async function identityOf(
  ctx: DoctorContext,
  identity: string,
): Promise<GetEmailIdentityResponse | undefined> {
  try {
    return await ctx.clients.ses.send(new GetEmailIdentityCommand({ EmailIdentity: identity }));
  } catch (error) {
    if ((error as Error).name === 'NotFoundException') return undefined;
    throw error;
  }
}

async function checkIdentity(ctx: DoctorContext): Promise<Finding[]> {
  const CHECK = 'ses identity';
  const config = ctx.config;
  if (!config) return [];
  const name = config.mailIdentity;
  const found = await identityOf(ctx, name);
  const deployed = isCreated(ctx.stack);
  if (!found) {
    if (config.mailIdentityExists)
      return [
        todo(
          CHECK,
          `context mailIdentityExists says ${name} exists, but SES in ${ctx.region} has no such identity: set it false (the stack creates it) or create it`,
        ),
      ];
    return deployed
      ? [
          todo(
            CHECK,
            `SES in ${ctx.region} has no identity ${name}, which the stack should have made: deploy again`,
          ),
        ]
      : [note(CHECK, `${name} does not exist in SES yet: the deploy creates it`)];
  }
  if (!deployed && !config.mailIdentityExists)
    return [
      todo(
        CHECK,
        `SES in ${ctx.region} has an identity ${name} already: creating it again fails the deploy. Set "mailIdentityExists": true in cdk.json stages.${ctx.stage} (the stack then imports it)`,
      ),
    ];
  if (found.VerifiedForSendingStatus)
    return [
      ready(
        CHECK,
        `${name} is verified for sending${found.DkimAttributes?.Status ? ` (DKIM ${found.DkimAttributes.Status})` : ''}`,
      ),
    ];
  if (found.IdentityType === 'EMAIL_ADDRESS')
    return [todo(CHECK, `${name} is not verified yet: click the link SES mailed to it`)];
  const dkim = found.DkimAttributes?.Status ?? 'NOT_STARTED';
  const publish =
    'publish the three DKIM CNAME records (the stack outputs DkimRecord1..3, or written already to a Route 53 zone named by hostedZoneId)';
  return [
    todo(
      CHECK,
      dkim === 'FAILED' || dkim === 'TEMPORARY_FAILURE'
        ? `${name} is not verified: SES could not find its DKIM records (${dkim}): ${publish}, then SES checks again`
        : `${name} is not verified yet (DKIM ${dkim}): ${publish}; SES checks them within 72 hours`,
      [
        `aws sesv2 get-email-identity --region ${ctx.region} --email-identity ${name} --query '[VerifiedForSendingStatus, DkimAttributes.Status]'`,
      ],
    ),
  ];
}
