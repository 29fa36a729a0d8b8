/**
 * The runtime chunk: everything the element does after the boot (boot/boot.ts) started the frame — the
 * controller and its parts, the flow machine, the session client, and every provider's protocol (in this
 * one chunk: one request on a phone network, fetched in parallel with the frame). Loaded at once by the
 * first element; from then on every element uses it synchronously.
 */
import { setProtocols } from '../providers/index';
import { PROTOCOLS } from '../protocols/index';

setProtocols(PROTOCOLS);

export { WidgetController } from './controller';
