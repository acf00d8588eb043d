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
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { FontFacesPlugin } from './fonts';
import TerserPlugin from 'terser-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import type { Compiler, Configuration, RuleSetRule } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { devLayout, devPortOf } from './remotes';
import { sharedSingletons } from './shared';
import { StartupAssetsPlugin } from './startupAssets';
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

/**
 * Points Module Federation's plugins at the compiler's own webpack. They load webpack's classes
 * themselves, from FEDERATION_WEBPACK_PATH; unset, they look for it by calling `compiler.webpack()`
 * and reading the stack of its error, which finds nothing here, and then load 'webpack' from their
 * own folder. pnpm installs webpack twice (one copy per set of peer dependencies), so that was the
 * other copy: the shared and container modules were then classes the compiler's persistent cache
 * has no serializer for ("Skipped not serializable cache item … ProvideSharedModule"), rebuilt on
 * every build with the whole second webpack loaded beside the first. Applied before federation's
 * plugin; fails the build if the app's webpack is not the one running it.
 */
class FederationWebpackPlugin {
  constructor(private readonly appDir: string) {}

  apply(compiler: Compiler) {
    const appWebpack = require.resolve('webpack', { paths: [this.appDir] });
    if (require.cache[appWebpack]?.exports !== compiler.webpack) {
      throw new Error(
        `The build does not run the app's webpack (${appWebpack}): run the app's own webpack-cli`,
      );
    }
    process.env['FEDERATION_WEBPACK_PATH'] = appWebpack;
  }
}

/**
 * TypeScript and TSX through SWC, as ts-loader (transpileOnly) compiled them before: tsconfig.base.json's
 * target ES2022 and `jsx: react-jsx` (the automatic runtime, react/jsx-runtime in every mode). Type
 * checking stays `tsc -b` (pnpm typecheck). Source maps follow webpack's devtool.
 */
function swcRule(test: RegExp, tsx: boolean): RuleSetRule {
  return {
    test,
    exclude: /node_modules/,
    use: {
      loader: require.resolve('swc-loader'),
      options: {
        swcrc: false,
        jsc: {
          parser: { syntax: 'typescript', tsx },
          target: 'es2022',
          transform: {
            useDefineForClassFields: true,
            react: { runtime: 'automatic', development: false },
          },
        },
      },
    },
  };
}

/** What gets a precompressed .br and .gz sibling: text assets of 1 KB or more. */
const PRECOMPRESS = {
  // No .html: the shell's index.html gets a fresh CSP nonce per response, so it is always
  // compressed on the fly; source maps are fetched by developers only.
  test: /\.(js|css|json|svg)$/,
  threshold: 1024,
};

/**
 * What invalidates an app's persistent cache. Webpack follows each file's require() graph (tsx loads
 * these through Node's CommonJS loader): the app's webpack.config.ts reaches its federation config
 * and exposes, this factory and every module of it, and the installed packages by their version.
 */
function configFiles(appDir: string): string[] {
  const buildPackage = path.join(__dirname, '..');
  return [
    path.join(appDir, 'webpack.config.ts'),
    path.join(appDir, 'package.json'),
    __filename,
    path.join(buildPackage, 'package.json'),
    path.join(buildPackage, 'index.html'),
    path.join(buildPackage, 'favicon.svg'),
  ];
}

/**
 * The shell provides the one Module Federation runtime every remote uses (`provideExternalRuntime`;
 * a remote's production build leaves `@module-federation/runtime-core` out and takes the shell's,
 * `externalRuntime`), so a page downloads the runtime once, not once per container. The plugin that
 * provides it is added by its CommonJS file (the federation plugin finds it with require.resolve),
 * whose runtime-core would be the CommonJS build: a second copy beside the ES module one the
 * bundler runtime imports. Its ES module build, the file beside it, shares the one copy.
 */
function externalRuntimeAlias(): Record<string, string> {
  const fromFederation = createRequire(require.resolve('@module-federation/enhanced'));
  const commonJs = fromFederation.resolve('@module-federation/inject-external-runtime-core-plugin');
  const esModule = path.join(path.dirname(commonJs), 'index.js');
  if (!commonJs.endsWith('.cjs') || !fs.existsSync(esModule)) {
    throw new Error(`The external runtime plugin has no ES module build beside ${commonJs}`);
  }
  return { [commonJs]: esModule };
}

/**
 * How production chunks are cut. Every script costs a request, and its headers (about 0.8 KB here)
 * count as much as its bytes on a slow network:
 * - the shell puts React, React DOM and Emotion, which every page renders with and which no page
 *   loads apart, into one file, instead of one per shared package;
 * - a remote splits a library off into its own file when two of its chunks use it: a release is
 *   immutable and lives in its own folder, so a library's own file never outlives the release in a
 *   browser's cache, and a small library one page uses travels best inside that page's chunk;
 * - but the libraries an exposed page's chunk holds go to a file of their own when they come to
 *   50 KB or more (recharts and d3 under the risk page: 386 KB): an edit to the page then changes a 30 KB
 *   chunk, not a 420 KB one, and the rebuild minifies, maps and compresses only that (mfe-risk's
 *   rebuild after a one-file change: about 2.5 s less). It costs the page one request and about
 *   4 KB of brotli (the research page: 82 KB in one file, 80 + 6 KB in two).
 */
function splitChunks(isHost: boolean): NonNullable<Configuration['optimization']>['splitChunks'] {
  const vendors = /[\\/]node_modules[\\/]/;
  if (!isHost) {
    return {
      cacheGroups: {
        defaultVendors: { test: vendors, priority: -10, reuseExistingChunk: true, minChunks: 2 },
        pageLibraries: {
          test: vendors,
          chunks: (chunk) => chunk.name?.startsWith('__federation_expose_') ?? false,
          priority: -20,
          minChunks: 1,
          minSize: 50_000,
          reuseExistingChunk: true,
        },
      },
    };
  }
  return {
    cacheGroups: {
      framework: {
        test: /[\\/]node_modules[\\/](react|react-dom|scheduler|@emotion[\\/][^\\/]+|stylis|hoist-non-react-statics|react-is|@babel[\\/]runtime)[\\/]/,
        name: 'framework',
        chunks: 'async',
        enforce: true,
        priority: 10,
      },
    },
  };
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
      // Modules, minified chunks and compressed siblings are kept between builds (per app and mode),
      // so a rebuild redoes only what changed; above all a remote's fallback copies of the shared
      // libraries. Config changes invalidate it (buildDependencies).
      cache: {
        type: 'filesystem',
        cacheDirectory: path.join(appDir, 'node_modules', '.cache', 'webpack'),
        name: `${name}-${mode}`,
        buildDependencies: { config: configFiles(appDir) },
      },
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
        ...(isHost ? { alias: externalRuntimeAlias() } : {}),
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        // ESM-style imports of TypeScript files ('./x.js' -> ./x.ts).
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      },
      module: {
        rules: [
          swcRule(/\.ts$/, false),
          swcRule(/\.tsx$/, true),
          {
            // Lets an unused Chakra default theme (every component's recipes) be dropped.
            test: /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]index\.js$/,
            loader: require.resolve('./pureChakraTheme.cjs'),
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
        new FederationWebpackPlugin(appDir),
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          ...(exposes ? { exposes } : {}),
          // No remote is compiled into the shell: it registers them at run time from GET /api/remotes.
          remotes: {},
          shared: sharedSingletons(appDir, pkg.dependencies ?? {}),
          // A shared module already loaded (the shell's) is used as is: 'version-first' would fetch
          // every registered remote's entry whenever a lazily loaded chunk consumes a shared module.
          shareStrategy: 'loaded-first',
          manifest: isHost ? false : { fileName: 'mf-manifest.json' },
          dts: false,
          dev: false,
          experiments: {
            ...(isHost ? { provideExternalRuntime: true } : isDev ? {} : { externalRuntime: true }),
            optimization: { target: 'web' },
          },
        }),
        ...(isDev
          ? []
          : [
              new CompressionPlugin({
                ...PRECOMPRESS,
                filename: '[path][base].gz',
                algorithm: 'gzip',
                compressionOptions: { level: zlib.constants.Z_BEST_COMPRESSION },
              }),
              new CompressionPlugin<zlib.BrotliOptions>({
                ...PRECOMPRESS,
                filename: '[path][base].br',
                algorithm: 'brotliCompress',
                compressionOptions: {
                  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
                },
              }),
            ]),
        // What the shell loads before it shows a page, for the per-route budget (budget.ts).
        ...(isHost && !isDev ? [new StartupAssetsPlugin()] : []),
        ...(withStandaloneEntry
          ? [
              new HtmlWebpackPlugin({
                template: path.join(__dirname, '..', 'index.html'),
                title,
                favicon: path.join(__dirname, '..', 'favicon.svg'),
                inject: 'body',
                scriptLoading: 'defer',
              }),
              // The typefaces' @font-face rules in the page's head, their files as hashed assets.
              new FontFacesPlugin(),
            ]
          : []),
      ],
      optimization: {
        // Module Federation needs one runtime per container; the default is right.
        moduleIds: 'deterministic',
        ...(isDev ? {} : { splitChunks: splitChunks(isHost) }),
        // SWC's minifier instead of terser's (here 2 % smaller output than terser's, and several times faster).
        // In this process: SWC minifies on libuv's threads already, so a worker process (one on two
        // cores) adds only its start and the copying of every source and map to it and back.
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, parallel: false })],
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
