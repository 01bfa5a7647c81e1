import path from 'node:path';

/**
 * The web client's layers (docs/decisions/070-web-client-by-feature.md): app/ wires everything; core/
 * knows no feature; ui/ knows neither core nor features; a feature reaches another only through
 * that feature's index.ts; and only the entry (index.html) reaches app/. Every relative import of a
 * file under web/ is resolved against the file's folder and both ends classified by folder.
 */

/** The layer of a path relative to the repository: app, core, ui, a feature, or none (web/test, web/public, outside web/). */
function layerOf(relative) {
  const parts = relative.split(path.sep);
  if (parts[0] !== 'web') return undefined;
  if (parts[1] === 'app' || parts[1] === 'core' || parts[1] === 'ui') return { kind: parts[1] };
  if (parts[1] === 'features' && parts.length > 3) return { kind: 'feature', name: parts[2], rest: parts.slice(3).join('/') };
  return undefined;
}

function problem(from, to) {
  if (to.kind === 'app' && from.kind !== 'app') return 'app';
  if (from.kind === 'core' && to.kind === 'feature') return 'coreToFeature';
  if (from.kind === 'ui' && (to.kind === 'core' || to.kind === 'feature')) return 'uiToInner';
  if (from.kind === 'feature' && to.kind === 'feature' && from.name !== to.name && to.rest !== 'index.ts') return 'featureInside';
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const webBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps the imports of the web client between its layers and features one way.' },
    schema: [],
    messages: {
      app: 'Only the entry (web/index.html) imports web/app/: {{target}}.',
      coreToFeature: 'web/core/ imports no feature: {{target}}. Let the feature register with core instead.',
      uiToInner: 'web/ui/ imports neither core nor features: {{target}}. A component with state belongs to its feature or core.',
      featureInside: "A feature imports another feature only through its index.ts: {{target}}.",
    },
  },
  create(context) {
    const cwd = context.cwd;
    const from = layerOf(path.relative(cwd, context.filename));
    if (!from) return {};
    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.relative(cwd, path.resolve(path.dirname(context.filename), source.value));
      const to = layerOf(target);
      const messageId = to && problem(from, to);
      if (messageId) context.report({ node: source, messageId, data: { target: target.split(path.sep).join('/') } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { 'web-boundaries': webBoundaries } };
