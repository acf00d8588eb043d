import path from 'node:path';
import { createWebpackConfig, type WebpackConfigFactory } from '@nivesh/build';
import federation from './module-federation.config';

const config: WebpackConfigFactory = createWebpackConfig({ appDir: path.resolve(__dirname), ...federation });
export default config;
