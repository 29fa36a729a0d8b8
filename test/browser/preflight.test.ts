import { afterEach, describe, expect, inject, it } from 'vitest';
import { CameraPreflight, readCameraFacts } from '../../src/runtime/preflight';

/**
 * The preflight's reading of the browser, in real Chromium with real nested frames: a same-origin frame of
 * the test page whose `allow` attribute gives or withholds the camera, holding a provider iframe on the
 * sandbox's origin with or without `camera` in its own allow list. The whole widget under real response
 * headers and cross-origin framing is in test/e2e/embedding.test.ts.
 */

const SANDBOX = inject('sandbox');
const frames: HTMLIFrameElement[] = [];

afterEach(() => frames.splice(0).forEach((frame) => frame.remove()));

/** A frame of this page with the given allow attribute; resolves with its document once loaded. */
async function enclosing(allow: string | null): Promise<Document> {
  const frame = document.createElement('iframe');
  if (allow !== null) frame.allow = allow;
  frame.srcdoc = '<!doctype html><title>host</title><body></body>';
  frames.push(frame);
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  await loaded;
  return frame.contentDocument!;
}

/** The provider's iframe as the widget makes it: allow list first, then the URL. */
function providerFrame(doc: Document, allow: string): HTMLIFrameElement {
  const iframe = doc.createElement('iframe');
  iframe.allow = allow;
  iframe.src = `${SANDBOX}/silent`;
  doc.body.append(iframe);
  return iframe;
}

describe('the preflight in real Chromium: nested frames', () => {
  it("reads Chromium's policy API: the page and the frame both have the camera in an ordinary frame", async () => {
    const doc = await enclosing(null);
    const facts = readCameraFacts(providerFrame(doc, 'camera; microphone'), SANDBOX);
    expect(facts).toEqual({
      asksCamera: true,
      origin: SANDBOX,
      secureContext: true,
      framed: true,
      pageAllowed: true,
      frameAllowed: true,
    });
    expect(new CameraPreflight().check(providerFrame(doc, 'camera'), SANDBOX)).toBeUndefined();
  });

  it('an enclosing frame that withholds the camera: the warning names its allow attribute', async () => {
    const doc = await enclosing("camera 'none'");
    const iframe = providerFrame(doc, 'camera; microphone');
    expect(readCameraFacts(iframe, SANDBOX)).toMatchObject({
      pageAllowed: false,
      frameAllowed: false,
      parentOrigin: location.origin,
    });
    const preflight = new CameraPreflight();
    expect(preflight.check(iframe, SANDBOX)).toContain(
      `this page is in a frame whose allow attribute does not delegate camera, so ${SANDBOX} cannot use it`,
    );
    // Once per origin: the same frame checked again (a retry) says nothing more.
    expect(preflight.check(providerFrame(doc, 'camera'), SANDBOX)).toBeUndefined();
  });

  it('the same enclosing frame with allow="camera": no warning', async () => {
    const doc = await enclosing('camera');
    expect(new CameraPreflight().check(providerFrame(doc, 'camera; microphone'), SANDBOX)).toBeUndefined();
  });

  it('a provider frame whose allow list does not ask for the camera is never warned about', async () => {
    const doc = await enclosing("camera 'none'");
    expect(new CameraPreflight().check(providerFrame(doc, 'fullscreen; clipboard-write'), SANDBOX)).toBeUndefined();
  });
});
