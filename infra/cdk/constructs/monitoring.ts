/**
 * The stack's alarms in a nested stack of their own. A CloudFormation stack holds at most 500 resources and the
 * API alone takes about 200 (a resource and a method per path); the alarms (about 3 per function) are the
 * part that needs nothing from the others but names, so they move here and the parent keeps its headroom. The
 * functions, queues and table they watch are passed in; CDK turns those references into the nested stack's
 * parameters.
 */
import { NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { IcalAlarms } from '../ical-alarms.js';
import { JobRetryAlarms } from '../job-retry-alarms.js';
import { PaymentAlarms } from '../payment-alarms.js';
import { WebhookAlarms } from '../webhook-alarms.js';
import { Alarms, type AlarmsProps } from './alarms.js';

export interface MonitoringProps extends NestedStackProps {
  readonly alarms: AlarmsProps;
  /** The outbound webhook delivery jobs' functions (their log lines are counted), if any. */
  readonly webhookJobs: AlarmsProps['functions'] extends ReadonlyMap<string, infer F> ? readonly F[] : never;
  /** The table-change jobs, each alarmed on the records its retry path gave up on. */
  readonly tableChangeJobs?: readonly string[];
  /** The iCal import schedule's period in minutes, when the job exists. */
  readonly icalEveryMinutes?: number;
}

export class Monitoring extends NestedStack {
  readonly alarms: Alarms;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id, props);
    this.alarms = new Alarms(this, 'Alarms', props.alarms);
    // Outbound webhooks: failed delivery attempts and disabled subscriptions (docs/webhooks.md).
    if (props.webhookJobs.length > 0)
      new WebhookAlarms(this, 'WebhookAlarms', { functions: props.webhookJobs, topic: this.alarms.topic });
    // Table-change jobs: a record given up on after the job's last try (docs/jobs.md).
    if (props.tableChangeJobs?.length)
      new JobRetryAlarms(this, 'JobRetryAlarms', { jobs: props.tableChangeJobs, topic: this.alarms.topic });
    // Card payments: Stripe events kept as anomalies, from the webhook's EMF metric (docs/payments.md).
    new PaymentAlarms(this, 'PaymentAlarms', { topic: this.alarms.topic });
    // iCal import: unhealthy feeds and conflicts, from the job's EMF metrics (docs/ical.md).
    if (props.icalEveryMinutes !== undefined)
      new IcalAlarms(this, 'IcalAlarms', { topic: this.alarms.topic, everyMinutes: props.icalEveryMinutes });
  }
}
