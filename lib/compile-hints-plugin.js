// @ts-check
/**
 * Marks the JavaScript files that run while a page loads with V8's explicit compile hint
 * (`//# allFunctionsCalledOnLoad`, Chromium 136 and later; other browsers read a comment). V8 then
 * compiles every function of such a file while it streams it, off the main thread, instead of one
 * by one on the main thread the first time each is called: compiling them lazily was the largest
 * share of a page's blocking time (docs/performance.md "How pages paint early").
 *
 * Hinted: every file of the app's own code and of the libraries it runs at start (React, Next's
 * runtime, the shell, pages, their screens, axios). Not hinted: the files only the wallet actions
 * load (`import()` in components/wallets/wallet-actions.ts, lib/algorand, lib/near and Pera's own),
 * large libraries most of whose functions never run. The hint goes in after minification (which
 * drops comments) and before the content hashes, so a file's name still follows its bytes.
 */
const HINT = '//# allFunctionsCalledOnLoad\n';

/** Where the wallet libraries are imported from: a chunk only such imports load stays lazy. */
const WALLET_IMPORTERS =
  /[\\/](?:components[\\/]wallets[\\/]wallet-actions\.ts|lib[\\/](?:algorand|near)[\\/]|node_modules[\\/]@perawallet[\\/])/;

class CompileHintsPlugin {
  /** @param {import('next/dist/compiled/webpack/webpack').webpack.Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'CompileHintsPlugin',
          stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 50,
        },
        () => {
          /** @param {any} group */
          const walletOnly = (group) =>
            !group.isInitial() &&
            group.origins.length > 0 &&
            group.origins.every((/** @type {any} */ origin) =>
              WALLET_IMPORTERS.test(origin.module?.nameForCondition() ?? ''),
            );
          for (const chunk of compilation.chunks) {
            if ([...chunk.groupsIterable].every(walletOnly)) continue;
            for (const file of chunk.files)
              if (file.endsWith('.js'))
                compilation.updateAsset(file, (source) => new sources.ConcatSource(HINT, source));
          }
        },
      );
    });
  }
}

module.exports = { CompileHintsPlugin, HINT };
