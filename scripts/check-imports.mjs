/**
 * Import rules (docs/ARCHITECTURE.md, "Layers and import rules"), run by `npm run lint`:
 * 1. dependency-cruiser with .dependency-cruiser.cjs (layering, no foreign routes, no module cycles);
 * 2. no dependency cycle between units: each feature folder (api/src/features/<x>, web/src/features/<x>)
 *    and each top-level folder (api/src/db, web/src/crypto, shared, sw...) is one unit, production code
 *    only (tests may import across units to build their fixtures). dependency-cruiser's own folder scope
 *    would also flag a feature's page importing its components and back, which is fine inside one unit.
 */
import { execFileSync } from 'node:child_process';

const SOURCES = ['api', 'shared', 'web', 'sw'];
const TEST_FILES =
  '(\\.test\\.tsx?|test-support\\.tsx?|test-utils\\.tsx?|test-helpers\\.tsx?|test-factories\\.ts|(^|/)(dist|\\.tmp|node_modules)/)';
const UNIT = '^(api/src/features/[^/]+|api/src/[^/]+|web/src/features/[^/]+|web/src/[^/]+|shared|sw)/';
const depcruise = [
  'node_modules/dependency-cruiser/bin/dependency-cruise.mjs',
  ...SOURCES,
  '--config',
  '.dependency-cruiser.cjs',
];

let failed = false;
try {
  execFileSync('node', [...depcruise, '--output-type', 'err'], { stdio: 'inherit' });
} catch {
  failed = true;
}

const cruised = JSON.parse(
  execFileSync('node', [...depcruise, '--exclude', TEST_FILES, '--output-type', 'json'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  }),
);
const unitOf = (file) => file.match(UNIT)?.[0] ?? file;

/**
 * unit -> units it imports at run time. Built from module-level edges (not a collapsed graph, which
 * can merge a type-only and a run-time import into one edge): type-only imports vanish at build and
 * cannot form a run-time loop.
 */
const graph = new Map();
for (const module of cruised.modules) {
  if (module.source.includes('node_modules')) continue;
  const from = unitOf(module.source);
  if (!graph.has(from)) graph.set(from, new Set());
  for (const dependency of module.dependencies) {
    if (dependency.coreModule || dependency.resolved.includes('node_modules')) continue;
    if (dependency.dependencyTypes.includes('type-only')) continue;
    const to = unitOf(dependency.resolved);
    if (to !== from) graph.get(from).add(to);
  }
}

// Tarjan's strongly connected components: every component with more than one unit is a loop.
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const loops = [];
function visit(unit) {
  index.set(unit, counter);
  low.set(unit, counter);
  counter += 1;
  stack.push(unit);
  onStack.add(unit);
  for (const next of graph.get(unit) ?? []) {
    if (!index.has(next)) {
      visit(next);
      low.set(unit, Math.min(low.get(unit), low.get(next)));
    } else if (onStack.has(next)) {
      low.set(unit, Math.min(low.get(unit), index.get(next)));
    }
  }
  if (low.get(unit) === index.get(unit)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== unit);
    if (component.length > 1) loops.push(component);
  }
}
for (const unit of graph.keys()) if (!index.has(unit)) visit(unit);

for (const loop of loops) {
  failed = true;
  console.error(`\n  error no-unit-cycles: ${loop.join(' ⇄ ')}`);
  for (const from of loop) {
    for (const to of graph.get(from) ?? []) if (loop.includes(to)) console.error(`      ${from} → ${to}`);
  }
}
if (loops.length === 0) console.log('✔ no dependency cycles between feature and layer folders');
process.exit(failed ? 1 : 0);
