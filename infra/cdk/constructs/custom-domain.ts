/**
 * The optional custom domain: the API on https://<domain>/API/... with an EMPTY base path, so legacy clients
 * keep their URLs, the handlers see the same /API/... path as locally, and the session cookies (set for the
 * site's own domain) reach the API. The certificate is given (an ACM ARN) or made here, DNS-validated in the
 * Route 53 zone; with a zone, an alias A record points the name at the regional API. TLS 1.2 minimum.
 */
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as targets from 'aws-cdk-lib/aws-route53-targets';
import { Construct } from 'constructs';
import type { CustomDomainConfig } from '../config.js';

export interface CustomDomainProps {
  readonly domain: CustomDomainConfig;
  readonly api: apigw.RestApi;
  readonly stage: apigw.Stage;
}

export class CustomDomain extends Construct {
  readonly domainName: apigw.DomainName;

  constructor(scope: Construct, id: string, props: CustomDomainProps) {
    super(scope, id);
    const { domain } = props;
    const zone = domain.hostedZone
      ? route53.HostedZone.fromHostedZoneAttributes(this, 'Zone', {
          hostedZoneId: domain.hostedZone.id,
          zoneName: domain.hostedZone.name,
        })
      : undefined;
    const certificate = domain.certificateArn
      ? acm.Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn)
      : new acm.Certificate(this, 'Certificate', {
          domainName: domain.name,
          // config.ts requires the zone when no certificate ARN is given.
          validation: acm.CertificateValidation.fromDns(zone),
        });
    this.domainName = new apigw.DomainName(this, 'DomainName', {
      domainName: domain.name,
      certificate,
      endpointType: apigw.EndpointType.REGIONAL,
      securityPolicy: apigw.SecurityPolicy.TLS_1_2,
    });
    // No basePath: the stage is served at the root, so /API/... stays /API/...
    this.domainName.addBasePathMapping(props.api, { stage: props.stage });
    if (zone) {
      new route53.ARecord(this, 'Alias', {
        zone,
        recordName: domain.name,
        target: route53.RecordTarget.fromAlias(new targets.ApiGatewayDomain(this.domainName)),
      });
    }
  }
}
