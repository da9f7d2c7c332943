import { METHOD_NAME_ALL, UnsupportedPathError, type ParamIndexMap, type Result, type Router } from "hono/router";

/**
 * Hono router for the Service API's route table: literal segments, `:name` segments, and a `*` as
 * the last segment (the global middlewares). It answers as hono's TrieRouter does — every route
 * whose pattern matches, handlers in the order they were added — but a TrieRouter rebuilds that
 * list and its params objects on every match (~10 µs a request under load, 4 % of a read). Here the
 * list is built once per set of matching routes and kept; params are indexes into the path's
 * segments (hono's param-stash form), so a match allocates little more than the split path.
 * Other patterns (optional or regex params, inner wildcards) throw UnsupportedPathError, so
 * hono's SmartRouter falls back to the TrieRouter behind it.
 */
export class SegmentRouter<T> implements Router<T> {
  name = "SegmentRouter";
  readonly #root = newNode<T>();
  readonly #matched = new Map<string, [T, ParamIndexMap][]>();
  #nextTerminalId = 0;
  #nextScore = 0;

  add(method: string, path: string, handler: T): void {
    const segments = path.split("/");
    if (segments[0] !== "") throw new UnsupportedPathError(path);
    const params: ParamIndexMap = {};
    let node = this.#root;
    for (let i = 1; i < segments.length; i++) {
      const segment = segments[i]!;
      if (segment === "*" && i === segments.length - 1) {
        node.wildcard ??= this.#terminal();
        node.wildcard.entries.push({ method, handler, params, score: this.#nextScore++ });
        return;
      }
      if (/^:\w+$/.test(segment)) {
        params[segment.slice(1)] = i;
        node = node.param ??= newNode();
      } else if (/^[\w.~-]*$/.test(segment)) {
        node = node.literal.get(segment) ?? node.literal.set(segment, newNode()).get(segment)!;
      } else throw new UnsupportedPathError(path);
    }
    node.terminal ??= this.#terminal();
    node.terminal.entries.push({ method, handler, params, score: this.#nextScore++ });
  }

  match(method: string, path: string): Result<T> {
    const segments = path.split("/");
    const found: Terminal<T>[] = [];
    if (segments[0] === "") collect(this.#root, segments, 1, found);
    let key = method;
    for (const terminal of found) key += `,${terminal.id}`;
    let handlers = this.#matched.get(key);
    if (!handlers) {
      handlers = found
        .flatMap((terminal) => terminal.entries.filter((e) => e.method === method || e.method === METHOD_NAME_ALL))
        .sort((a, b) => a.score - b.score)
        .map((e) => [e.handler, e.params]);
      this.#matched.set(key, handlers);
    }
    return [handlers, segments];
  }

  #terminal(): Terminal<T> {
    return { id: this.#nextTerminalId++, entries: [] };
  }
}

interface Terminal<T> {
  id: number;
  entries: { method: string; handler: T; params: ParamIndexMap; score: number }[];
}

interface Node<T> {
  literal: Map<string, Node<T>>;
  param?: Node<T>;
  /** `…/*`: matches this node's path and everything beneath it. */
  wildcard?: Terminal<T>;
  terminal?: Terminal<T>;
}

function newNode<T>(): Node<T> {
  return { literal: new Map() };
}

/** Every route matching segments[i…] from `node`: literal children and `:param` (never empty) alike. */
function collect<T>(node: Node<T>, segments: string[], i: number, found: Terminal<T>[]): void {
  if (node.wildcard) found.push(node.wildcard);
  if (i === segments.length) {
    if (node.terminal) found.push(node.terminal);
    return;
  }
  const segment = segments[i]!;
  const literal = node.literal.get(segment);
  if (literal) collect(literal, segments, i + 1, found);
  if (node.param && segment !== "") collect(node.param, segments, i + 1, found);
}
