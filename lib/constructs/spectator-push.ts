import { Duration, Expiration } from 'aws-cdk-lib';
import { AppSyncAuthorizationType, type CfnApiKey, type ChannelNamespace, EventApi } from 'aws-cdk-lib/aws-appsync';
import { Construct } from 'constructs';
import { PUSH_NAMESPACE, type PushConfig } from '#shared/api/push';
import type { ApiFunction } from './api-function';

/**
 * How long the spectators' API key lives: the most AppSync allows (365 days from
 * its creation or last update). The expiry is reckoned from when the stack is
 * synthesized, so every deployment moves it another year out (CloudFormation
 * updates the key in place, and its value stays the same); a stage left
 * undeployed for a year loses push, and its pages fall back to polling.
 */
export const API_KEY_DAYS = 365;

export interface SpectatorPushProps {
  readonly prefix: string;
}

/**
 * The spectators' nudges (decision 0086): an AppSync Events API with one
 * channel namespace, `public`, and a channel per public topic. Viewers connect
 * and subscribe with the API's public key, which may do nothing else; only
 * IAM may publish, and only the functions given `grantPublish` hold that.
 * The page learns where to listen from `push.json` (PublicCdn writes it from
 * `config`), and its CSP lets it open the socket (`origin`).
 */
export class SpectatorPush extends Construct {
  readonly api: EventApi;
  readonly namespace: ChannelNamespace;
  readonly apiKey: CfnApiKey;
  /** What the page reads from `/push.json`: deploy-time values, resolved by CloudFormation. */
  readonly config: PushConfig;
  /** The realtime endpoint's origin: the pages' `connect-src` must name it. */
  readonly origin: string;
  /** Where a publisher POSTs its events (SigV4, service `appsync`). */
  readonly publishUrl: string;

  constructor(scope: Construct, id: string, props: SpectatorPushProps) {
    super(scope, id);
    this.api = new EventApi(this, 'Api', {
      apiName: `${props.prefix}-push`,
      authorizationConfig: {
        authProviders: [
          {
            authorizationType: AppSyncAuthorizationType.API_KEY,
            apiKeyConfig: {
              description: `${props.prefix}: spectators' pages subscribe with it (public: it is served in push.json)`,
              expires: Expiration.after(Duration.days(API_KEY_DAYS)),
            },
          },
          { authorizationType: AppSyncAuthorizationType.IAM },
        ],
        // The socket is the viewers' alone: the publisher posts over HTTP, which connection modes do not govern.
        connectionAuthModeTypes: [AppSyncAuthorizationType.API_KEY],
        defaultPublishAuthModeTypes: [AppSyncAuthorizationType.IAM],
        defaultSubscribeAuthModeTypes: [AppSyncAuthorizationType.API_KEY],
      },
    });
    // Said again on the namespace, so a default changed later cannot open publishing to the public key.
    this.namespace = this.api.addChannelNamespace('Public', {
      channelNamespaceName: PUSH_NAMESPACE,
      authorizationConfig: {
        publishAuthModeTypes: [AppSyncAuthorizationType.IAM],
        subscribeAuthModeTypes: [AppSyncAuthorizationType.API_KEY],
      },
    });
    this.apiKey = this.api.apiKeys.Default!;
    this.origin = `wss://${this.api.realtimeDns}`;
    this.publishUrl = `https://${this.api.httpDns}/event`;
    this.config = { realtime_url: `${this.origin}/event/realtime`, host: this.api.httpDns, api_key: this.apiKey.attrApiKey };
  }

  /** Lets a function publish to the `public` namespace (appsync:EventPublish on it alone), and tells it where. */
  grantPublish(publisher: ApiFunction): void {
    this.namespace.grantPublish(publisher.fn);
    publisher.fn.addEnvironment('EVENTS_HTTP_URL', this.publishUrl);
  }
}
