import path from 'node:path';
import type { NextConfig } from 'next';

const config: NextConfig = {
  // React's development checks: effects run twice, so the widget must still end up with one frame.
  reactStrictMode: true,
  // This folder is its own app, inside a repository that has its own package-lock.json.
  outputFileTracingRoot: path.resolve('.'),
};

export default config;
