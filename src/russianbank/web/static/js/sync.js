// sync.js: turns the server's message stream into full states (a pure module: no DOM, no I/O).
//
// After join the server sends one full state, {"type": "state", "rev": R, ...}, then changes as
// deltas, {"type": "delta", "base": R, "rev": R + 1, "ops": [...]}. A delta applies only to the
// state with rev === base; otherwise (a message missed, a delta that does not fit) the page must
// ask for the full state again ({"type": "sync"}). The operations are those of
// russianbank/web/delta.py: ["set", path, value], ["del", path], ["append", path, items],
// ["trunc", path, length]; a path is a list of keys and indices from the top of the state.
//
// Applying never changes a state already handed out: the containers along each path are copied,
// everything else is shared, so a page may compare the previous state with the new one.

export class DeltaError extends Error {}

function copyOf(node) {
  if (Array.isArray(node)) return node.slice();
  if (node !== null && typeof node === "object") return { ...node };
  throw new DeltaError("not a container");
}

function has(node, key) {
  if (Array.isArray(node)) return Number.isInteger(key) && key >= 0 && key < node.length;
  return node !== null && typeof node === "object" && typeof key === "string" && Object.hasOwn(node, key);
}

function clone(value) {
  return value === null || typeof value !== "object" ? value : JSON.parse(JSON.stringify(value));
}

// One operation on `root`, copying the containers along its path; returns the new root.
function applyOne(root, op) {
  if (!Array.isArray(op) || op.length < 2 || !Array.isArray(op[1])) throw new DeltaError("bad operation");
  const [kind, path, arg] = op;
  if (path.length === 0) {
    if (kind === "set") return clone(arg);
  }
  const top = copyOf(root);
  let node = top;
  const last = path.length - 1;
  const depth = kind === "set" || kind === "del" ? last : path.length;
  for (let i = 0; i < depth; i++) {
    const key = path[i];
    if (!has(node, key)) throw new DeltaError(`no ${JSON.stringify(key)} here`);
    node[key] = copyOf(node[key]);
    node = node[key];
  }
  if (kind === "set") {
    const key = path[last];
    if (Array.isArray(node) ? !has(node, key) : typeof key !== "string") throw new DeltaError("cannot set here");
    node[key] = clone(arg);
  } else if (kind === "del") {
    const key = path[last];
    if (Array.isArray(node) || !has(node, key)) throw new DeltaError("nothing to delete");
    delete node[key];
  } else if (kind === "append" && Array.isArray(node) && Array.isArray(arg)) {
    for (const item of arg) node.push(clone(item));
  } else if (kind === "trunc" && Array.isArray(node) && Number.isInteger(arg) && arg >= 0 && arg <= node.length) {
    node.length = arg;
  } else {
    throw new DeltaError("bad operation");
  }
  return path.length === 0 ? node : top;
}

// The state with the operations applied (a new object; `state` is not changed).
export function applyDelta(state, ops) {
  if (!Array.isArray(ops)) throw new DeltaError("ops must be a list");
  let out = state;
  for (const op of ops) out = applyOne(out, op);
  return out;
}

// The state part of a full state message (without "type", "rev" and what it tells, "events").
function body(message) {
  const { type: _type, rev: _rev, events: _events, ...rest } = message;
  return rest;
}

// One connection's view of the stream. receive(message) answers:
//   {kind: "state", state, events} a full state, shaped like the server's "state" message, and
//                            what the message tells this seat (the session's events, each with
//                            its catalogue message), [] if nothing
//   {kind: "resync"}         ask the server for the full state ({"type": "sync"}) and wait
//   {kind: "other", message} not about the state (errors, hints, notices, "events", pong): as it came
export class StateSync {
  constructor() {
    this.reset();
  }

  // Forget the state (a new connection starts from the full state its join brings).
  reset() {
    this.state = null;
    this.rev = null;
  }

  // The current full state, shaped like a "state" message, or null.
  current() {
    return this.state === null ? null : { type: "state", rev: this.rev, ...this.state };
  }

  receive(message) {
    if (message === null || typeof message !== "object") return { kind: "other", message };
    if (message.type === "state") {
      this.state = body(message);
      this.rev = message.rev;
      return { kind: "state", state: this.current(), events: message.events || [] };
    }
    if (message.type !== "delta") return { kind: "other", message };
    if (this.state === null || message.base !== this.rev) {
      this.reset();
      return { kind: "resync" };
    }
    try {
      this.state = applyDelta(this.state, message.ops);
    } catch (e) {
      if (!(e instanceof DeltaError)) throw e;
      this.reset();
      return { kind: "resync" };
    }
    this.rev = message.rev;
    return { kind: "state", state: this.current(), events: message.events || [] };
  }
}
