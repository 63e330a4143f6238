/**
 * Hand-written look-alikes of a schema: an `interface` or an object `type`
 * whose property names are exactly those of a valibot object schema
 * (`v.object`, `v.strictObject`, `v.looseObject`). Such a type says by hand
 * what the schema already says, and the two drift apart; the type should be
 * `v.InferOutput<typeof Schema>` (or a `Pick`/`Omit` of one).
 *
 * Read from the syntax alone, with the TypeScript compiler's parser: a
 * schema's keys are its object literal's, with `...Other.entries` and
 * `...fields` spreads followed by name across the checked files (a name two
 * files define differently is not followed). An interface that `extends`
 * another is compared with its inherited names included, the same way. Sets
 * of fewer than MIN_PROPERTIES names are not compared: `{ id, name }` is
 * everywhere and says nothing.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';
import { isGenerated } from './file-length';

/** Below this many properties, two shapes alike are a coincidence. */
export const MIN_PROPERTIES = 3;

const SCHEMA_CALLS = new Set(['object', 'strictObject', 'looseObject']);

export interface LookAlike {
  /** `file:line name` of the hand-written type. */
  type: string;
  /** `file:line name` of the schema it repeats. */
  schema: string;
  properties: string[];
}

/** A definition whose names may be spread: an object literal's or a schema's keys, still unresolved. */
interface Shape {
  where: string;
  /** The names written out. */
  names: string[];
  /** The names spread in (`...fields`, `...Schema.entries`) or inherited (`extends Base`). */
  spreads: string[];
}

export function findLookAlikes(root: string, files: string[]): LookAlike[] {
  const schemas = new Map<string, Shape>();
  const objects = new Map<string, Shape | null>();
  const types: (Shape & { name: string })[] = [];
  const typeShapes = new Map<string, Shape | null>();
  const remember = (map: Map<string, Shape | null>, name: string, shape: Shape) => map.set(name, map.has(name) ? null : shape);

  for (const file of files) {
    const text = readFileSync(resolve(root, file), 'utf8');
    // A generated file (the API client's types) repeats the description by design.
    if (isGenerated(text)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const where = (node: ts.Node, name: string) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1} ${name}`;
    const visit = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        const name = node.name.text;
        const literal = objectLiteralOf(node.initializer);
        if (literal) remember(objects, name, { where: where(node, name), ...literalNames(literal) });
        const schema = schemaObjectOf(node.initializer);
        if (schema) schemas.set(`${file} ${name}`, { where: where(node, name), ...literalNames(schema) });
      }
      if (ts.isInterfaceDeclaration(node)) {
        const shape = { where: where(node, node.name.text), ...memberNames(node.members) };
        for (const clause of node.heritageClauses ?? []) for (const base of clause.types) shape.spreads.push(`type:${base.expression.getText(source)}`);
        types.push({ name: node.name.text, ...shape });
        remember(typeShapes, node.name.text, shape);
      }
      if (ts.isTypeAliasDeclaration(node) && ts.isTypeLiteralNode(node.type)) {
        const shape = { where: where(node, node.name.text), ...memberNames(node.type.members) };
        types.push({ name: node.name.text, ...shape });
        remember(typeShapes, node.name.text, shape);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }

  const schemaByName = new Map<string, Shape | null>();
  for (const [key, shape] of schemas) remember(schemaByName, key.split(' ')[1]!, shape);
  /** Every name of a shape, its spreads followed; undefined when a spread cannot be followed. */
  const resolveNames = (shape: Shape, seen = new Set<Shape>()): Set<string> | undefined => {
    if (seen.has(shape)) return undefined;
    seen.add(shape);
    const names = new Set(shape.names);
    for (const spread of shape.spreads) {
      const from = spread.startsWith('type:')
        ? typeShapes.get(spread.slice(5))
        : spread.endsWith('.entries')
          ? schemaByName.get(spread.slice(0, -'.entries'.length))
          : objects.get(spread);
      if (!from) return undefined;
      const inner = resolveNames(from, seen);
      if (!inner) return undefined;
      inner.forEach((n) => names.add(n));
    }
    return names;
  };
  const key = (names: Set<string>) => [...names].sort().join(',');
  const schemaKeys = new Map<string, Shape>();
  for (const shape of schemas.values()) {
    const names = resolveNames(shape);
    if (names && names.size >= MIN_PROPERTIES && !schemaKeys.has(key(names))) schemaKeys.set(key(names), shape);
  }
  const found: LookAlike[] = [];
  for (const type of types) {
    const names = resolveNames(type);
    if (!names || names.size < MIN_PROPERTIES) continue;
    const schema = schemaKeys.get(key(names));
    if (schema) found.push({ type: type.where, schema: schema.where, properties: [...names].sort() });
  }
  return found.sort((a, b) => a.type.localeCompare(b.type));
}

/** `{…}` itself, or `{…}` behind `as const` / `satisfies`. */
function objectLiteralOf(node: ts.Expression): ts.ObjectLiteralExpression | undefined {
  if (ts.isObjectLiteralExpression(node)) return node;
  if (ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)) return objectLiteralOf(node.expression);
  return undefined;
}

/** The object literal of the outermost `v.object({…})`-like call in a schema's definition (through `v.pipe` and `named(…)`). */
function schemaObjectOf(node: ts.Expression): ts.ObjectLiteralExpression | undefined {
  if (!ts.isCallExpression(node)) return undefined;
  const callee = node.expression;
  if (ts.isPropertyAccessExpression(callee) && SCHEMA_CALLS.has(callee.name.text)) {
    const first = node.arguments[0];
    return first && ts.isObjectLiteralExpression(first) ? first : undefined;
  }
  for (const argument of node.arguments) {
    const found = schemaObjectOf(argument);
    if (found) return found;
  }
  return undefined;
}

function literalNames(literal: ts.ObjectLiteralExpression): { names: string[]; spreads: string[] } {
  const names: string[] = [];
  const spreads: string[] = [];
  for (const property of literal.properties) {
    if (ts.isSpreadAssignment(property)) spreads.push(property.expression.getText());
    else if (property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) names.push(property.name.text);
    else spreads.push('?');
  }
  return { names, spreads };
}

function memberNames(members: ts.NodeArray<ts.TypeElement>): { names: string[]; spreads: string[] } {
  const names: string[] = [];
  const spreads: string[] = [];
  for (const member of members) {
    if ((ts.isPropertySignature(member) || ts.isMethodSignature(member)) && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))) {
      names.push(member.name.text);
    } else spreads.push('?');
  }
  return { names, spreads };
}
