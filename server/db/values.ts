/** Normalises values that the two dialects return differently (see schema.ts). */

export function toBool(value: boolean | number): boolean {
  return value === true || value === 1;
}

export function fromJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

export function toJson(value: unknown): string {
  return JSON.stringify(value);
}
