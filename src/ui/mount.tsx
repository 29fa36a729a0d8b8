import { createRoot } from 'react-dom/client';
import type { WidgetController } from '../element/controller';
import { App } from './App';

/** Entry of the lazily loaded UI chunk (React + screens). Returns the unmount function. */
export function mountUi(controller: WidgetController): () => void {
  const root = createRoot(controller.ui);
  root.render(<App controller={controller} />);
  return () => root.unmount();
}
