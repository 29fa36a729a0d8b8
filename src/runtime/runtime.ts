/**
 * The runtime chunk's entry: everything the element does after its stand-in (element/stand-in.ts) started the
 * frame — the controller and its parts, the flow, the session client, and every provider's protocol, in this one
 * chunk (one request on a phone network, fetched in parallel with the frame). The entry (index.ts) loads it once,
 * for the first element; from then on every element uses it at once.
 */
export { WidgetController } from './controller';
