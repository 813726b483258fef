/**
 * Ships only the Radix Themes rules the app can use (issue 15: render-blocking CSS ≤ 30 KB
 * gzipped). Runs after `react-router build` (react-router.config.ts, `buildEnd`) over every
 * stylesheet in the client build, so whatever CSS the app imports goes through it.
 *
 * Radix Themes names its classes `rt-…` and composes many of them at run time from a prop's
 * class name and its value (`rt-r-size` + `-` + `"2"`, `rt-variant` + `-soft`), with a breakpoint
 * prefix for responsive values (`md:rt-r-p-3` from `p={{ initial: "2", md: "3" }}`). So an
 * `rt-` class is kept when the client JavaScript can produce it:
 *   - its name appears in the JavaScript, or it is `<prefix>-<value>` (or `-<prefix>-<value>`, a
 *     negative margin) with both parts appearing there — a superset of what the app passes;
 *   - a breakpoint class `bp:…` only when the JavaScript holds a responsive object (every key a
 *     breakpoint or `initial`) with that breakpoint, set to that value (any value when it is not a
 *     literal).
 * A rule goes when none of its selectors can match; a selector can match unless it requires
 * an `rt-` class that cannot exist (classes inside `:not()` never count; `:is()`/`:where()`/
 * `:has()` need one possible branch). Classes other than `rt-…` (the app's own), element,
 * attribute and theme selectors are always kept, as are @font-face and @keyframes.
 *
 * Only the client JavaScript is read: everything the server renders, the browser hydrates from
 * the same components. A pruned file gets a new content hash in its name; every reference in the
 * client and server builds is rewritten. The stylesheets as Vite wrote them are kept, unserved, in
 * `build/unpruned-css/` (with `manifest.json`: pruned name → original name), so that an
 * end-to-end test (tests/e2e/css-pruning.spec.ts) can load every main page both ways and require
 * the same computed styles: a rule wrongly pruned fails it.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import postcss, { type Container, type Root, type Rule } from "postcss";
import selectorParser from "postcss-selector-parser";
import { parseAst } from "vite";

/** Radix Themes' breakpoints (src/props/prop-def.ts), `initial` being the base value. */
const BREAKPOINTS = new Set(["xs", "sm", "md", "lg", "xl"]);
const RESPONSIVE_KEYS = new Set([...BREAKPOINTS, "initial"]);
const ANY_VALUE = "*";

/** A breakpoint's value in a responsive object, and the class prefixes of the prop it was given to. */
type ResponsiveValue = { prefixes: string[] | null; value: string };

export type ClassUsage = {
  /** Every word of the client JavaScript, with and without `:` inside. */
  tokens: Set<string>;
  /**
   * Every word of its string literals, except the lists of allowed values in Radix prop
   * definitions (`values: ["1", "2", "3", "4"]`): a value the app passes, a default, a mapping.
   */
  strings: Set<string>;
  /** Per breakpoint, the values responsive objects give it (`*`: not a literal). */
  responsive: Map<string, ResponsiveValue[]>;
};

type AstNode = { type: string; [key: string]: unknown };
type Found = { propName: string | null; object: AstNode };

/** Reads what the client JavaScript can put in a class attribute. */
export function classUsage(scripts: string[]): ClassUsage {
  const tokens = new Set<string>();
  const strings = new Set<string>();
  const objects: Found[] = [];
  // Radix prop definitions, `size: { type: "enum", className: "rt-r-size", … }`: prop → prefixes.
  const propPrefixes = new Map<string, string[]>();
  for (const code of scripts) {
    for (const word of code.split(/[^A-Za-z0-9_-]+/)) if (word) tokens.add(word);
    for (const word of code.split(/[^A-Za-z0-9_:-]+/)) if (word) tokens.add(word);
    const program = parseAst(code) as unknown as AstNode;
    const allowedValues = propDefValueLists(program);
    visit(program, null, (node, parent) => {
      if (allowedValues.has(node)) return false;
      const literal = literalString(node);
      if (literal !== undefined) for (const word of literal.split(/\s+/)) strings.add(word);
      if (node.type !== "ObjectExpression") return true;
      const propName = parent?.type === "Property" && parent.value === node ? keyName(parent) : null;
      objects.push({ propName: propName ?? null, object: node });
      const className = (node.properties as AstNode[]).find((property) => keyName(property) === "className");
      const prefix = className && literalString(className.value as AstNode);
      if (propName && prefix) propPrefixes.set(propName, [...(propPrefixes.get(propName) ?? []), prefix]);
      return true;
    });
  }
  const responsive = new Map<string, ResponsiveValue[]>();
  for (const { propName, object } of objects) {
    const prefixes = (propName && propPrefixes.get(propName)) || null;
    for (const [breakpoint, value] of responsiveEntries(object)) {
      responsive.set(breakpoint, [...(responsive.get(breakpoint) ?? []), { prefixes, value }]);
    }
  }
  return { tokens, strings, responsive };
}

const FUNCTIONS = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"]);

/**
 * The lists of allowed values of the Radix prop definitions in a chunk:
 * `{ type: "enum", className: "rt-r-size", values: ["1", "2", "3"] }`, or `values: sizes` with
 * `const sizes = [...]` declared at the chunk's top level (prop definitions are top-level
 * constants; inside a function a name could be shadowed, so it is not resolved there).
 */
function propDefValueLists(program: AstNode): WeakSet<object> {
  const topArrays = new Map<string, AstNode>();
  for (const statement of program.body as AstNode[]) {
    if (statement.type !== "VariableDeclaration") continue;
    for (const declarator of statement.declarations as AstNode[]) {
      const id = declarator.id as AstNode;
      const init = declarator.init as AstNode | null;
      if (id.type === "Identifier" && init?.type === "ArrayExpression") topArrays.set(id.name as string, init);
    }
  }
  const lists = new WeakSet<object>();
  visit(program, null, (node) => {
    if (FUNCTIONS.has(node.type)) return false;
    if (node.type !== "ObjectExpression") return true;
    const properties = node.properties as AstNode[];
    if (!properties.some((property) => ["type", "className"].includes(keyName(property) ?? ""))) return true;
    const values = properties.find((property) => keyName(property) === "values")?.value as AstNode | undefined;
    if (values?.type === "ArrayExpression") lists.add(values);
    const declared = values?.type === "Identifier" ? topArrays.get(values.name as string) : undefined;
    if (declared) lists.add(declared);
    return true;
  });
  return lists;
}

/** Walks an ESTree; `onNode` returns false to skip a node's children. */
function visit(node: unknown, parent: AstNode | null, onNode: (node: AstNode, parent: AstNode | null) => boolean) {
  if (Array.isArray(node)) {
    for (const child of node) visit(child, parent, onNode);
    return;
  }
  if (!node || typeof node !== "object" || typeof (node as AstNode).type !== "string") return;
  if (!onNode(node as AstNode, parent)) return;
  for (const [key, child] of Object.entries(node)) {
    if (key !== "type" && child && typeof child === "object") visit(child, node as AstNode, onNode);
  }
}

/** A literal string's value (a plain string or a template without `${}`), else undefined. */
function literalString(node: AstNode): string | undefined {
  if (node.type === "Literal" && typeof node.value === "string") return node.value;
  if (node.type === "TemplateLiteral" && (node.expressions as unknown[]).length === 0) {
    return (node.quasis as { value: { cooked: string } }[])[0]?.value.cooked;
  }
  return undefined;
}

/** The name of a non-computed object property, `size` in `{ size: … }` or `{ "size": … }`. */
function keyName(property: AstNode): string | undefined {
  if (property.type !== "Property" || property.computed) return undefined;
  const key = property.key as AstNode;
  return key.type === "Identifier" ? (key.name as string) : literalString(key);
}

/** `{ initial: "2", md: "3" }` → [["md", "3"]]: only for an object whose keys are all breakpoints. */
function responsiveEntries(object: AstNode): [string, string][] {
  const entries: [string, string][] = [];
  for (const property of object.properties as AstNode[]) {
    const name = keyName(property);
    if (!name || !RESPONSIVE_KEYS.has(name)) return [];
    if (name !== "initial") entries.push([name, literalString(property.value as AstNode) ?? ANY_VALUE]);
  }
  return entries;
}

/** Whether the JavaScript can produce this Radix class (without a breakpoint prefix). */
function canProduce(name: string, { tokens, strings }: ClassUsage): boolean {
  if (tokens.has(name)) return true;
  // A negative margin, `-rt-r-mt-3`, comes from the value "-3".
  const negative = name.startsWith("-");
  const positive = negative ? name.slice(1) : name;
  // `<prefix>-<value>`, the prefix itself an `rt-` class name ("rt-variant", "rt-r-size").
  for (let dash = positive.indexOf("-", 3); dash !== -1; dash = positive.indexOf("-", dash + 1)) {
    const prefix = positive.slice(0, dash);
    const value = positive.slice(dash + 1);
    if (value && tokens.has(prefix) && strings.has(negative ? `-${value}` : value)) return true;
  }
  return false;
}

/** Whether an element can carry `className` at run time. Only `rt-` classes are judged. */
export function classPossible(className: string, usage: ClassUsage): boolean {
  if (usage.tokens.has(className)) return true;
  const colon = className.indexOf(":");
  const breakpoint = colon === -1 ? null : className.slice(0, colon);
  const name = breakpoint && BREAKPOINTS.has(breakpoint) ? className.slice(colon + 1) : className;
  if (!/^-?rt-/.test(name)) return true;
  if (!canProduce(name, usage)) return false;
  if (name === className) return true;
  const positive = name.replace(/^-/, "");
  return (usage.responsive.get(breakpoint!) ?? []).some((given) => responsiveMatch(positive, given, usage));
}

/**
 * Whether `bp:name` can come from this responsive value: `name` is the prop's prefix with the
 * value (`rt-r-size-3`), or the bare prefix (an arbitrary value: `rt-r-w` with `--width-md`). A
 * word value may be mapped first (`between` → `rt-r-jc-space-between`), so a word keeps every
 * class of the prop's prefix; a value that is not a literal keeps every class.
 */
function responsiveMatch(name: string, { prefixes, value }: ResponsiveValue, usage: ClassUsage): boolean {
  const wanted = value.replace(/^-/, "");
  if (!prefixes) return value === ANY_VALUE || name.endsWith(`-${wanted}`) || usage.tokens.has(name);
  return prefixes.some((prefix) => {
    if (name === prefix) return true;
    if (!name.startsWith(`${prefix}-`)) return false;
    const suffix = name.slice(prefix.length + 1);
    return value === ANY_VALUE || !/^\d+$/.test(wanted) || suffix === wanted;
  });
}

const BRANCHING = new Set([":is", ":where", ":has", ":matches", ":-webkit-any"]);

/** Whether a parsed selector (or a container of selectors) can match. */
function selectorPossible(selector: selectorParser.Selector, usage: ClassUsage): boolean {
  for (const node of selector.nodes) {
    if (node.type === "class" && !classPossible(node.value, usage)) return false;
    if (node.type === "pseudo" && BRANCHING.has(node.value.toLowerCase()) && node.nodes.length > 0) {
      if (!node.nodes.some((branch) => selectorPossible(branch, usage))) return false;
    }
  }
  return true;
}

function pruneRule(rule: Rule, usage: ClassUsage) {
  const kept = rule.selectors.filter((selector) =>
    selectorParser((root) => root.nodes.every((one) => selectorPossible(one, usage))).transformSync(selector),
  );
  if (kept.length === 0) rule.remove();
  else if (kept.length < rule.selectors.length) rule.selectors = kept;
}

function pruneContainer(container: Container, usage: ClassUsage) {
  container.each((node) => {
    if (node.type === "rule") {
      // Keyframe steps (`from`, `50%`) are rules too; only a rule holding classes is judged.
      if (node.selector.includes(".")) pruneRule(node, usage);
      // A rule left without declarations (its custom properties were never read) goes too.
      if (node.parent && node.nodes.length === 0) node.remove();
    } else if (node.type === "atrule" && node.nodes && !/keyframes$/i.test(node.name)) {
      pruneContainer(node, usage);
      if (node.nodes.length === 0) node.remove();
    }
  });
}

/**
 * Drops the custom properties nothing reads — no `var()` left in any of the stylesheets, no
 * mention in the JavaScript (inline styles) — until none is left: a colour scale's step the
 * kept rules never use, then the steps only it referred to.
 */
function dropUnreadCustomProperties(roots: Root[], usage: ClassUsage) {
  for (let removed = true; removed; ) {
    removed = false;
    const read = new Set<string>();
    for (const root of roots) {
      root.walkDecls((declaration) => {
        for (const match of declaration.value.matchAll(/var\(\s*(--[A-Za-z0-9_-]+)/g)) read.add(match[1]!);
      });
    }
    for (const root of roots) {
      root.walkDecls(/^--/, (declaration) => {
        if (read.has(declaration.prop) || usage.tokens.has(declaration.prop)) return;
        const parent = declaration.parent;
        declaration.remove();
        removed = true;
        if (parent?.type === "rule" && parent.nodes?.length === 0) parent.remove();
      });
    }
  }
  for (const root of roots) pruneContainer(root, usage);
}

/** The stylesheets without the rules no element of the app can match and the custom properties nothing reads. */
export function pruneStylesheets(sheets: string[], usage: ClassUsage): string[] {
  const roots = sheets.map((css) => postcss.parse(css));
  for (const root of roots) pruneContainer(root, usage);
  dropUnreadCustomProperties(roots, usage);
  return roots.map((root) => root.toResult().css);
}

export const pruneCss = (css: string, usage: ClassUsage) => pruneStylesheets([css], usage)[0]!;

function filesUnder(folder: string, extensions: RegExp): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .map((name) => path.join(folder, name))
    .filter((file) => extensions.test(file) && statSync(file).isFile());
}

/** `radix-YZEfiwQf.css` → `radix-<hash of the new content>.css`, the way Vite names assets. */
function hashedName(fileName: string, content: string): string {
  const hash = createHash("sha256").update(content).digest("base64url").slice(0, 8);
  const match = /^(.*)-[A-Za-z0-9_-]{8}\.css$/.exec(fileName);
  return `${match ? match[1] : fileName.replace(/\.css$/, "")}-${hash}.css`;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipped = (text: string) => gzipSync(text, { level: 9 }).length;

/** Where the stylesheets as Vite wrote them are kept, and the manifest naming them. */
export const UNPRUNED_FOLDER = "unpruned-css";
export const UNPRUNED_MANIFEST = "manifest.json";

/** Prunes every stylesheet of the client build in `buildDirectory`; logs what each weighs. */
export function pruneBuiltCss(buildDirectory: string, log: (line: string) => void = console.log) {
  const client = path.join(buildDirectory, "client");
  const server = path.join(buildDirectory, "server");
  const unpruned = path.join(buildDirectory, UNPRUNED_FOLDER);
  rmSync(unpruned, { recursive: true, force: true });
  mkdirSync(unpruned, { recursive: true });
  const usage = classUsage(filesUnder(client, /\.m?js$/).map((file) => readFileSync(file, "utf8")));
  const renamed = new Map<string, string>();
  const files = filesUnder(path.join(client, "assets"), /\.css$/);
  const sheets = files.map((file) => readFileSync(file, "utf8"));
  const pruned = pruneStylesheets(sheets, usage);
  for (const [index, file] of files.entries()) {
    const before = sheets[index]!;
    const after = pruned[index]!;
    if (after === before) continue;
    const oldName = path.basename(file);
    const newName = hashedName(oldName, after);
    renamed.set(oldName, newName);
    writeFileSync(path.join(unpruned, oldName), before);
    log(`pruned ${oldName} → ${newName}: ${kb(gzipped(before))} → ${kb(gzipped(after))} gzipped`);
    for (const copy of [file, path.join(server, "assets", oldName)]) {
      rmSync(copy, { force: true });
      writeFileSync(path.join(path.dirname(copy), newName), after);
    }
  }
  writeFileSync(path.join(unpruned, UNPRUNED_MANIFEST), JSON.stringify(Object.fromEntries([...renamed].map(([from, to]) => [to, from])), null, 2));
  if (renamed.size === 0) return;
  for (const file of [...filesUnder(client, /\.(m?js|json|html)$/), ...filesUnder(server, /\.(m?js|json|map)$/)]) {
    const text = readFileSync(file, "utf8");
    let rewritten = text;
    for (const [oldName, newName] of renamed) rewritten = rewritten.replaceAll(oldName, newName);
    if (rewritten !== text) writeFileSync(file, rewritten);
  }
}
