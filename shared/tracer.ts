/**
 * X-Ray tracing on Powertools Tracer, beside the Logger (shared/log.ts). The stack turns on active tracing for
 * every function; the HTTP pipeline (shared/http/create-handler.ts) opens a handler subsegment per request
 * with the cold start and service as annotations, and `traced()` makes every call of an SDK client a
 * subsegment of its own (DynamoDB, SES, Cognito, KMS, Secrets Manager). Outbound fetches (webhooks, iCal
 * feeds, Stripe) are traced by the Tracer's HTTP instrumentation.
 *
 * Outside Lambda the Tracer is off by itself (it runs only where AWS_EXECUTION_ENV is set, and never with
 * POWERTOOLS_TRACE_ENABLED=false): the local runtime and the tests set neither, so nothing tries to reach an
 * X-Ray daemon, `traced()` returns the client as it was and the middleware does nothing.
 */
import { Tracer } from '@aws-lambda-powertools/tracer';

export const tracer = new Tracer({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'rental-pm-api' });

/** The client with each of its calls traced as a subsegment (the same client when tracing is off). */
export function traced<Client>(client: Client): Client {
  return tracer.captureAWSv3Client(client);
}
