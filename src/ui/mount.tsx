import { createRoot } from 'react-dom/client';
import type { WidgetController } from '../element/controller';
import { App } from './App';
import SCREEN_CSS from './screen-styles.css?inline';
import { adoptStyles } from './styles';

/** Entry of the lazily loaded UI chunk (React + screens). Returns the unmount function. */
export function mountUi(controller: WidgetController): () => void {
  const shadow = controller.ui.getRootNode();
  if (shadow instanceof ShadowRoot) adoptStyles(shadow, SCREEN_CSS);
  const root = createRoot(controller.ui);
  root.render(<App controller={controller} />);
  return () => root.unmount();
}
