// The browser's stand-in for hoist-non-react-statics (next.config.js aliases it): next-i18next's
// appWithTranslation is its only user in the browser, to copy the app's own statics onto its
// wrapper. The package and the react-is it brings weigh about 1.2 KB gzipped on every page's
// first load (docs/performance.md "Budgets"); this copies the same properties: the component's
// own, minus those React and functions define.
const SKIP = new Set([
  // React's own
  'childContextTypes',
  'contextType',
  'contextTypes',
  'defaultProps',
  'displayName',
  'getDefaultProps',
  'getDerivedStateFromError',
  'getDerivedStateFromProps',
  'mixins',
  'propTypes',
  'type',
  'compare',
  'render',
  '$$typeof',
  // a function's own
  'name',
  'length',
  'prototype',
  'caller',
  'callee',
  'arguments',
  'arity',
]);

module.exports = function hoistNonReactStatics(target, source) {
  if (typeof source === 'string') return target;
  const proto = Object.getPrototypeOf(source);
  if (proto && proto !== Object.prototype && proto !== Function.prototype)
    hoistNonReactStatics(target, proto);
  for (const key of [
    ...Object.getOwnPropertyNames(source),
    ...Object.getOwnPropertySymbols(source),
  ]) {
    if (SKIP.has(key)) continue;
    try {
      Object.defineProperty(target, key, Object.getOwnPropertyDescriptor(source, key));
    } catch {
      // a property the target does not let be redefined stays the target's, as in the package
    }
  }
  return target;
};
