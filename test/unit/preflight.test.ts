import { describe, expect, it } from 'vitest';
import { asksForCamera, cameraProblem, type CameraFacts } from '../../src/runtime/preflight';
import { frameOf as frameFor, PROVIDER_IDS } from '../support/providers';

const FRAMES = PROVIDER_IDS.map((id) => frameFor(id));

const ORIGIN = 'https://inquiry.withpersona.com';
const allowed: CameraFacts = {
  asksCamera: true,
  origin: ORIGIN,
  secureContext: true,
  framed: false,
  pageAllowed: true,
  frameAllowed: true,
};

describe('asksForCamera: does an allow list ask for the camera', () => {
  it.each([
    ['camera', true],
    ['camera; microphone', true],
    ['autoplay; camera; microphone', true],
    ['camera;autoplay;fullscreen', true],
    ["camera 'src'", true],
    ['camera *', true],
    ["camera 'none'", false],
    ['fullscreen; clipboard-write', false],
    ['cameras', false],
    ['', false],
  ])('%j → %s', (allow, expected) => expect(asksForCamera(allow)).toBe(expected));

  it('every built-in provider asks for it (so every one is checked)', () => {
    for (const frame of FRAMES) expect(asksForCamera(frame.allow), frame.id).toBe(true);
  });
});

describe('cameraProblem: the warning for what the browser said', () => {
  it('nothing when the camera is allowed, or when the browser cannot tell (no policy API)', () => {
    expect(cameraProblem(allowed)).toBeUndefined();
    expect(cameraProblem({ asksCamera: true, origin: ORIGIN, framed: true })).toBeUndefined();
    expect(cameraProblem({ asksCamera: true, origin: ORIGIN, framed: false, secureContext: true })).toBeUndefined();
  });

  it('nothing for a frame that does not ask for the camera, whatever the policy', () => {
    const denied: CameraFacts = { ...allowed, asksCamera: false, secureContext: false, pageAllowed: false };
    expect(cameraProblem({ ...denied, frameAllowed: false })).toBeUndefined();
  });

  it('a page that is not a secure context comes first, with the fix (https)', () => {
    const message = cameraProblem({ ...allowed, secureContext: false, frameAllowed: false });
    expect(message).toMatch(/^this page is not a secure context/);
    expect(message).toContain(`${ORIGIN} cannot use it`);
    expect(message).toContain('over https');
  });

  it('the header denies camera to the page itself: set camera=(self "<origin>")', () => {
    expect(cameraProblem({ ...allowed, pageAllowed: false, frameAllowed: false })).toBe(
      `the page's Permissions-Policy denies camera to this page and so to ${ORIGIN}: set camera=(self "${ORIGIN}") in the Permissions-Policy header`,
    );
  });

  it("the header keeps the camera for the page only: add the provider's origin to the allowlist", () => {
    expect(cameraProblem({ ...allowed, frameAllowed: false })).toBe(
      `the page's Permissions-Policy denies camera to ${ORIGIN}: add "${ORIGIN}" to the camera allowlist of the Permissions-Policy header, e.g. camera=(self "${ORIGIN}")`,
    );
  });

  it('a framed page without the camera: add allow="camera" to the enclosing iframe, named by its origin where known', () => {
    const framed = { ...allowed, framed: true, pageAllowed: false, frameAllowed: false };
    expect(cameraProblem({ ...framed, parentOrigin: 'https://portal.example' })).toContain(
      'add allow="camera" to the enclosing iframe (on https://portal.example)',
    );
    expect(cameraProblem(framed)).toContain('add allow="camera" to the enclosing iframe, on every level');
  });

  it("without the frame's own policy, the page's answer alone is trusted only when it says no", () => {
    const noFramePolicy = { ...allowed, frameAllowed: undefined };
    expect(cameraProblem(noFramePolicy)).toBeUndefined();
    expect(cameraProblem({ ...noFramePolicy, pageAllowed: false })).toMatch(/denies camera to this page/);
  });
});
