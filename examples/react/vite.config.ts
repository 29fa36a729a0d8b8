import { defineConfig } from 'vite';

// React's automatic JSX runtime through Vite's own esbuild: no plugin needed for a production build.
export default defineConfig({ esbuild: { jsx: 'automatic' } });
