// The widget's decision endpoint: GET (?provider=&sessionId=) → the visitor's server-confirmed decision, as JSON
// ({decision, provider, sessionId?, occurredAt} or {decision: null}) or, with Accept: text/event-stream, as
// Server-Sent Events until the decision is known. Nothing here is cached: every answer is the visitor's own.
import { kyc } from '../../../lib/kyc';

export const dynamic = 'force-dynamic';

export const GET = (request: Request) => kyc().decision(request);
