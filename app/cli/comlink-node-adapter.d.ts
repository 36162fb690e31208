// comlink ships its Node adapter as node-adapter.mjs with types in node-adapter.d.ts; Node's ESM resolver needs the
// file's full name, so this gives that name the package's own types.
declare module "comlink/dist/esm/node-adapter.mjs" {
  export { default } from "comlink/dist/esm/node-adapter";
}
