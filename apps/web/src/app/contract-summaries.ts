import { parseAst, type Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function* nodesOf(node: Node): Generator<Node> {
  yield node;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) yield* nodesOf(item);
    } else if (isNode(value)) yield* nodesOf(value);
  }
}

/** The `summary` values of the `defineContract({ … })` calls in a module, as [start, end). */
export function contractSummaryRanges(code: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (const node of nodesOf(parseAst(code) as unknown as Node)) {
    const callee = node.callee as Node | undefined;
    if (node.type !== 'CallExpression' || callee?.type !== 'Identifier') continue;
    if (callee.name !== 'defineContract') continue;
    const [options] = node.arguments as Node[];
    if (options?.type !== 'ObjectExpression') continue;
    for (const property of options.properties as Node[]) {
      const key = property.key as Node | undefined;
      if (property.type === 'Property' && key?.type === 'Identifier' && key.name === 'summary') {
        const value = property.value as Node;
        ranges.push([value.start, value.end]);
      }
    }
  }
  return ranges;
}

/**
 * Each contract's `summary` is the operation's line in the server's OpenAPI document; the browser
 * never reads it, yet it came with every contract a page loads. In the web build it becomes ''.
 */
export function leaveOutContractSummaries(): Plugin {
  const coreSource = /[\\/]packages[\\/]core[\\/]src[\\/].*\.ts$/;
  return {
    name: 'mergeboard-contract-summaries',
    apply: 'build',
    transform(code, id) {
      if (!coreSource.test(id) || !code.includes('defineContract(')) return null;
      let out = code;
      for (const [start, end] of contractSummaryRanges(code).reverse()) {
        out = `${out.slice(0, start)}''${out.slice(end)}`;
      }
      return out === code ? null : { code: out, map: null };
    },
  };
}
