/**
 * A bad setting: the start stops with this one line, which names the variable (or file) and what
 * is wrong with it. Features throw it from their own configuration modules (`*.config.ts`).
 */
export class ConfigError extends Error {}

/** Throws the ConfigError that names `variable`. */
export function refuseSetting(variable: string, message: string): never {
  throw new ConfigError(`Invalid ${variable}: ${message}`);
}
