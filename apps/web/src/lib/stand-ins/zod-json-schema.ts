/**
 * Stands in for zod's JSON Schema generation where zod's schema classes import it (vite.config.ts):
 * every schema carries toJSONSchema() and the JSON Schema parts of `~standard`, so the generator
 * (about 6 kB gzip) came with every first load, though only the server makes JSON Schema (its
 * OpenAPI document). In the web build these throw if ever called.
 */
function unavailable(): never {
  throw new Error('zod JSON Schema generation is left out of the web build (vite.config.ts)');
}

/** Used at schema creation for `~standard.jsonSchema`; only calling the result throws. */
export const createStandardJSONSchemaMethod = () => unavailable;
export const createToJSONSchemaMethod = () => unavailable;

export const aggregateChecks = unavailable;
export const anyProcessor = unavailable;
export const arrayProcessor = unavailable;
export const bigintProcessor = unavailable;
export const booleanProcessor = unavailable;
export const catchProcessor = unavailable;
export const customProcessor = unavailable;
export const dateProcessor = unavailable;
export const defaultProcessor = unavailable;
export const enumProcessor = unavailable;
export const fileProcessor = unavailable;
export const functionProcessor = unavailable;
export const intersectionProcessor = unavailable;
export const lazyProcessor = unavailable;
export const literalProcessor = unavailable;
export const mapProcessor = unavailable;
export const nanProcessor = unavailable;
export const neverProcessor = unavailable;
export const nonoptionalProcessor = unavailable;
export const nullProcessor = unavailable;
export const nullableProcessor = unavailable;
export const numberProcessor = unavailable;
export const objectProcessor = unavailable;
export const optionalProcessor = unavailable;
export const pipeProcessor = unavailable;
export const prefaultProcessor = unavailable;
export const promiseProcessor = unavailable;
export const readonlyProcessor = unavailable;
export const recordProcessor = unavailable;
export const setProcessor = unavailable;
export const stringProcessor = unavailable;
export const successProcessor = unavailable;
export const symbolProcessor = unavailable;
export const templateLiteralProcessor = unavailable;
export const transformProcessor = unavailable;
export const tupleProcessor = unavailable;
export const undefinedProcessor = unavailable;
export const unionProcessor = unavailable;
export const unknownProcessor = unavailable;
export const voidProcessor = unavailable;
