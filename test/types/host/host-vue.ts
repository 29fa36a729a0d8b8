// Vue: the GlobalComponents entry that Volar and vue-tsc read for <kyc-widget> in templates.
import type {} from 'kyc-widget/vue';
import type { GlobalComponents } from 'vue';

type Props = InstanceType<GlobalComponents['kyc-widget']>['$props'];
const props: Props = {
  provider: 'persona',
  sessionToken: 't',
  onKycComplete: (e) => void e.detail.outcome,
  decisionEndpoint: '/api/kyc-decision',
  onKycDecision: (e) => void e.detail.decision,
};
void props;
const auto: Props = { provider: 'auto', sessionEndpoint: '/api/kyc-session' };
void auto;
