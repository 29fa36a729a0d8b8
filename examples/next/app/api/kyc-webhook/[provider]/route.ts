// The provider's webhook URL (here /api/kyc-webhook/generic): the exact bytes are verified against the provider's
// secret, each event is recorded once, and a replayed or older event never changes the decision. 2xx once recorded,
// 401 when not verified, 404 for a provider without a secret.
import { kyc } from '../../../../lib/kyc';

export async function POST(request: Request, { params }: { params: Promise<{ provider: string }> }) {
  return kyc().webhook(request, (await params).provider);
}
