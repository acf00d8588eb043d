/**
 * The one webpack + Module Federation config factory. Every app (the shell and the five remotes)
 * calls `createWebpackConfig` from its `webpack.config.ts`; nothing about bundling is repeated
 * per app.
 *
 * Output layout:
 *   shell/dist/                      index.html + hashed assets (served at /)
 *   mfe-<name>/dist/<version>/       mf-manifest.json, remoteEntry.js, hashed chunks
 * A remote's version is `<package version>+<build id>`, so every build is immutable and can be
 * served under /remotes/<name>/<version>/ forever.
 */
import fs from 'node:fs';
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import type { Compiler, Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { devLayout, devPortOf } from './remotes';
import { sharedSingletons } from './shared';
import { buildVersion } from './version';

// This module is loaded by webpack-cli through tsx's CommonJS hook, so `require` and `__dirname`
// are the CommonJS ones: loaders resolve from this package, not from the app.

/**
 * How many builds of a remote stay in its dist/: the newest, plus the previous ones a browser that
 * loaded them before the rebuild may still fetch chunks from.
 */
const KEEP_BUILDS = 3;

/** Removes all but the newest `keep` version folders of a remote's dist/ (never the one being built). */
class PruneOldBuildsPlugin {
  constructor(
    private readonly distDir: string,
    private readonly version: string,
    private readonly keep: number,
  ) {}

  apply(compiler: Compiler) {
    compiler.hooks.afterEmit.tap('PruneOldBuildsPlugin', () => {
      if (!fs.existsSync(this.distDir)) return;
      const others = fs
        .readdirSync(this.distDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && entry.name !== this.version)
        .map((entry) => ({
          name: entry.name,
          mtimeMs: fs.statSync(path.join(this.distDir, entry.name)).mtimeMs,
        }))
        .sort((a, b) => b.mtimeMs - a.mtimeMs);
      for (const old of others.slice(this.keep - 1)) {
        fs.rmSync(path.join(this.distDir, old.name), { recursive: true, force: true });
      }
    });
  }
}

export interface AppFederationConfig {
  /** Federation name: `shell` for the host, the remote's registry name otherwise. */
  name: string;
  kind: 'host' | 'remote';
  /** Exposed modules, `./PageName` -> source path (remotes only). */
  exposes?: Record<string, string>;
  /** Page title for the HTML document (the shell's, or a remote's standalone harness). */
  title: string;
}

export interface CreateConfigOptions extends AppFederationConfig {
  /** Absolute path of the app folder (the one holding package.json). */
  appDir: string;
}

interface WebpackArgv {
  mode?: 'production' | 'development' | 'none';
}

/** What an app's webpack.config.ts exports. */
export type WebpackConfigFactory = (
  env: unknown,
  argv: WebpackArgv,
) => Configuration & { devServer?: DevServerConfiguration };

function readPackageJson(appDir: string): { version: string; dependencies?: Record<string, string> } {
  return JSON.parse(fs.readFileSync(path.join(appDir, 'package.json'), 'utf8'));
}

export function createWebpackConfig(options: CreateConfigOptions): WebpackConfigFactory {
  return (_env, argv) => {
    const mode = argv.mode ?? 'production';
    const isDev = mode === 'development';
    // `webpack serve`: this app's port and the API to proxy to (NIVESH_DEV_PORT_BASE, NIVESH_DEV_API_URL).
    const dev = devLayout();
    const { appDir, name, kind, exposes, title } = options;
    const pkg = readPackageJson(appDir);
    const isHost = kind === 'host';
    const version = isHost ? pkg.version : buildVersion(pkg.version, isDev);
    // The federation manifest records this as metaData.buildInfo.buildVersion.
    process.env['MF_BUILD_VERSION'] = version;

    const outputPath = isHost || isDev ? path.join(appDir, 'dist') : path.join(appDir, 'dist', version);
    // Module Federation's runtime module resolves the chunk file name before content hashes exist
    // (it only needs the folder depth), so the hash is added only once it is known.
    const hashed = isDev
      ? '[name].js'
      : (pathData: { chunk?: { contentHash?: Record<string, string> } }) =>
          pathData.chunk?.contentHash?.['javascript'] ? '[name].[contenthash:10].js' : '[name].js';
    // A remote's production build holds only the federation container: the standalone harness
    // (src/index.ts -> bootstrap.tsx) is for `pnpm dev` of that remote alone.
    const withStandaloneEntry = isHost || isDev;

    return {
      mode,
      context: appDir,
      target: 'web',
      entry: withStandaloneEntry ? { main: './src/index.ts' } : ({} as Record<string, string>),
      // Production maps are hidden: no page points at them, and the server gives them only to a session.
      devtool: isDev ? 'eval-cheap-module-source-map' : 'hidden-source-map',
      output: {
        path: outputPath,
        // The shell is always served from the site root; a remote resolves its chunks relative to
        // wherever its manifest was loaded from.
        publicPath: isHost || isDev ? (isHost ? '/' : 'auto') : 'auto',
        filename: hashed,
        chunkFilename: hashed,
        assetModuleFilename: isDev ? 'assets/[name][ext]' : 'assets/[name].[contenthash:10][ext]',
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        // ESM-style imports of TypeScript files ('./x.js' -> ./x.ts).
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: require.resolve('ts-loader'),
              options: {
                // Type checking is `tsc -b` (pnpm typecheck); the bundle only transpiles.
                transpileOnly: true,
                configFile: path.join(appDir, 'tsconfig.json'),
                compilerOptions: {
                  composite: false,
                  declaration: false,
                  emitDeclarationOnly: false,
                  noEmit: false,
                  sourceMap: true,
                  // Workspace packages (packages/*) are compiled from source with the app.
                  rootDir: path.resolve(appDir, '..'),
                },
              },
            },
          },
          {
            test: /\.css$/,
            use: [require.resolve('style-loader'), require.resolve('css-loader')],
          },
          {
            test: /\.(woff2?|png|jpe?g|svg|webp|ico)$/,
            type: 'asset/resource',
          },
        ],
      },
      plugins: [
        ...(isHost || isDev
          ? []
          : [new PruneOldBuildsPlugin(path.join(appDir, 'dist'), version, KEEP_BUILDS)]),
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          ...(exposes ? { exposes } : {}),
          // No remote is compiled into the shell: it registers them at run time from GET /api/remotes.
          remotes: {},
          shared: sharedSingletons(appDir, pkg.dependencies ?? {}),
          manifest: isHost ? false : { fileName: 'mf-manifest.json' },
          dts: false,
          dev: false,
        }),
        ...(withStandaloneEntry
          ? [
              new HtmlWebpackPlugin({
                template: path.join(__dirname, '..', 'index.html'),
                title,
                favicon: path.join(__dirname, '..', 'favicon.svg'),
                inject: 'body',
                scriptLoading: 'defer',
              }),
            ]
          : []),
      ],
      optimization: {
        // Module Federation needs one runtime per container; the default is right.
        moduleIds: 'deterministic',
      },
      performance: { hints: false },
      stats: isDev ? 'minimal' : 'errors-warnings',
      devServer: {
        port: devPortOf(dev, name),
        host: 'localhost',
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        // The shell's dev server loads remotes from theirs (remotes.ts: devLayout); they must allow it.
        headers: { 'Access-Control-Allow-Origin': '*' },
        static: false,
        client: { overlay: { warnings: false, errors: true } },
        proxy: [
          {
            context: ['/api', '/ws'],
            target: dev.apiUrl,
            ws: true,
          },
        ],
      },
    };
  };
}
