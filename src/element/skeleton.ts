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
