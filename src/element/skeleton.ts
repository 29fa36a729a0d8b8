/**
 * The shadow skeleton's frame part: root > stage > frame box. The runtime's Surface takes it over as it is (a
 * moved iframe would reload) and adds the live region, the banner and the screens' box around it.
 */
export interface Skeleton {
  root: HTMLDivElement;
  stage: HTMLDivElement;
  /** Where the bridge puts the iframe. */
  frameBox: HTMLDivElement;
}

/** A `div` of the skeleton, with its class and (for hosts' CSS) its `part`. */
export function box(doc: Document, className: string, part?: string): HTMLDivElement {
  const el = doc.createElement('div');
  el.className = className;
  if (part) el.setAttribute('part', part);
  return el;
}

export function skeleton(doc: Document): Skeleton {
  const root = box(doc, 'root', 'container');
  const stage = box(doc, 'stage');
  const frameBox = box(doc, 'frame-box', 'frame-container');
  stage.append(frameBox);
  root.append(stage);
  return { root, stage, frameBox };
}

/**
 * The skeleton a server rendered into the element's declarative shadow root (kyc-widget/server `renderKycWidget`),
 * taken over as it is; its capture script has run and goes. Anything else in a shadow root that was there before
 * the element (a partial or foreign one) is cleared: undefined, and the element builds its own.
 */
export function renderedSkeleton(shadow: ShadowRoot): Skeleton | undefined {
  const root = shadow.firstElementChild as HTMLDivElement | null;
  const stage = root?.firstElementChild as HTMLDivElement | null | undefined;
  const frameBox = stage?.firstElementChild as HTMLDivElement | null | undefined;
  if (root?.className === 'root' && frameBox?.className === 'frame-box') {
    frameBox.querySelector('script')?.remove();
    return { root, stage: stage!, frameBox };
  }
  shadow.replaceChildren();
  return undefined;
}
