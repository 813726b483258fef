/**
 * Lets a bench running in plain Node import app modules the way the app's bundler resolves
 * them: `~/…` is app/, and extensionless paths inside app/ are TypeScript files.
 */
import { existsSync } from "node:fs";
import { registerHooks } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const appRoot = path.resolve(import.meta.dirname, "../../app");
let registered = false;

/** The file an extensionless app path names: `x.ts`, `x.tsx` or `x/index.ts`. */
function appFile(base: string): string | null {
  return [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find((file) => existsSync(file)) ?? null;
}

export function resolveAppImports() {
  if (registered) return;
  registered = true;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      let base: string | null = null;
      if (specifier.startsWith("~/")) base = path.join(appRoot, specifier.slice(2));
      else if (specifier.startsWith(".") && !path.extname(specifier) && context.parentURL?.startsWith("file:")) {
        const parent = fileURLToPath(context.parentURL);
        if (parent.startsWith(appRoot + path.sep)) base = path.resolve(path.dirname(parent), specifier);
      }
      const file = base && appFile(base);
      return nextResolve(file ? pathToFileURL(file).href : specifier, context);
    },
  });
}
