import { cruise } from 'dependency-cruiser';
import extract from 'dependency-cruiser/config-utl/extract-depcruise-config';
const config = await extract('./.dependency-cruiser.cjs');
const r = await cruise(['core','adapters','apps','ussd','cli'], { ...config.options, ruleSet: config });
const o = r.output;
console.log(o.summary.totalCruised);
const edges = new Map();
for (const m of o.modules) for (const d of m.dependencies) {
  if (d.couldNotResolve) console.log('unresolved', m.source, d.module);
  const fromArea = m.source.split('/')[0];
  const to = d.coreModule ? 'node:' + d.module : /node_modules/.test(d.resolved) ? 'pkg:' + d.module.replace(/^(@[^/]+\/[^/]+|[^/]+).*$/, '$1') : d.resolved.split('/')[0];
  const key = fromArea + (/\.(test|fixtures)\.ts$/.test(m.source) ? '(test)' : '') + ' -> ' + to;
  if (!edges.has(key)) edges.set(key, []); edges.get(key).push(m.source);
}
for (const [k, v] of [...edges].sort()) console.log(k, v.length, k.startsWith('core') || /^(ussd|cli).*adapters|^adapters.*-> (apps|ussd|cli)/.test(k) ? v.join(' ') : '');
