/**
 * The stack's alarms and its dashboard, in a nested stack of their own. A
 * CloudFormation stack holds at most 500 resources and the API alone takes about 200 (a resource and a method
 * per path, in the Routes nested stack); the alarms (about 3 per function) are the part that needs nothing
 * from the others but names, so they move here and the parent keeps its headroom. The functions, queues and
 * table they watch are passed in; CDK turns those references into the nested stack's parameters. In prod the
 * canary alarms (each group's new version's errors) are here too; the deployment groups that roll back on them
 * stay in the parent beside the aliases they shift.
 */
import { NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { Dashboard } from '../dashboard.js';
import { IcalAlarms } from '../ical-alarms.js';
import { JobRetryAlarms } from '../job-retry-alarms.js';
import { MailAlarms } from '../mail-alarms.js';
import { PaymentAlarms } from '../payment-alarms.js';
import { WebhookAlarms } from '../webhook-alarms.js';
import { Alarms, type AlarmsProps } from './alarms.js';

export interface MonitoringProps extends NestedStackProps {
  readonly alarms: AlarmsProps;
  /** The outbound webhook delivery jobs' functions (their log lines are counted), if any. */
  readonly webhookJobs: readonly lambda.Function[];
  /** Every job's function: the mail job's failed sends are counted in their log groups. */
  readonly jobFunctions: readonly lambda.Function[];
  /** The table-change jobs, each alarmed on the records its retry path gave up on. */
  readonly tableChangeJobs?: readonly string[];
  /** The iCal import schedule's period in minutes, when the job exists. */
  readonly icalEveryMinutes?: number;
  readonly dashboard: {
    readonly name: string;
    readonly groups: readonly string[];
    readonly jobFunctions: ReadonlyMap<string, lambda.IFunction>;
    readonly streamReader?: lambda.IFunction;
  };
}

export class Monitoring extends NestedStack {
  readonly alarms: Alarms;
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id, props);
    this.alarms = new Alarms(this, 'Alarms', props.alarms);
    const topic = this.alarms.topic;
    const failures: Record<string, cloudwatch.IMetric[]> = {};
    // Outbound webhooks: failed delivery attempts and disabled subscriptions (docs/webhooks.md).
    if (props.webhookJobs.length > 0) {
      const webhooks = new WebhookAlarms(this, 'WebhookAlarms', { functions: props.webhookJobs, topic });
      failures['Webhook failures'] = [webhooks.failedAttempts.metric, webhooks.disabledSubscriptions.metric];
    }
    // Mail: failed sends of the message jobs (log line 'message send failed').
    if (props.jobFunctions.length > 0) {
      const mail = new MailAlarms(this, 'MailAlarms', { functions: props.jobFunctions, topic });
      failures['Mail failures'] = [mail.failures, mail.givenUp];
      // The paced sender's queue: what waits, what the daily quota put back, throttles, the head's age.
      failures['Mail queue'] = mail.queue;
    }
    // Table-change jobs: a record given up on after the job's last try (docs/jobs.md).
    if (props.tableChangeJobs?.length)
      new JobRetryAlarms(this, 'JobRetryAlarms', { jobs: props.tableChangeJobs, topic });
    // Card payments: Stripe events kept as anomalies, from the webhook's EMF metric (docs/payments.md).
    new PaymentAlarms(this, 'PaymentAlarms', { topic });
    // iCal import: unhealthy feeds and conflicts, from the job's EMF metrics (docs/ical.md).
    if (props.icalEveryMinutes !== undefined)
      new IcalAlarms(this, 'IcalAlarms', { topic, everyMinutes: props.icalEveryMinutes });
    const groups = new Map(
      props.dashboard.groups.flatMap((group) => {
        const fn = props.alarms.functions.get(group);
        return fn ? [[group, fn] as const] : [];
      }),
    );
    this.dashboard = new Dashboard(this, 'Dashboard', {
      name: props.dashboard.name,
      stage: props.alarms.stage,
      groups,
      jobFunctions: props.dashboard.jobFunctions,
      ...(props.dashboard.streamReader ? { streamReader: props.dashboard.streamReader } : {}),
      failures,
    });
  }
}
