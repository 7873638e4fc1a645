/** Types of scripts/node-runtime.mjs for the TypeScript that provisions other Node lines. */
export function provisionNode(line?: string): string;
export function envFor(binary: string, env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
